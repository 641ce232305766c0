import { lazyComponent } from '../ui/LazyLoad';
import type { PdfViewerProps } from './PdfViewer';
import type { PdfWorkerHolder } from './pdf-worker-holder';

/**
 * The viewer and pdf.js, loaded on first use (or by the warm-up after start) rather than at start:
 * together they are the largest part of the renderer. Import these, not './index', from the app.
 */
export const PdfViewer = lazyComponent<PdfViewerProps>(
  async () => (await import('./index')).PdfViewer,
  'the PDF viewer',
);

/**
 * Warms the viewer up ahead of the first PDF (the app calls this when idle after its first paint; the
 * viewer's benchmark calls it too): the worker starts while the viewer's code loads, not after it, then
 * a tiny built-in PDF is opened once (warm-up.ts). Resolves to whether everything is ready; never rejects.
 */
export async function warmUpPdfViewer(holder: PdfWorkerHolder): Promise<boolean> {
  try {
    const [viewer, workerReady] = await Promise.all([import('./index'), startPdfViewer(holder)]);
    return workerReady && (await viewer.warmUpPdfJs(holder));
  } catch {
    return false;
  }
}

/**
 * Loads the viewer's code and starts the worker side by side, for a screen about to show a PDF (its bytes
 * still on their way): otherwise the worker would only start once the code had loaded and the viewer
 * mounted. Resolves to whether both are ready; never rejects (the viewer reports any problem itself).
 */
export function startPdfViewer(holder: PdfWorkerHolder): Promise<boolean> {
  return Promise.all([PdfViewer.preload(), holder.prepare()]).then(
    ([, workerReady]) => workerReady,
    () => false,
  );
}

// Small and free of pdf.js at run time: the composition root builds the worker holder at start.
export { createPdfWorkerHolder, type PdfWorkerHolder } from './pdf-worker-holder';
export { PdfWorkerProvider } from './pdf-worker-context';
