/**
 * The PDF viewer: `<PdfViewer bytes title … />` (see PdfViewer.tsx for its props), and
 * `preparePdfViewer()` to start pdf.js's worker before the first PDF is needed. Everything else in
 * this folder is internal.
 */
export { PdfViewer, type PdfViewerProps } from './PdfViewer';
export { preparePdfViewer } from './pdf-worker';
export type { PdfProblem, PdfProblemKind } from './pdf-problem';
