import type { RequestPriority } from '../../partner-api/partner-api-client';
import type { SyncEngine } from '../../sync/sync-engine';

/**
 * Runs the sync engine into the mirror: on a timer (the backstop) and on request (a webhook named a
 * change). Single-flight: a request during a run coalesces into one more run after it, so a burst of
 * events costs one pass, never one per event.
 */
export function createMirrorLoop(
  engine: SyncEngine,
  options: {
    /** Time to the next backstop pass, asked after each one (laptops connected or not: see laptop-presence). */
    everyMs: number | (() => number);
    onError?: (error: unknown) => void;
    /** Whether this process may read the Partner API now (only the mirror leader may); default always. */
    mayMirror?: () => boolean;
    /** The hub's clock (a virtual one in benchmarks); default the wall clock. */
    now?: () => number;
  },
) {
  const mayMirror = options.mayMirror ?? (() => true);
  let running: Promise<void> | null = null;
  let again = false;
  let priority: RequestPriority = 'background';
  // What the next pass reads: every resource, or only those named since the last pass began (a hint).
  let wanted: Set<string> | 'all' = new Set();
  const now = options.now ?? Date.now;
  let lastRanAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const intervalMs = () => (typeof options.everyMs === 'function' ? options.everyMs() : options.everyMs);
  function schedule(): void {
    clearTimeout(timer);
    if (!started) return;
    timer = setTimeout(() => {
      schedule();
      void request().catch(onError);
    }, intervalMs());
    timer.unref();
  }
  const onError = options.onError ?? ((error: unknown) => console.error('[hub mirror]', error));

  /** A pass of every resource, or with `lists` of only those (their incremental read, whatever their tier). */
  function request(asked: RequestPriority = 'background', lists?: readonly string[]): Promise<void> {
    // A follower serves from the shared database and spends nothing of the Client ID's budget.
    if (!mayMirror()) return Promise.resolve();
    if (asked !== 'background') priority = asked;
    if (!lists) wanted = 'all';
    else if (wanted !== 'all') for (const list of lists) wanted.add(list);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      // Requests made in the same turn (a takeover's catch-up and the inbox backlog's work) share one pass:
      // `again` is cleared when the pass begins, before it reads anything.
      await new Promise((resolve) => setImmediate(resolve));
      do {
        again = false;
        if (!mayMirror()) break;
        const runPriority = priority;
        priority = 'background';
        const runLists = wanted;
        wanted = new Set();
        await engine.runOnce({ priority: runPriority, ...(runLists === 'all' ? {} : { lists: [...runLists] }) });
        // Only a pass of everything counts for the backstop's "last pass" (a named list is not a catch-up).
        if (runLists === 'all') lastRanAt = now();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    request,
    start(): void {
      started = true;
      schedule();
    },
    /** The interval changed (a laptop came back): the next backstop pass is counted from now. */
    reschedule: schedule,
    /** How long ago the last pass ended (Infinity before the first). */
    sinceLastPassMs: (): number => now() - lastRanAt,
    async stop(): Promise<void> {
      started = false;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
export type MirrorLoop = ReturnType<typeof createMirrorLoop>;
