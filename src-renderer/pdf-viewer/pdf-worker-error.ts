/**
 * Thrown by the viewer itself when the shared pdf.js worker cannot start (shown as "viewer-unavailable").
 * On its own so the worker holder, which is part of the start bundle, does not bring the problem texts.
 */
export class PdfWorkerUnavailableError extends Error {
  override name = 'PdfWorkerUnavailableError';
}
