import type { DocumentKind, DocumentRef } from '../../src-preload/contract/documents';
import { MalformedResponseError } from '../partner-api/api-errors';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import { MAX_DOCUMENT_BYTES, startsLikePdf } from './pdf-bytes';

const pathFor: Record<DocumentKind, (id: string) => string> = {
  bill: (id) => `/bills/${encodeURIComponent(id)}/pdf`,
  statement: (id) => `/statements/${encodeURIComponent(id)}/pdf`,
  idCertificate: (id) => `/id-verifications/entities/${encodeURIComponent(id)}/certificate`,
};

/** The Partner API path (below /api/v1) that serves a document. Only for canonical refs. */
export const documentApiPath = (ref: DocumentRef): string => pathFor[ref.kind](ref.id);

/**
 * Downloads a document through the API client, so the request passes the request budget at the given
 * priority; the client refuses anything not served as application/pdf. The bytes must also start with
 * `%PDF-` and fit the size limit before anyone stores them. Throws the client's typed errors.
 */
export async function downloadDocument(
  api: PartnerApiClient,
  ref: DocumentRef,
  priority: RequestPriority,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const { data } = await api.file(documentApiPath(ref), 'application/pdf', { priority, ...(signal ? { signal } : {}) });
  if (!startsLikePdf(data)) throw new MalformedResponseError('The practice sent a file that is not a PDF.');
  if (data.length > MAX_DOCUMENT_BYTES)
    throw new MalformedResponseError(
      `The PDF is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB, too large to keep.`,
    );
  return data;
}
