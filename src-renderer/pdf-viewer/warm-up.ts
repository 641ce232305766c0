import { getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import { pdfLoadOptions } from './pdf-load-options';
import type { PdfWorkerHolder } from './pdf-worker-holder';
import { buildTextLayer, drawPage, pageViewport } from './render-page';
import { warmUpPdfBytes } from './warm-up-document';

/** Small enough to cost little, large enough that the glyphs are really drawn. */
const WARM_UP_ZOOM = 0.5;

/**
 * Opens a tiny built-in PDF once on the window's worker, exactly as the viewer opens a file (the same
 * options, canvas drawing and text layer), then throws it away. A first document otherwise pays for
 * everything pdf.js does for the first time: its parser and font code still cold in the worker, the
 * standard fonts loaded into the page, the canvas and text-layer paths not yet optimised. Resolves to
 * whether it worked; a failure changes nothing (the first real document simply pays instead).
 */
export async function warmUpPdfJs(holder: PdfWorkerHolder, baseUri = document.baseURI): Promise<boolean> {
  if (!(await holder.prepare())) return false;
  let task: PDFDocumentLoadingTask | null = null;
  try {
    task = getDocument(pdfLoadOptions({ bytes: await warmUpPdfBytes(), worker: await holder.worker(), baseUri }));
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const viewport = pageViewport(page, WARM_UP_ZOOM);
    const signal = new AbortController().signal;
    await drawPage(page, viewport, signal);
    await buildTextLayer(await page.getTextContent(), viewport, signal);
    return true;
  } catch {
    return false;
  } finally {
    await task?.destroy().catch(() => undefined);
  }
}
