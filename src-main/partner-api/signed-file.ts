import { PartnerApiError, ResponseTooLargeError, SignedUrlRefusedError } from './api-errors';
import { fileType, serverDateOf } from './answer-reading';
import { guardAnswer } from './guarded-answer';
import { classifyFetchFailure } from './network-failure';
import { allowedSignedUrl } from './signed-url';

export interface SignedFileDeps {
  /** The Partner API's base address: the only origin a signed URL may point at. */
  base: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  maxFileBytes: number;
  /** The client's reading of an error answer (partner-api-client.ts), so a storage refusal reads as the API's. */
  toError(response: Response, bytes: Uint8Array): PartnerApiError;
}

/**
 * A file behind a short-lived signed storage URL the practice handed out (a client's uploaded file). Followed
 * only to the practice's own origin (signed-url.ts; anything else is a SignedUrlRefusedError and nothing is
 * sent), once, with none of the API's credentials: no X-Svc headers, no cookies, no referrer, no redirect
 * followed. Not paced by the request budget — the storage is not the API — but read within the file limit and
 * the client's timeout like every answer. The URL is never logged or kept: errors name neither it nor its query.
 */
export async function readSignedFile(
  deps: SignedFileDeps,
  signedUrl: string,
  expectedType: readonly string[],
  signal: AbortSignal | undefined,
): Promise<{ data: Uint8Array; contentType: string }> {
  const target = allowedSignedUrl(signedUrl, deps.base);
  if (!target) throw new SignedUrlRefusedError();
  signal?.throwIfAborted();
  const guard = guardAnswer(deps.timeoutMs, signal);
  let response: Response;
  try {
    response = await deps.fetch(target.href, {
      method: 'GET',
      headers: { Accept: expectedType.join(', ') },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      redirect: 'manual',
      signal: guard.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw classifyFetchFailure(error, guard.timedOut());
  }
  guard.refuseRedirect(response);
  const body = await guard.readBody(response, deps.maxFileBytes);
  if (body.tooLarge) {
    if (response.ok) throw new ResponseTooLargeError(deps.maxFileBytes);
    throw new PartnerApiError(response.status, response.statusText, '', null, serverDateOf(response));
  }
  if (!response.ok) throw deps.toError(response, body.bytes);
  return { data: body.bytes, contentType: fileType(response, expectedType) };
}
