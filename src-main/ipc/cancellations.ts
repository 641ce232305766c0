/**
 * The window's cancellable calls under way, by the `cancelId` it gave them (contract/cancel-id.ts).
 * `practice.cancel(id)` aborts that call's `AbortController`: the signal reaches the API client, so the HTTP
 * call stops, a wait for the request budget ends, and no further request is sent for it.
 */
export interface Cancellations {
  /** Runs `task` with a signal that `cancel(cancelId)` aborts; without an id the signal never aborts. */
  run<T>(cancelId: string | undefined, task: (signal: AbortSignal | undefined) => Promise<T>): Promise<T>;
  /** Aborts the call with that id; false when none is under way (it ended, or never started). */
  cancel(cancelId: string): boolean;
  /** Calls under way that can be cancelled (for tests and diagnostics). */
  size(): number;
}

/** A cancel that arrives before its call (both travel the bridge) is kept this many ids long, then forgotten. */
const EARLY_CANCELS_KEPT = 64;

export function createCancellations(): Cancellations {
  const running = new Map<string, AbortController>();
  // Ids cancelled before their call reached main: that call starts aborted. Bounded, oldest forgotten first.
  const early = new Set<string>();

  return {
    async run(cancelId, task) {
      if (cancelId === undefined) return task(undefined);
      const controller = new AbortController();
      if (early.delete(cancelId)) controller.abort(cancelledReason());
      running.set(cancelId, controller);
      try {
        return await task(controller.signal);
      } finally {
        if (running.get(cancelId) === controller) running.delete(cancelId);
      }
    },
    cancel(cancelId) {
      const controller = running.get(cancelId);
      if (!controller) {
        early.add(cancelId);
        if (early.size > EARLY_CANCELS_KEPT) early.delete(early.values().next().value as string);
        return false;
      }
      running.delete(cancelId);
      controller.abort(cancelledReason());
      return true;
    },
    size: () => running.size,
  };
}

const cancelledReason = (): Error => new DOMException('The window cancelled this call.', 'AbortError');
