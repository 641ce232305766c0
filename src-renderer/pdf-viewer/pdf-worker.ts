import { GlobalWorkerOptions, PDFWorker } from 'pdfjs-dist';
// Vite copies pdf.js's prebuilt worker into the build as a hashed same-origin asset and gives its URL
// (`worker-src 'self'` allows it). `new URL('pdfjs-dist/…', import.meta.url)` cannot be used: Vite
// does not resolve bare package names there.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDFJS_VERBOSITY } from './pdf-load-options';
import { PdfWorkerUnavailableError } from './pdf-problem';

/** How long the worker may take to load and say "ready" before the viewer reports it unavailable. */
const START_TIMEOUT_MS = 15_000;

/** pdf.js's worker announces itself with this message once its module has loaded and run. */
function isReadyMessage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { sourceName?: unknown; targetName?: unknown; action?: unknown };
  return message.sourceName === 'worker' && message.targetName === 'main' && message.action === 'ready';
}

function waitUntilReady(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      cleanup();
      worker.terminate();
      reject(new PdfWorkerUnavailableError(`pdf.js worker did not start: ${why}`));
    };
    const onMessage = (event: MessageEvent): void => {
      if (!isReadyMessage(event.data)) return;
      cleanup();
      resolve();
    };
    const onError = (event: Event): void => {
      // The browser already reports the script error; this only stops it surfacing twice.
      event.preventDefault();
      fail(event instanceof ErrorEvent && event.message ? event.message : 'the worker script failed to load');
    };
    const timer = setTimeout(() => fail(`no answer within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    function cleanup(): void {
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
    }
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
}

/**
 * Starts a pdf.js worker and hands it to pdf.js as the port every document uses (each `getDocument` gets
 * it explicitly as `worker`, so destroying a document never tears it down). Called once per window by
 * the worker holder (pdf-worker-holder.ts), which shares the result and retries after a failure.
 *
 * There is no "fake worker": pdf.js only falls back to parsing on the main thread when it has to
 * create a worker itself from `workerSrc`, and here it never does — it is always handed this port.
 * If the worker cannot start, this rejects with `PdfWorkerUnavailableError` (the viewer says so).
 */
export async function startSharedWorker(): Promise<PDFWorker> {
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, { type: 'module', name: 'pdf.js' });
  } catch (error) {
    throw new PdfWorkerUnavailableError(`pdf.js worker could not be created: ${String(error)}`);
  }
  // pdf.js trusts a port it is given and would wait forever on a worker that never loaded, so the
  // viewer waits for the worker's own "ready" first.
  await waitUntilReady(worker);
  GlobalWorkerOptions.workerPort = worker;
  return PDFWorker.create({ port: worker, verbosity: PDFJS_VERBOSITY });
}
