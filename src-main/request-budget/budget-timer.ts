/**
 * The budget's only source of time. Injected so that tests and benchmarks can replay hours of
 * rate-limited traffic in milliseconds, deterministically.
 */
export interface BudgetTimer {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after ms (or rejects with the signal's reason when aborted). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

// setTimeout fires immediately for delays above 2^31-1 ms; callers re-plan on wake, so clamping is safe.
const MAX_TIMEOUT_MS = 2_147_483_647;

export const realTimer: BudgetTimer = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(handle);
        reject(signal?.reason);
      };
      const handle = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.min(Math.max(0, ms), MAX_TIMEOUT_MS),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

export interface VirtualTimer extends BudgetTimer {
  /** ms simulated so far (now − startMs). */
  elapsed(): number;
  /** Moves the clock forward to ms (never back), waking every sleep due by then, in order. */
  advanceTo(ms: number): void;
  /** Sleeps not yet woken (tests use it to assert that nothing is left waiting). */
  pendingSleeps(): number;
  /** When the earliest sleep wakes (null: none), for a driver that holds the clock and moves it itself. */
  nextWakeAt(): number | null;
  /** Holds open now (an exchange in flight holds one): a driver moves the clock only between exchanges. */
  holdsOpen(): number;
  /**
   * Freezes the clock while real work (an HTTP exchange) is under way; call the returned function when it
   * is done. The clock never jumps while any hold is open, so real I/O takes no virtual time.
   */
  hold(): () => void;
}

interface PendingSleep {
  wakeAt: number;
  resolve: () => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * Virtual time, run to completion: the clock never moves on its own; it jumps to the earliest pending
 * wake-up once every waiter is asleep.
 *
 * "Every waiter is asleep" is approximated by a setImmediate tick scheduled whenever a sleep is added
 * (and again after each wake-up while sleeps remain). setImmediate runs after the microtask queue has
 * drained, so the promise continuations of the awakened waiters (a grant being recorded, the next
 * reserve() being called) all run at the instant they were woken, before the clock jumps again.
 *
 * Consequences worth knowing:
 * - sleeps due at the same instant wake in the order they were started (FIFO);
 * - sleep(0) (or negative) wakes on the next tick without moving the clock;
 * - an aborted sleep is removed at once and never moves the clock;
 * - code that waits on real I/O or real timers between sleeps is NOT "asleep": the clock may jump
 *   while it waits, unless it wraps that wait in hold() (benchmarks hold the clock around each real
 *   HTTP exchange with the demo practice, so a request takes zero virtual time).
 */
export function createVirtualTimer(startMs: number): VirtualTimer {
  let now = startMs;
  const pending: PendingSleep[] = []; // ascending wakeAt; FIFO among equals
  let tickScheduled = false;
  let holds = 0;

  const scheduleTick = (): void => {
    if (tickScheduled) return;
    tickScheduled = true;
    setImmediate(tick);
  };

  function wakeDue(): void {
    while (pending.length > 0 && (pending[0] as PendingSleep).wakeAt <= now) {
      const sleep = pending.shift() as PendingSleep;
      sleep.signal?.removeEventListener('abort', sleep.onAbort);
      sleep.resolve();
    }
  }

  function tick(): void {
    tickScheduled = false;
    if (holds > 0) return; // the last release schedules the next tick
    const first = pending[0];
    if (!first) return;
    if (first.wakeAt > now) now = first.wakeAt;
    wakeDue();
    if (pending.length > 0) scheduleTick();
  }

  return {
    now: () => now,
    elapsed: () => now - startMs,
    pendingSleeps: () => pending.length,
    nextWakeAt: () => pending[0]?.wakeAt ?? null,
    holdsOpen: () => holds,
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0 && pending.length > 0) scheduleTick();
      };
    },
    advanceTo(ms) {
      if (!(ms >= now)) throw new RangeError(`Virtual time only moves forward (now ${now}, asked ${ms})`);
      now = ms;
      wakeDue();
    },
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const entry: PendingSleep = {
          wakeAt: now + Math.max(0, ms),
          resolve,
          signal,
          onAbort: () => {
            const index = pending.indexOf(entry);
            if (index >= 0) pending.splice(index, 1);
            reject(signal?.reason);
          },
        };
        // Insert after every entry due at or before ours: keeps FIFO among equal wake times.
        let index = pending.length;
        while (index > 0 && (pending[index - 1] as PendingSleep).wakeAt > entry.wakeAt) index -= 1;
        pending.splice(index, 0, entry);
        signal?.addEventListener('abort', entry.onAbort, { once: true });
        scheduleTick();
      });
    },
  };
}

/**
 * Calls `tick` every `ms` on this clock until `signal` aborts; a tick is waited for before the next interval
 * begins, so two never overlap. The one repeating timer of the code that takes a clock.
 */
export async function repeatEvery(
  clock: BudgetTimer,
  ms: number,
  signal: AbortSignal,
  tick: () => unknown,
): Promise<void> {
  while (!signal.aborted) {
    try {
      await clock.sleep(ms, signal);
    } catch {
      return;
    }
    await tick();
  }
}
