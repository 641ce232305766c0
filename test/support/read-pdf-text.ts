/**
 * Reads a PDF back with pdf.js (the legacy build, which runs in Node) so tests can assert on what a
 * person would see: page count, each page's extractable text, link annotations and the document info.
 */

export interface PdfReadback {
  pageCount: number;
  /** Each page's text items joined by spaces, whitespace (including no-break spaces) collapsed. */
  pages: string[];
  /** All pages joined. */
  text: string;
  /** URLs of link annotations, per page. */
  links: string[][];
  info: Record<string, unknown>;
}

interface TextItemLike {
  str?: string;
}
interface PageLike {
  getTextContent(): Promise<{ items: TextItemLike[] }>;
  getAnnotations(): Promise<{ subtype?: string; url?: string }[]>;
}
interface DocumentLike {
  numPages: number;
  getPage(n: number): Promise<PageLike>;
  getMetadata(): Promise<{ info: unknown }>;
}
interface PdfJsLike {
  getDocument(source: Record<string, unknown>): { promise: Promise<DocumentLike>; destroy(): Promise<void> };
}

/** Collapses runs of whitespace (pdf.js splits text into items; money may hold no-break spaces). */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * pdfjs-dist 6 declares Node >= 22.13; on Node 20 its legacy build polyfills everything it uses except
 * `Promise.withResolvers` (Node 22+). Install a spec-shaped stand-in for the tests, only when missing.
 */
function ensurePromiseWithResolvers(): void {
  const ctor = Promise as unknown as { withResolvers?: unknown };
  if (typeof ctor.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>(this: PromiseConstructor) {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new this<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReadback> {
  ensurePromiseWithResolvers();
  const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJsLike;
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    const links: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(squash(content.items.map((item) => ('str' in item ? (item.str ?? '') : '')).join(' ')));
      const annotations = await page.getAnnotations();
      links.push(annotations.filter((a) => a.subtype === 'Link' && a.url).map((a) => a.url ?? ''));
    }
    const { info } = await doc.getMetadata();
    return {
      pageCount: doc.numPages,
      pages,
      text: pages.join(' '),
      links,
      info: (info ?? {}) as Record<string, unknown>,
    };
  } finally {
    await task.destroy();
  }
}
