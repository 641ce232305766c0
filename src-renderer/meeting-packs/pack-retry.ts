import type { ReadOutcome } from '../client-data/client-reads';
import type { PackItem } from '../data/meeting-pack-types';

/**
 * How a pack meets a failure that may pass: a read the practice did not answer, answered 5xx or 429
 * (main's client has already retried it a few times within seconds) is tried again by the pack after a
 * longer pause, while online, a bounded number of times; then it is "failed" with its reason and waits
 * for "Retry what failed". Anything else (a refusal, an answer outside the contract) fails at once.
 */
export const PACK_TRIES = 3;
/** Pause before the second and the third try. */
export const PACK_RETRY_DELAYS_MS: readonly number[] = [10_000, 60_000];

export const isTransient = (outcome: ReadOutcome): boolean =>
  !outcome.ok && (outcome.problem === 'offline' || outcome.retryable === true);

/** Waits `ms`, or less when the signal aborts (the pack is then stopped, not failed). */
export const sleepUnless = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });

/** Why an item is still not on this laptop when a run stops before reaching it. */
export const STOPPED_BEFORE =
  'Not fetched yet: fetching stopped before this item (the connection dropped, another practice was opened or the app closed). It continues when packs are fetched again.';
export const OFFLINE_BEFORE = 'Not fetched yet: waiting for a connection.';

/** Every item still waiting gets a reason (an item with none would go uncounted on the screen). */
export const explainWaiting = (items: readonly PackItem[], reason: string): PackItem[] =>
  items.map((i) => (i.state === 'waiting' && !i.message ? { ...i, message: reason, nextTryAt: null } : i));
