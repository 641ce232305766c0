import type { RequestPriority } from '../../partner-api/partner-api-client';
import type { SyncEngine } from '../../sync/sync-engine';
import { realTimer, type BudgetTimer } from '../../request-budget/budget-timer';
import { logOrStderr, type HubLog } from '../watch/hub-log';
import { createCoalescingRunner } from '../work/coalescing-runner';

/**
 * Runs the sync engine into the mirror: on a timer (the backstop) and on request (a webhook named a
 * change). Single-flight (work/coalescing-runner.ts): a request during a pass coalesces into one more pass
 * after it, so a burst of events costs one pass, never one per event.
 */
const PRIORITIES: readonly RequestPriority[] = ['interactive', 'outbox', 'prefetch', 'background'];
const rank = (priority: RequestPriority) => PRIORITIES.indexOf(priority);

export function createMirrorLoop(
  engine: SyncEngine,
  options: {
    /** Time to the next backstop pass, asked after each one (laptops connected or not: see laptop-presence). */
    everyMs: number | (() => number);
    log?: HubLog;
    /** Whether this process may read the Partner API now (only the mirror leader may); default always. */
    mayMirror?: () => boolean;
    /** The hub's clock, its timers too (a virtual one in benchmarks and tests); default the wall clock. */
    clock?: BudgetTimer;
    /** After each pass of everything (the backstop's, or one an event asked for): the held clients' turn, not waited for. */
    afterFullPass?: () => void;
    /** The priority of a pass nobody asked for at a higher one (the backstop, the first import); default background. */
    backstopPriority?: RequestPriority;
  },
) {
  const mayMirror = options.mayMirror ?? (() => true);
  const backstop = options.backstopPriority ?? 'background';
  let priority: RequestPriority = backstop;
  // What the next pass reads: every resource, or only those named since the last pass began (a hint).
  let wanted: Set<string> | 'all' = new Set();
  const clock = options.clock ?? realTimer;
  const now = () => clock.now();
  let lastRanAt = Number.NEGATIVE_INFINITY;
  let waiting: AbortController | undefined;
  let started = false;
  const intervalMs = () => (typeof options.everyMs === 'function' ? options.everyMs() : options.everyMs);
  function schedule(): void {
    waiting?.abort();
    if (!started) return;
    const controller = (waiting = new AbortController());
    clock.sleep(intervalMs(), controller.signal).then(
      () => {
        if (waiting !== controller) return;
        schedule();
        void request().catch(onError);
      },
      () => undefined,
    );
  }
  const log = logOrStderr(options.log);
  const onError = (error: unknown) => log.error({ err: error }, 'a backstop pass of the mirror failed');

  /** One pass: what was asked since the last one began, at the highest priority asked. */
  async function pass(): Promise<void> {
    const runPriority = priority;
    priority = backstop;
    const runLists = wanted;
    wanted = new Set();
    await engine.runOnce({ priority: runPriority, ...(runLists === 'all' ? {} : { lists: [...runLists] }) });
    // Only a pass of everything counts for the backstop's "last pass" (a named list is not a catch-up).
    if (runLists === 'all') {
      lastRanAt = now();
      options.afterFullPass?.();
    }
  }
  // Asks made in the same turn (a takeover's catch-up and the inbox backlog's work) share one pass: the
  // runner lets the turn end before it begins.
  const passes = createCoalescingRunner({ run: pass, clock, mayRun: mayMirror });

  /** A pass of every resource, or with `lists` of only those (their incremental read, whatever their tier). */
  function request(asked: RequestPriority = backstop, lists?: readonly string[]): Promise<void> {
    // A follower serves from the shared database and spends nothing of the Client ID's budget.
    if (!mayMirror()) return Promise.resolve();
    if (rank(asked) < rank(priority)) priority = asked;
    if (!lists) wanted = 'all';
    else if (wanted !== 'all') for (const list of lists) wanted.add(list);
    return passes.request();
  }

  return {
    request,
    start(): void {
      started = true;
      schedule();
    },
    /** The interval changed (a laptop came back): the next backstop pass is counted from now. */
    reschedule: schedule,
    /** Resolves once no pass is under way (a test stepping a virtual clock waits for the hub's work). */
    idle: (): Promise<void> => passes.idle(),
    /** How long ago the last pass ended (Infinity before the first). */
    sinceLastPassMs: (): number => now() - lastRanAt,
    async stop(): Promise<void> {
      started = false;
      waiting?.abort();
      await passes.stop();
    },
  };
}
export type MirrorLoop = ReturnType<typeof createMirrorLoop>;
