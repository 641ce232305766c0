import type { BudgetTimer } from '../../request-budget/budget-timer';

/**
 * "Run now, and once more if asked while running": the one single-flight rule of the hub's loops (the
 * mirror's passes, the webhook inbox, laptops' hints, a client's list). However many asks arrive while a run
 * is under way, they cost one more run after it, never one each; an ask made while nothing runs starts a
 * run after `delayMs` (a gather time, a gap since the last run), waited on the hub's clock so a test or a
 * benchmark on a virtual clock steps through it.
 */
export interface CoalescingRunner {
  /**
   * Asks for a run. Resolves when the runs under way or started for this ask have ended (a run started after
   * the ask is among them); rejects with a run's failure, which ends that series of runs.
   */
  request(): Promise<void>;
  /** Whether a series of runs (or the wait before one) is under way. */
  busy(): boolean;
  /** Resolves once nothing runs, whatever happened to the runs (a test stepping a clock waits for it). */
  idle(): Promise<void>;
  /** No run starts from now; the wait before one is given up; resolves when the run under way has ended. */
  stop(): Promise<void>;
}

export interface CoalescingRunnerOptions {
  /** One run of the work. */
  run: () => Promise<void>;
  /** The hub's clock: its timers wait the delay. */
  clock: BudgetTimer;
  /**
   * How long to wait before each run, asked when the wait begins (default: no wait, but one turn of the
   * event loop, so asks made in the same turn share the run).
   */
  delayMs?: () => number;
  /** Whether a run may start now (the mirror leader only, not closing); asked at each ask and before each run. */
  mayRun?: () => boolean;
}

export function createCoalescingRunner(options: CoalescingRunnerOptions): CoalescingRunner {
  const mayRun = options.mayRun ?? (() => true);
  let series: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let waiting: AbortController | null = null;

  async function waitBeforeRun(): Promise<boolean> {
    const delayMs = options.delayMs?.() ?? 0;
    // No wait: one turn of the event loop still, so asks made in the same turn share the run. Not a timer of
    // the clock: a held virtual clock (a benchmark driving it) must not hold up work that waits for nothing.
    if (delayMs <= 0) {
      await new Promise((resolve) => setImmediate(resolve));
      return !stopped;
    }
    const controller = (waiting = new AbortController());
    try {
      await options.clock.sleep(delayMs, controller.signal);
      return true;
    } catch {
      // Given up by stop().
      return false;
    } finally {
      waiting = null;
    }
  }

  async function runSeries(): Promise<void> {
    try {
      do {
        if (!(await waitBeforeRun())) return;
        // Cleared as the run begins: an ask from here on, even from inside the run, costs one more run.
        again = false;
        if (stopped || !mayRun()) return;
        await options.run();
      } while (again && !stopped);
    } finally {
      // In the same step as the last look at `again`: an ask after it starts a new series, never joins one
      // that is ending without running for it.
      series = null;
      again = false;
    }
  }

  return {
    request() {
      if (stopped || !mayRun()) return Promise.resolve();
      if (series) {
        again = true;
        return series;
      }
      series = runSeries();
      return series;
    },
    busy: () => series !== null,
    async idle() {
      while (series) await series.catch(() => undefined);
    },
    async stop() {
      stopped = true;
      waiting?.abort();
      await series?.catch(() => undefined);
    },
  };
}
