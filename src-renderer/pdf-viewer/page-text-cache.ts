import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { TextContent } from 'pdfjs-dist/types/src/display/api';
import { pageTextFromItems, type PageText } from './pdf-search';

export interface PageTextEntry {
  /** What the text layer is built from (so its spans line up with the search's text items). */
  content: TextContent;
  text: PageText;
}

/**
 * Each page's text content, fetched from the worker once per document and shared by the text layer
 * and the search: pdf.js creates one text-layer span per text item, in order, so a match's item
 * index is the index of the span to highlight.
 */
export class PageTextCache {
  readonly #doc: PDFDocumentProxy;
  readonly #pages = new Map<number, Promise<PageTextEntry>>();

  constructor(doc: PDFDocumentProxy) {
    this.#doc = doc;
  }

  get(pageNumber: number): Promise<PageTextEntry> {
    let entry = this.#pages.get(pageNumber);
    if (!entry) {
      entry = this.#load(pageNumber);
      // A failure is not cached: the next ask tries again.
      entry.catch(() => this.#pages.delete(pageNumber));
      this.#pages.set(pageNumber, entry);
    }
    return entry;
  }

  async #load(pageNumber: number): Promise<PageTextEntry> {
    const page = await this.#doc.getPage(pageNumber);
    const content = await page.getTextContent();
    const strings = content.items.flatMap((item) => ('str' in item ? [item.str] : []));
    return { content, text: pageTextFromItems(strings) };
  }
}
