import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { SyncProgressEvent } from '../../src-preload/contract/practice';
import type { SyncCursor } from '../../src-preload/contract/sync';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { createBridgeSyncSink, type BridgeSyncSink } from '../sync/bridge-sync-sink';
import { createSyncEngine, type RunPlan, type SyncEngine } from '../sync/sync-engine';
import { syncResources } from '../sync/sync-resources';
import type { PracticeSessionDeps } from './session-deps';
import type { KnownPractice } from './targets';

/**
 * A whole re-read of the lastUpdated lists (catching what paging may have skipped) costs several hundred
 * requests in a large practice: weekly, not daily, since the whole practice shares the budget.
 */
const RECONCILE_EVERY_MS = 7 * 86_400_000;

/** A reconciliation pass starts only if the budget lets it finish within this long at background priority. */
const RECONCILE_WITHIN_MS = 15 * 60_000;

export interface SyncRunnerDeps extends Pick<
  PracticeSessionDeps,
  'events' | 'newId' | 'clock' | 'log' | 'budgetFor' | 'reconcileEveryMs'
> {
  /** The active, unlocked practice and its API client; null for any other (no run starts). */
  target(practiceKey: string): { practice: KnownPractice; api: PartnerApiClient } | null;
  /** Sent with every progress event (late-bound: the budget's status reads this runner's plan). */
  budgetStatus(practiceKey: string): BudgetStatus | null;
}

/** One sync run at a time, of the active practice: start, pause, page acknowledgements and progress events. */
export function createSyncRunner(deps: SyncRunnerDeps) {
  let sync: { practiceKey: string; sink: BridgeSyncSink; abort: AbortController; engine: SyncEngine } | null = null;
  // The cursors each practice's last run started from: the cost per hour sizes whole re-reads from them.
  const startedFrom = new Map<string, Record<string, SyncCursor>>();

  function emitProgress(
    practiceKey: string,
    resources: SyncProgressEvent['resources'],
    running: boolean,
    lastRunAt: string | null,
  ): void {
    deps.events.emit('sync.progress', {
      practiceKey,
      running,
      resources,
      lastRunAt,
      budget: deps.budgetStatus(practiceKey),
    });
  }

  function stop(reason: string): void {
    sync?.abort.abort();
    sync?.sink.cancel(reason);
    sync = null;
  }

  return {
    /** Starts one sync run of the active practice from the renderer's stored cursors; progress arrives as events. */
    start(
      practiceKey: string,
      cursors: readonly SyncCursor[],
      round: SyncRound = 'due',
      lists?: readonly string[],
    ): boolean {
      const target = deps.target(practiceKey);
      if (!target || sync) return false;
      startedFrom.set(practiceKey, Object.fromEntries(cursors.map((cursor) => [cursor.resource, cursor])));
      const sink = createBridgeSyncSink({
        practiceKey,
        cursors,
        emit: (page) => deps.events.emit('sync.page', page),
        newId: deps.newId,
      });
      const abort = new AbortController();
      // Through the hub there is no Client ID budget to plan against (see createClientFactory).
      const budget = target.practice.through === 'hub' ? undefined : deps.budgetFor?.(target.practice.clientId);
      const status = new Map<string, SyncProgressEvent['resources'][number]>(
        syncResources.map((r) => [
          r.name,
          {
            resource: r.name,
            state: 'waiting',
            mode: cursors.find((c) => c.resource === r.name)?.mode ?? 'full',
            pagesThisRun: 0,
            recordsThisPass: 0,
            rejectedThisRun: 0,
            error: null,
          },
        ]),
      );
      const engine = createSyncEngine({
        api: target.api,
        sink,
        onProgress: (p) => {
          status.set(p.resource, { ...p });
          emitProgress(practiceKey, [...status.values()], true, null);
        },
        ...(budget
          ? {
              reconcile: {
                everyMs: deps.reconcileEveryMs ?? RECONCILE_EVERY_MS,
                mayStart: (_: string, requests: number) =>
                  budget.estimateMs(requests, 'background') <= RECONCILE_WITHIN_MS,
              },
            }
          : {}),
      });
      sync = { practiceKey, sink, abort, engine };
      void engine
        .runOnce({ priority: 'background', signal: abort.signal, round, ...(lists ? { lists } : {}) })
        .catch((error: unknown) => abort.signal.aborted || deps.log?.error('Sync run failed', error)) // a pause or sign-out is no failure
        .finally(() => {
          if (sync?.sink === sink) sync = null;
          if (abort.signal.aborted)
            for (const [name, r] of status) if (r.state === 'running') status.set(name, { ...r, state: 'waiting' });
          emitProgress(practiceKey, [...status.values()], false, deps.clock.now().toISOString());
        });
      return true;
    },

    /** Pause: the run stops after the page in flight; the next start resumes from the stored page. */
    pause(practiceKey: string): boolean {
      if (sync?.practiceKey !== practiceKey) return false;
      stop('Sync paused.');
      return true;
    },

    /** Stops whatever runs (sign-out of the active practice, closing), telling the renderer why. */
    stop,

    /** The cursors the last run of this practice started from (none before its first run). */
    cursorsOf: (practiceKey: string): Readonly<Record<string, SyncCursor>> | undefined => startedFrom.get(practiceKey),

    /** What the run of this practice still needs; null when none runs. */
    planOf: (practiceKey: string): RunPlan | null => (sync?.practiceKey === practiceKey ? sync.engine.plan() : null),

    acknowledge: (pageId: string, ok: boolean, error?: string): boolean =>
      sync?.sink.acknowledge(pageId, ok, error) ?? false,
  };
}
export type SyncRunner = ReturnType<typeof createSyncRunner>;
