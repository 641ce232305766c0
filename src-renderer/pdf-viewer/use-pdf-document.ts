import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { MAX_PDF_PAGES, pdfLoadOptions } from './pdf-load-options';
import {
  PdfLoadTimeoutError,
  PdfTooManyPagesError,
  describePdfProblem,
  isCancellation,
  pdfProblem,
  type PdfProblem,
} from './pdf-problem';
import { usePdfWorker } from './pdf-worker-context';

/** A page's size in PDF points at zoom 1 (rotation and UserUnit applied). */
export interface PageSize {
  width: number;
  height: number;
}

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: PDFDocumentProxy; firstPageSize: PageSize }
  | { status: 'failed'; problem: PdfProblem };

/** Opening a file (parse, first page) may take this long before the viewer gives up on it. */
export const LOAD_TIMEOUT_MS = 30_000;

interface Keyed {
  bytes: Uint8Array;
  password: string | undefined;
  state: PdfDocumentState;
}

/**
 * Opens `bytes` with pdf.js on the window's shared worker (from `<PdfWorkerProvider>`), with `password`
 * when given. The document (and its loading task, pages and render tasks) is destroyed when the bytes or
 * password change and on unmount; a late answer from a document the viewer has moved on from is dropped,
 * never shown.
 */
export function usePdfDocument(bytes: Uint8Array, password: string | undefined): PdfDocumentState {
  const [current, setCurrent] = useState<Keyed | null>(null);
  const pdfWorker = usePdfWorker();

  useEffect(() => {
    let settled = false;
    let task: PDFDocumentLoadingTask | null = null;
    const finish = (state: PdfDocumentState): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      setCurrent({ bytes, password, state });
    };
    const destroy = (): void => {
      const loading = task;
      task = null;
      if (loading) void loading.destroy().catch(() => undefined);
    };
    const timer = setTimeout(() => {
      finish({ status: 'failed', problem: describePdfProblem(new PdfLoadTimeoutError()) });
      destroy();
    }, LOAD_TIMEOUT_MS);

    if (bytes.byteLength === 0) {
      finish({ status: 'failed', problem: pdfProblem('empty') });
      return () => clearTimeout(timer);
    }
    (async () => {
      const worker = await pdfWorker.worker();
      if (settled) return;
      task = getDocument(pdfLoadOptions({ bytes, worker, password, baseUri: document.baseURI }));
      const doc = await task.promise;
      if (doc.numPages > MAX_PDF_PAGES) throw new PdfTooManyPagesError(`${doc.numPages} pages`);
      const viewport = (await doc.getPage(1)).getViewport({ scale: 1 });
      finish({ status: 'ready', doc, firstPageSize: { width: viewport.width, height: viewport.height } });
    })().catch((error: unknown) => {
      if (settled || isCancellation(error)) return;
      finish({ status: 'failed', problem: describePdfProblem(error) });
      destroy();
    });
    return () => {
      settled = true;
      clearTimeout(timer);
      destroy();
    };
  }, [bytes, password, pdfWorker]);

  return current && current.bytes === bytes && current.password === password ? current.state : { status: 'loading' };
}
