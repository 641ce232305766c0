import { AnnotationMode, type PDFDocumentProxy } from 'pdfjs-dist';

/** Pixels per PDF point on paper: 150 dpi, sharp on an office printer without holding huge canvases. */
const PRINT_SCALE = 150 / 72;
const CONTAINER_CLASS = 'pdf-print-container';

/** Removes what an earlier print left in the page (the container stays until the print dialog closes). */
export function clearPrintedPages(): void {
  for (const old of document.querySelectorAll(`.${CONTAINER_CLASS}`)) old.remove();
}

/**
 * Prints the document through the window's own print dialog: every page is drawn by pdf.js into a
 * print-only container (hidden on screen; `@media print` in pdf-viewer.css shows only it on paper), then
 * `window.print()`. Chromium and Electron print no PDF through a plugin here, and this keeps the bytes in
 * the window: nothing is written to disk or handed to another process except by the system print dialog.
 */
export async function printDocument(doc: PDFDocumentProxy, title: string): Promise<void> {
  clearPrintedPages();
  const container = document.createElement('div');
  container.className = CONTAINER_CLASS;
  container.setAttribute('aria-hidden', 'true');
  container.dataset.testid = 'pdf-print-pages';
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: PRINT_SCALE });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    // Form values and stamps as they are stored in the file, as a printed copy should show them.
    await page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE_STORAGE, intent: 'print' }).promise;
    const sheet = document.createElement('div');
    sheet.className = 'pdf-print-page';
    sheet.append(canvas);
    container.append(sheet);
  }
  document.body.append(container);
  const previousTitle = document.title;
  // The print dialog and a "Save as PDF" destination offer the document's name, not the app's.
  document.title = title;
  window.addEventListener('afterprint', clearPrintedPages, { once: true });
  try {
    window.print();
  } finally {
    document.title = previousTitle;
  }
}
