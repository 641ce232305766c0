import { NetworkError, RedirectRefusedError } from './api-errors';
import { serverDateOf } from './answer-reading';
import { readCappedBody } from './read-capped-body';

/**
 * What every answer this client reads is held to, the Partner API's and a storage file's alike: the client's
 * timeout beside the caller's signal, no redirect followed, and the body read within a limit.
 */
export interface AnswerGuard {
  /** For the fetch: the caller's signal, the timeout, and the guard's own stop. */
  signal: AbortSignal;
  /** Whether the client's timeout ended the request (a fetch failure is classified by it). */
  timedOut(): boolean;
  /** Any 3xx, or an opaque redirect, closes the connection and is a RedirectRefusedError. */
  refuseRedirect(response: Response): void;
  /**
   * The whole body within `limit`. A body cut off is a NetworkError (timeout or truncated), or the caller's own
   * reason when the caller gave up; one too large closes the connection instead of draining it.
   */
  readBody(response: Response, limit: number): Promise<{ bytes: Uint8Array; tooLarge: false } | { tooLarge: true }>;
}

export function guardAnswer(timeoutMs: number, callerSignal: AbortSignal | undefined): AnswerGuard {
  const timeout = AbortSignal.timeout(timeoutMs);
  // Aborted on a redirect or an answer too large, so the connection is closed instead of drained.
  const stop = new AbortController();
  return {
    signal: AbortSignal.any([stop.signal, timeout, ...(callerSignal ? [callerSignal] : [])]),
    timedOut: () => timeout.aborted,
    refuseRedirect(response) {
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        stop.abort();
        throw new RedirectRefusedError(response.status || 302, serverDateOf(response));
      }
    },
    async readBody(response, limit) {
      let body: Awaited<ReturnType<typeof readCappedBody>>;
      try {
        body = await readCappedBody(response, limit);
      } catch {
        if (callerSignal?.aborted) throw callerSignal.reason;
        throw new NetworkError(timeout.aborted ? 'timeout' : 'truncated', 'The answer was cut off.');
      }
      if (body.tooLarge) {
        stop.abort();
        return { tooLarge: true };
      }
      return { bytes: body.bytes, tooLarge: false };
    },
  };
}
