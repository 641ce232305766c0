import type { DocumentKind, DocumentProblem } from '../../src-preload/contract/documents';
import {
  describeApiError,
  FileTypeRefusedError,
  MalformedResponseError,
  NetworkError,
  PartnerApiError,
  SignedUrlRefusedError,
} from '../partner-api/api-errors';
import { DocumentCacheError } from './document-cache';
import { kindWords } from './document-names';

export interface DocumentFailure {
  ok: false;
  problem: DocumentProblem;
  message: string;
}

const fail = (problem: DocumentProblem, message: string): DocumentFailure => ({
  ok: false,
  problem,
  message: message.slice(0, 1000),
});

/** A 404 from the practice, per kind: there is no such PDF (yet). */
const notAvailableText: Record<DocumentKind, string> = {
  bill: 'This bill has no PDF yet (drafts have none).',
  statement: 'The practice has no PDF for this statement.',
  idCertificate: 'No identity verification has been completed for this client yet.',
  upload: 'The practice no longer has this file (the client may have replaced it, or the request was removed).',
};

export const notConnected = (): DocumentFailure =>
  fail('not-connected', 'Connect to this practice again to open its documents.');

/** No connection: with a damaged cached copy, or with none at all. */
export function offline(kind: DocumentKind, hadCopy: boolean): DocumentFailure {
  return hadCopy
    ? fail(
        'corrupt-offline',
        `The saved copy of this ${kindWords[kind]} is damaged, and it cannot be downloaded again until you are back online.`,
      )
    : fail(
        'offline-not-downloaded',
        `This ${kindWords[kind]} has not been downloaded yet, and there is no connection. It can be downloaded when you are back online.`,
      );
}

export const failed = (message: string): DocumentFailure => fail('failed', message);

/**
 * Why a download (and storing it) did not work, as the contract's problem and a plain sentence. The
 * practice's answers use the shared sentences (describeApiError); documents keep their own only where
 * the context differs: offline says whether a saved copy exists, a 404 means no PDF of that kind (yet),
 * a malformed answer is a PDF that cannot be used, and a local failure is about this computer's disk.
 */
export function problemFor(error: unknown, kind: DocumentKind, hadCopy: boolean): DocumentFailure {
  if (error instanceof NetworkError) return offline(kind, hadCopy);
  if (error instanceof PartnerApiError && error.status === 404) return fail('not-available', notAvailableText[kind]);
  if (error instanceof PartnerApiError) return failed(describeApiError(error));
  if (error instanceof SignedUrlRefusedError || error instanceof FileTypeRefusedError) return failed(error.message);
  if (error instanceof MalformedResponseError)
    return failed(`The practice did not send a usable ${kind === 'upload' ? 'file' : 'PDF'}: ${error.message}`);
  if (error instanceof DocumentCacheError) return error.reason === 'wiped' ? notConnected() : failed(error.message);
  // The window gave up on it (practice.cancel): nobody reads this answer, but it must not blame the disk.
  if (error instanceof DOMException && error.name === 'AbortError')
    return failed(`The ${kindWords[kind]} was not downloaded: the window no longer needed it.`);
  // Anything else is a local failure (disk full, permissions): its raw text may name paths, so it is not shown.
  return failed(
    `The ${kindWords[kind]} could not be saved on this computer. Check that the disk has free space, then try again.`,
  );
}
