import { lazyComponent } from '../ui/LazyLoad';
import type { PdfViewerProps } from './PdfViewer';

/**
 * The viewer and pdf.js, loaded on first use (or by the warm-up after start) rather than at start:
 * together they are the largest part of the renderer. Import these, not './index', from the app.
 */
export const PdfViewer = lazyComponent<PdfViewerProps>(
  async () => (await import('./index')).PdfViewer,
  'the PDF viewer',
);

// Small and free of pdf.js at run time: the composition root builds the worker holder at start.
export { createPdfWorkerHolder, type PdfWorkerHolder } from './pdf-worker-holder';
export { PdfWorkerProvider } from './pdf-worker-context';
