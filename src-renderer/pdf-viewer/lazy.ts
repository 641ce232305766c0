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

/** Loads the viewer's code and starts pdf.js's worker ahead of the first PDF; resolves to whether the worker is ready. */
export async function preparePdfViewer(): Promise<boolean> {
  await PdfViewer.preload();
  return (await import('./index')).preparePdfViewer();
}
