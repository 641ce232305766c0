import type { DocumentKind, DocumentRef } from '../../src-preload/contract/documents';
import { signedDocumentUrlSchema } from '../../src-preload/contract/partner-api';
import {
  bareContentType,
  bytesMatchType,
  keptContentTypes,
  uploadAddressOf,
  uploadedFileType,
} from '../../src-preload/contract/uploaded-files';
import { FileTypeRefusedError, MalformedResponseError, ResponseTooLargeError } from '../partner-api/api-errors';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import { MAX_DOCUMENT_BYTES, startsLikePdf } from './pdf-bytes';

const pathFor: Record<DocumentKind, (id: string) => string> = {
  bill: (id) => `/bills/${encodeURIComponent(id)}/pdf`,
  statement: (id) => `/statements/${encodeURIComponent(id)}/pdf`,
  idCertificate: (id) => `/id-verifications/entities/${encodeURIComponent(id)}/certificate`,
  upload: (id) => {
    const address = uploadAddressOf(id);
    if (!address) throw new Error('Not an uploaded file reference.');
    return `/onboardings/${address.onboardingKey}/entities/${address.entityOnboardingId}/documents/${address.documentId}`;
  },
};

/** The Partner API path (below /api/v1) that serves a document (for an upload: its signed storage URL). Only for canonical refs. */
export const documentApiPath = (ref: DocumentRef): string => pathFor[ref.kind](ref.id);

export interface DownloadedDocument {
  bytes: Uint8Array;
  /** Bare and lower case, one of the kept types (`application/pdf` for bills, statements and certificates). */
  contentType: string;
}

/**
 * Downloads a document through the API client, so the request passes the request budget at the given
 * priority. A bill, statement or certificate must be served as application/pdf and start with `%PDF-`. A client's
 * uploaded file is read in two steps, the second one outside the API (see `downloadUpload`); it must be of a kept
 * type, and its bytes must start as that type says. Everything must fit the size limit before anyone stores it.
 * Throws the client's typed errors.
 */
export async function downloadDocument(
  api: PartnerApiClient,
  ref: DocumentRef,
  priority: RequestPriority,
  signal?: AbortSignal,
): Promise<DownloadedDocument> {
  const options = { priority, ...(signal ? { signal } : {}) };
  if (ref.kind === 'upload') return downloadUpload(api, ref, options);
  const { data } = await api.file(documentApiPath(ref), 'application/pdf', options);
  if (!startsLikePdf(data)) throw new MalformedResponseError('The practice sent a file that is not a PDF.');
  return { bytes: checkedSize(data), contentType: 'application/pdf' };
}

/**
 * A client's uploaded file. From the Partner API: the practice names the file and a short-lived signed storage
 * URL (JSON, never a redirect); the file is then fetched once from that URL, only on the practice's own origin
 * and with none of the API's credentials (`signedFile`), and must be the type and size the practice named. The
 * URL is used at once and kept nowhere: not in the cache, the manifest, the window or the log. Through the
 * practice hub, the hub has already done this once for every laptop and answers the file itself at the same path.
 */
async function downloadUpload(
  api: PartnerApiClient,
  ref: DocumentRef,
  options: { priority: RequestPriority; signal?: AbortSignal },
): Promise<DownloadedDocument> {
  const path = documentApiPath(ref);
  if (api.throughHub) {
    const { data, contentType } = await api.file(path, keptContentTypes, options);
    return checkedUpload(data, contentType);
  }
  const { data: signed } = await api.request('GET', path, signedDocumentUrlSchema, options);
  const declared = bareContentType(signed.contentType);
  if (!uploadedFileType(declared)) throw new FileTypeRefusedError(declared);
  if (signed.size !== null && signed.size > MAX_DOCUMENT_BYTES) throw new ResponseTooLargeError(MAX_DOCUMENT_BYTES);
  const file = await api.signedFile(signed.url, [declared], options.signal ? { signal: options.signal } : {});
  if (signed.size !== null && file.data.length !== signed.size)
    throw new MalformedResponseError('The file the practice stores is not the size it said.');
  return checkedUpload(file.data, file.contentType);
}

function checkedUpload(bytes: Uint8Array, contentType: string): DownloadedDocument {
  if (!uploadedFileType(contentType)) throw new FileTypeRefusedError(contentType);
  if (!bytesMatchType(bytes, contentType))
    throw new MalformedResponseError(`The file is not the ${contentType} the practice said it is.`);
  return { bytes: checkedSize(bytes), contentType };
}

function checkedSize(bytes: Uint8Array): Uint8Array {
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw new MalformedResponseError(
      `The document is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB, too large to keep.`,
    );
  return bytes;
}
