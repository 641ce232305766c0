/**
 * The PDF viewer: `<PdfViewer bytes title … />` (see PdfViewer.tsx for its props) under a
 * `<PdfWorkerProvider holder={createPdfWorkerHolder()}>` that gives it pdf.js's worker (`holder.prepare()`
 * starts the worker before the first PDF is needed). Everything else in this folder is internal.
 */
export { PdfViewer, type PdfViewerProps } from './PdfViewer';
export { createPdfWorkerHolder, type PdfWorkerHolder } from './pdf-worker-holder';
export { PdfWorkerProvider } from './pdf-worker-context';
export { warmUpPdfJs } from './warm-up';
export type { PdfProblem, PdfProblemKind } from './pdf-problem';
