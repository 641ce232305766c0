import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { SyncProgressEvent } from '../../src-preload/contract/practice';
import type { SyncCursor } from '../../src-preload/contract/sync';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { createBridgeSyncSink, type BridgeSyncSink } from '../sync/bridge-sync-sink';
import { createSyncEngine, type RunPlan, type SyncEngine } from '../sync/sync-engine';
import { syncResources } from '../sync/sync-resources';
import type { PracticeSessionDeps } from './session-deps';
import { cursorHomeOf } from './connection-moves';
import { createSyncSources, type SyncRoute } from './sync-source';
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
  /** The laptop's own Partner API client beside the hub (null without its own credentials): the fall-back. */
  directTarget?(practiceKey: string): { api: PartnerApiClient } | null;
  /** How long the hub must fail before a practice read through it is read directly (default ten minutes). */
  fallBackAfterMs?: number;
}

const syncedNames = new Set<string>(syncResources.map((resource) => resource.name));

/** One sync run at a time, of the active practice: start, pause, page acknowledgements and progress events. */
export function createSyncRunner(deps: SyncRunnerDeps) {
  let sync: {
    practiceKey: string;
    sink: BridgeSyncSink;
    abort: AbortController;
    engine: SyncEngine | null;
  } | null = null;
  // A practice read through the hub: which source each run reads (hub-fallback-policy.ts).
  const sources = createSyncSources({
    now: () => deps.clock.now(),
    directTarget: (key) => deps.directTarget?.(key) ?? null,
    ...(deps.fallBackAfterMs !== undefined ? { fallBackAfterMs: deps.fallBackAfterMs } : {}),
  });
  // The source of each practice's latest run, said in its progress events (the status bar words it).
  const routes = new Map<string, Pick<SyncRoute, 'setting' | 'hubUnreachableSince'>>();
  // The cursors each practice's last run started from: the cost per hour sizes whole re-reads from them.
  const startedFrom = new Map<string, Record<string, SyncCursor>>();
  // The window's cursors as main last saw them: those a run started from, advanced by each page the window
  // acknowledged (it stores records and cursor in one transaction before it does). Only these let main start
  // a run of poked lists itself; forgotten whenever the window's copy may have changed without main.
  const windowCursors = new Map<string, Map<string, SyncCursor>>();
  // Lists a poke named while a run was under way: read when it ends.
  const pokedLists = new Map<string, Set<string>>();
  // A practice whose sync the user paused: main starts nothing for it until the window starts a run again.
  const paused = new Set<string>();

  function emitProgress(
    practiceKey: string,
    resources: SyncProgressEvent['resources'],
    running: boolean,
    lastRunAt: string | null,
  ): void {
    const route = routes.get(practiceKey);
    deps.events.emit('sync.progress', {
      practiceKey,
      running,
      resources,
      lastRunAt,
      budget: deps.budgetStatus(practiceKey),
      ...(route ? { source: { reads: route.setting.current, hubUnreachableSince: route.hubUnreachableSince } } : {}),
    });
  }

  function stop(reason: string): void {
    sync?.abort.abort();
    sync?.sink.cancel(reason);
    sync = null;
  }

  /**
   * The hub poked: a run of these lists from the window's cursors, at once or when the run under way ends.
   * False when main cannot (it knows no cursors of the window's yet, the sync is paused, the practice is not
   * the active one): the window starts the run then, from its own cursors.
   */
  function forgetWindowCursors(): void {
    windowCursors.clear();
    pokedLists.clear();
  }

  function syncPoked(practiceKey: string, poked: readonly string[]): boolean {
    const cursors = windowCursors.get(practiceKey);
    // Only the lists this laptop syncs (a client's proposals are re-read by the window, per client).
    const lists = poked.filter((list) => syncedNames.has(list));
    if (lists.length === 0 || !cursors || paused.has(practiceKey) || !deps.target(practiceKey)) return false;
    // Behind another practice's run (the window switched practice) it is the window's to start, after that one.
    if (sync && sync.practiceKey !== practiceKey) return false;
    if (sync) {
      const waiting = pokedLists.get(practiceKey) ?? new Set<string>();
      for (const list of lists) waiting.add(list);
      pokedLists.set(practiceKey, waiting);
      return true;
    }
    return runner.start(practiceKey, [...cursors.values()], 'due', lists);
  }

  const runner = {
    /** Starts one sync run of the active practice from the renderer's stored cursors; progress arrives as events. */
    start(
      practiceKey: string,
      cursors: readonly SyncCursor[],
      round: SyncRound = 'due',
      lists?: readonly string[],
    ): boolean {
      const target = deps.target(practiceKey);
      if (!target || sync) return false;
      paused.delete(practiceKey);
      startedFrom.set(practiceKey, Object.fromEntries(cursors.map((cursor) => [cursor.resource, cursor])));
      const known = new Map(cursors.map((cursor) => [cursor.resource, cursor]));
      windowCursors.set(practiceKey, known);
      const sink = createBridgeSyncSink({
        practiceKey,
        cursors,
        emit: (page) => deps.events.emit('sync.page', page),
        onStored: (cursor) => {
          if (windowCursors.get(practiceKey) === known) known.set(cursor.resource, cursor);
        },
        newId: deps.newId,
      });
      const abort = new AbortController();
      const throughHub = target.practice.through === 'hub';
      // Through the hub there is no Client ID budget to plan against (see createClientFactory); a fall-back
      // to the Partner API plans no reconciliation either (it lasts until the hub answers again).
      const budget = throughHub ? undefined : deps.budgetFor?.(target.practice.clientId);
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
      const engineFor = (chosen: SyncRoute) =>
        createSyncEngine({
          api: chosen.api,
          source: chosen.setting,
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
      const current = { practiceKey, sink, abort, engine: null as SyncEngine | null };
      sync = current;
      void (async () => {
        // Every run stamps its cursors with the source it read, so a move between direct and the hub never
        // takes one source's cursor for the other's (connection-moves.ts).
        const home = cursorHomeOf(target.practice);
        const chosen = throughHub
          ? await sources.route(practiceKey, target.api, abort.signal, home)
          : { api: target.api, setting: { current: 'direct' as const, home }, hubUnreachableSince: null };
        if (throughHub) routes.set(practiceKey, chosen);
        else routes.delete(practiceKey);
        current.engine = engineFor(chosen);
        if (abort.signal.aborted) return;
        await current.engine.runOnce({
          priority: 'background',
          signal: abort.signal,
          round,
          ...(lists ? { lists } : {}),
        });
      })()
        .catch((error: unknown) => abort.signal.aborted || deps.log?.error('Sync run failed', error)) // a pause or sign-out is no failure
        .finally(() => {
          if (sync?.sink === sink) sync = null;
          if (abort.signal.aborted)
            for (const [name, r] of status) if (r.state === 'running') status.set(name, { ...r, state: 'waiting' });
          emitProgress(practiceKey, [...status.values()], false, deps.clock.now().toISOString());
          // Lists poked during this run, read now — unless another run began meanwhile (after a pause or a
          // stop): then they wait for that one to end.
          const waiting = sync ? undefined : pokedLists.get(practiceKey);
          if (waiting) {
            pokedLists.delete(practiceKey);
            syncPoked(practiceKey, [...waiting]);
          }
        });
      return true;
    },

    /** The connectivity probe of a hub-read practice's address: see SyncSources.probed. */
    hubProbed: (practiceKey: string, answered: boolean): Promise<boolean> => sources.probed(practiceKey, answered),

    syncPoked,

    /** Pause: the run stops after the page in flight; the next start resumes from the stored page. */
    pause(practiceKey: string): boolean {
      paused.add(practiceKey);
      pokedLists.delete(practiceKey);
      if (sync?.practiceKey !== practiceKey) return false;
      stop('Sync paused.');
      return true;
    },

    /**
     * Stops whatever runs (sign-out of the active practice, a changed connection, closing), telling the
     * renderer why; what main knew of the window's cursors is forgotten (its copy may go or move).
     */
    stop(reason: string): void {
      stop(reason);
      forgetWindowCursors();
    },

    /**
     * The window's copy may change without a run of main's (a sign-out of any practice deletes its database,
     * a connect makes another practice the active one): main trusts no cursor it learnt before, until the
     * window starts a run again.
     */
    forgetWindowCursors,

    /** The cursors the last run of this practice started from (none before its first run). */
    cursorsOf: (practiceKey: string): Readonly<Record<string, SyncCursor>> | undefined => startedFrom.get(practiceKey),

    /** What the run of this practice still needs; null when none runs. */
    planOf: (practiceKey: string): RunPlan | null =>
      sync?.practiceKey === practiceKey ? (sync.engine?.plan() ?? null) : null,

    acknowledge: (pageId: string, ok: boolean, error?: string): boolean =>
      sync?.sink.acknowledge(pageId, ok, error) ?? false,
  };
  return runner;
}
