// Type-only: this module is part of the start bundle (the composition root builds the holder), and pdf.js
// is loaded only when the worker is first needed.
import type { PDFWorker } from 'pdfjs-dist';
import { PdfWorkerUnavailableError } from './pdf-worker-error';

/**
 * The one pdf.js worker of a window, shared by every document. Built by the renderer's composition root
 * (and by the viewer's test harness), handed to the viewer through `<PdfWorkerProvider>`.
 */
export interface PdfWorkerHolder {
  /**
   * The worker, started on the first call (or by `prepare()`) and the same one afterwards. Rejects with
   * `PdfWorkerUnavailableError` when it cannot start; the next call tries again.
   */
  worker(): Promise<PDFWorker>;
  /**
   * Starts the worker ahead of the first PDF (for example when the app is idle after start-up), so the
   * first document opens as fast as later ones. Safe to call any number of times; resolves to whether the
   * worker is ready (if not, the viewer says so when a PDF is opened).
   */
  prepare(): Promise<boolean>;
}

/** Loads pdf.js and its worker start (not part of the start bundle), then starts the worker. */
async function loadAndStartWorker(): Promise<PDFWorker> {
  const loaded = await import('./pdf-worker').catch((error: unknown) => {
    throw new PdfWorkerUnavailableError(`pdf.js could not be loaded: ${String(error)}`);
  });
  return loaded.startSharedWorker();
}

/** A holder whose worker comes from `start` (default: pdf.js's, loaded on first use). */
export function createPdfWorkerHolder(start: () => Promise<PDFWorker> = loadAndStartWorker): PdfWorkerHolder {
  let shared: Promise<PDFWorker> | null = null;
  const worker = (): Promise<PDFWorker> =>
    (shared ??= start().catch((error: unknown) => {
      shared = null; // the next call tries again
      throw error;
    }));
  return {
    worker,
    prepare: () =>
      worker().then(
        () => true,
        () => false,
      ),
  };
}
