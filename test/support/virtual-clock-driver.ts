import type { RunningHub } from '../../src-main/hub/start-hub';
import type { VirtualTimer } from '../../src-main/request-budget/budget-timer';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * The benchmark holds the virtual clock and moves it itself: the hub's timers run on that clock, so a clock
 * that jumped to the next sleeper whenever nothing held it would jump to the hub's next backstop pass in the
 * middle of real work (ten laptops importing). Held, it moves only where the benchmark says — and where the
 * hub's request budget holds a request for later: then to the moment it wakes, exactly as an unheld clock
 * would have moved for it.
 */
export function driveVirtualClock(timer: VirtualTimer, hub: Pick<RunningHub, 'budget' | 'settled'>) {
  const release = timer.hold();
  const budgetWaiting = () => Object.values(hub.budget.snapshot().waiting).some((waiting) => waiting > 0);
  /**
   * A request waits in the hub's budget: the clock moves to the earliest wake-up — never while an exchange
   * holds it (its own hold aside), so a request reaches the practice at the instant the budget sent it.
   */
  const pump = (): void => {
    if (!budgetWaiting() || timer.holdsOpen() > 1) return;
    const at = timer.nextWakeAt();
    if (at !== null && at > timer.now()) timer.advanceTo(at);
  };
  /** Waits for the promise, moving the clock for the budget meanwhile. */
  async function until<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const watched = promise.finally(() => (done = true));
    watched.catch(() => undefined);
    while (!done) {
      pump();
      await tick();
    }
    return watched;
  }
  return {
    pump,
    until,
    /** Moves the clock `ms` on, then waits for the hub's work that woke (a backstop pass, the held clients' turn). */
    async advance(ms: number): Promise<void> {
      timer.advanceTo(timer.now() + ms);
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      await until(hub.settled());
    },
    release,
  };
}
