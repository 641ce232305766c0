import { MAX_DOCUMENT_BYTES } from '../documents/pdf-bytes';

/**
 * The largest JSON answer the client reads. The largest legitimate one is a list page; the contract
 * does not state a page size, so it is taken as up to 1,000 records. The demo practice's largest
 * records (onboardings, under 1 KiB each; clients about 0.5 KiB) make such a page about 1 MiB, so
 * 16 MiB leaves ample room without letting a broken or hostile server fill main's memory.
 */
export const MAX_JSON_BYTES = 16 * 1024 * 1024;

/** Files (PDFs) share the one limit the documents code keeps, so a file read here is never refused later. */
export const MAX_FILE_BYTES = MAX_DOCUMENT_BYTES;

export type CappedBody = { bytes: Uint8Array; tooLarge: false } | { bytes: null; tooLarge: true };

/**
 * Reads a body chunk by chunk, counting, and stops as soon as it passes `limit`: the caller then
 * aborts the request, so at most one chunk past the limit is ever held. A declared Content-Length
 * over the limit is refused before a byte of the body is read. A stream that fails midway rejects
 * (the caller treats that as a cut-off answer).
 */
export async function readCappedBody(response: Response, limit: number): Promise<CappedBody> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return { bytes: null, tooLarge: true };
  if (!response.body) return { bytes: new Uint8Array(0), tooLarge: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => undefined);
      return { bytes: null, tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, tooLarge: false };
}
