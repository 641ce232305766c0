/**
 * Why a PDF could not be shown, in words for the person looking at it. pdf.js rejects with its own
 * exception objects (sent from the worker, so they are matched by `name`, never by `instanceof`);
 * everything the viewer can fail with goes through `describePdfProblem` and nothing else.
 */

export type PdfProblemKind =
  /** The file needs a password and none (or an empty one) was given. */
  | 'password-required'
  /** A password was given and it is not the right one. */
  | 'password-incorrect'
  /** Zero bytes. */
  | 'empty'
  /** Not a PDF, or a PDF too broken to read (malformed, truncated, random bytes). */
  | 'damaged'
  /** pdf.js's worker did not start; the viewer never falls back to parsing on the main thread. */
  | 'viewer-unavailable'
  /** Parsing took longer than the viewer allows (a hostile or pathological file). */
  | 'too-slow'
  /** More pages than the viewer lays out (MAX_PDF_PAGES). */
  | 'too-many-pages'
  /** Anything else pdf.js or the browser threw. */
  | 'unknown';

export interface PdfProblem {
  kind: PdfProblemKind;
  /** A short heading. */
  title: string;
  /** One or two plain sentences: what happened and what the person can do. */
  message: string;
}

/** pdf.js's PasswordResponses: the codes a PasswordException carries. */
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

export { PdfWorkerUnavailableError } from './pdf-worker-error';

/** Thrown by the viewer itself when a document has more pages than it lays out. */
export class PdfTooManyPagesError extends Error {
  override name = 'PdfTooManyPagesError';
}

/** Thrown by the viewer itself when opening a file exceeds its time limit. */
export class PdfLoadTimeoutError extends Error {
  override name = 'PdfLoadTimeoutError';
}

const CANT_SHOW = 'Can’t show this PDF';

const problems: Record<PdfProblemKind, Omit<PdfProblem, 'kind'>> = {
  'password-required': {
    title: 'Password required',
    message: 'This file is password-protected. Enter its password to open it.',
  },
  'password-incorrect': {
    title: 'Password required',
    message: 'That password is not right for this file. Check it and try again.',
  },
  empty: {
    title: CANT_SHOW,
    message: 'This file is empty (0 bytes), so there is nothing to show. Download it again.',
  },
  damaged: {
    title: CANT_SHOW,
    message:
      'This file is damaged or is not a PDF, so it cannot be shown. Download it again, or ask the sender for a new copy.',
  },
  'viewer-unavailable': {
    title: 'The PDF viewer could not start',
    message: 'PDFs cannot be shown right now. Restart Practice Companion; if this keeps happening, report it.',
  },
  'too-slow': {
    title: CANT_SHOW,
    message: 'This file took too long to open and was stopped. It may be damaged or unusually complex.',
  },
  'too-many-pages': {
    title: CANT_SHOW,
    message:
      'This file has far more pages than a bill or statement, so it was not opened. It may be damaged; ask the sender for a new copy.',
  },
  unknown: {
    title: CANT_SHOW,
    message: 'This file could not be opened. It may be damaged or use features this viewer does not support.',
  },
};

export function pdfProblem(kind: PdfProblemKind): PdfProblem {
  return { kind, ...problems[kind] };
}

function field(error: unknown, key: 'name' | 'message' | 'code'): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  try {
    return (error as Record<string, unknown>)[key];
  } catch {
    // A hostile getter is still just "unknown".
    return undefined;
  }
}

/**
 * Maps whatever loading or rendering a PDF threw onto one of the viewer's problems. Pure: no pdf.js
 * import, so it is unit-tested in Node against the exception shapes pdf.js produces.
 */
export function describePdfProblem(error: unknown): PdfProblem {
  const name = field(error, 'name');
  const message = field(error, 'message');
  switch (name) {
    case 'PasswordException':
      return pdfProblem(field(error, 'code') === INCORRECT_PASSWORD ? 'password-incorrect' : 'password-required');
    case 'InvalidPDFException':
      // pdf.js says "The PDF file is empty, i.e. its size is zero bytes." for an empty file.
      return pdfProblem(typeof message === 'string' && /\bempty\b/i.test(message) ? 'empty' : 'damaged');
    case 'FormatError':
    case 'MissingPDFException':
    case 'UnexpectedResponseException':
    case 'ResponseException':
      return pdfProblem('damaged');
    case 'PdfWorkerUnavailableError':
      return pdfProblem('viewer-unavailable');
    case 'PdfLoadTimeoutError':
      return pdfProblem('too-slow');
    case 'PdfTooManyPagesError':
      return pdfProblem('too-many-pages');
    default:
      return pdfProblem('unknown');
  }
}

/** Rejections that only mean "the viewer moved on" (a cancelled render or load); never shown. */
export function isCancellation(error: unknown): boolean {
  const name = field(error, 'name');
  return name === 'RenderingCancelledException' || name === 'AbortException' || name === 'AbortError';
}

export { NEED_PASSWORD, INCORRECT_PASSWORD };
