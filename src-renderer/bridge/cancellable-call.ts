import type { Companion } from '../../src-preload/contract/companion';

/**
 * A bridge call main may be making requests for (`practice.read`, `documents.fetch`, `documents.open`), tied to
 * the caller's signal: the call carries a fresh cancel id, and when the signal aborts (a practice switch, a
 * sign-out, a screen closed) `practice.cancel` tells main to abort it, so it stops spending the request budget.
 * The answer still arrives (a failure, which the caller ignores: it gave up on it). Without a signal the
 * call is sent as it is.
 */
export async function cancellableCall<T>(
  companion: Pick<Companion, 'practice'>,
  signal: AbortSignal | undefined,
  call: (cancelId: string | undefined) => Promise<T>,
): Promise<T> {
  if (!signal) return call(undefined);
  signal.throwIfAborted();
  const cancelId = crypto.randomUUID();
  // A cancel that fails (the bridge is gone) has nothing left to stop.
  const cancel = (): void => void companion.practice.cancel({ cancelId }).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await call(cancelId);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
