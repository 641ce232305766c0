import type { BudgetTimer } from '../../src-main/request-budget/budget-timer';

export interface SkippableTimer extends BudgetTimer {
  /** Moves this timer's time `ms` ahead at once, waking every sleep due by then; real time keeps running after. */
  skip(ms: number): void;
}

interface Sleeper {
  wakeAt: number;
  handle: ReturnType<typeof setTimeout>;
  wake: () => void;
}

/**
 * Real time that a test may move ahead: the request budget runs on it as on the real clock (sends, real
 * HTTP, real waits), but a test that has nothing to prove by waiting out a window says "a minute passes"
 * instead of sleeping through it. The edge guard stays: sends still take real time to reach the server.
 */
export function createSkippableTimer(): SkippableTimer {
  let offset = 0;
  const sleepers = new Set<Sleeper>();
  const now = () => Date.now() + offset;

  const arm = (sleeper: Sleeper) => {
    clearTimeout(sleeper.handle);
    // setTimeout fires at once above 2^31-1 ms; wake() then sleeps on.
    sleeper.handle = setTimeout(sleeper.wake, Math.min(Math.max(0, sleeper.wakeAt - now()), 2_147_483_647));
  };

  return {
    now,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const onAbort = () => {
          clearTimeout(sleeper.handle);
          sleepers.delete(sleeper);
          reject(signal?.reason);
        };
        const sleeper: Sleeper = {
          wakeAt: now() + Math.max(0, ms),
          handle: undefined as unknown as ReturnType<typeof setTimeout>,
          wake: () => {
            if (now() < sleeper.wakeAt) return arm(sleeper); // a timer fired early: sleep on
            sleepers.delete(sleeper);
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', onAbort, { once: true });
        arm(sleeper);
      });
    },
    skip(ms) {
      if (!(ms >= 0)) throw new RangeError(`Time only moves forward (asked ${ms} ms)`);
      offset += ms;
      for (const sleeper of [...sleepers]) arm(sleeper);
    },
  };
}
