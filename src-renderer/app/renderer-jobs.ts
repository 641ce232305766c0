import type { Companion } from '../../src-preload/contract/companion';
import { isOnline } from '../stores/connectivity-store';
import { systemClock, type Clock } from '../jobs/clock';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import type { JobItemRef } from '../jobs/job-error';
import type { MeetingPackService } from '../meeting-packs/meeting-packs-job';
import { type Notice } from '../stores/notice-store';
import type { OutboxService } from '../outbox/outbox-job';
import type { DocumentRequest, PracticeDatabases } from '../data/practice-db';
import { createPracticeService, type PracticeService } from '../session/practice-service';
import { activePractice } from '../stores/practice-store';
import { requestDocument } from '../meeting-packs/document-request';
import { createSyncJob, SYNC_JOB } from '../sync/sync-job';
import { CATALOGS_JOB, createCatalogsJob } from '../sync/catalogs-job';
import { createSyncSchedule, type SyncSchedule } from '../sync/sync-schedule';
import type { PresenceSource } from '../presence/presence-source';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import type { RendererStores } from '../stores/renderer-stores';
import type { createDeferredJobs, DeferredJobs } from './deferred-jobs';

export interface RendererJobsDeps {
  companion: Companion;
  databases: PracticeDatabases;
  /** The root's stores: the jobs read the active practice and the connection there, and write what they show. */
  stores: RendererStores;
  /** A failed run that the job itself did not turn into a notice (the sync's), or a queue item's, for main's log. */
  onError(name: string, error: unknown, item?: JobItemRef): void;
  clock?: Clock;
  /** Where the user is (presence-source.ts): the sync's cadence follows it. Default: always at the window. */
  presence?: PresenceSource;
  /** Loads the jobs' deferred parts (default: deferred-jobs.ts, a chunk of its own). */
  loadDeferred?: () => Promise<{ createDeferredJobs: typeof createDeferredJobs }>;
}

export interface RendererJobs {
  runner: JobRunner;
  /** Queues through the outbox job, loading it first if it is not yet (`load`). */
  outbox: OutboxService;
  /** The same, for meeting packs. */
  meetingPacks: MeetingPackService;
  practice: PracticeService;
  /** When the background sync runs next (sync-schedule.ts). */
  syncSchedule: SyncSchedule;
  /** "Download when online": stores the request and kicks the document-requests job. */
  requestDocument(practiceKey: string, request: DocumentRequest): Promise<void>;
  notify(notice: Omit<Notice, 'id'>): void;
  /**
   * Loads and registers the outbox, meeting-pack and document-request jobs (deferred-jobs.ts: with them the
   * contract's schemas), once. The sync and catalogs jobs are registered from the start; these three, and so
   * their names on the runner, only from then on.
   */
  load(): Promise<void>;
  /**
   * Starts the jobs, loading the deferred ones, and with them the practice hub's live updates (the first
   * sync is kicked by whoever reads the list of practices). Returns the stop.
   */
  start(): () => void;
  /** Keeps the active practice's request budget as main pushes it. Returns the stop. */
  watchBudget(): () => void;
}

/** Where a failure to load the deferred jobs is reported (main's log names it as a job's). */
export const DEFERRED_JOBS = 'deferred-jobs';

/** Without a presence source (tests, integration): the user is always at the window. */
const alwaysActive: PresenceSource = {
  current: () => 'active',
  subscribe: () => () => undefined,
  start: () => undefined,
  stop: () => undefined,
};

/**
 * The background jobs on one runner (document requests, meeting packs, outbox, catalogs, sync) and the services
 * that kick them, wired to the stores: the active practice and the connection come from there. The sync's
 * parts are here from the start (the practice service starts runs, the schedule times them); the jobs that
 * send and fetch for the screens are loaded once the first screen shows (`load`), see deferred-jobs.ts.
 */
export function createRendererJobs(deps: RendererJobsDeps): RendererJobs {
  const { companion, databases, stores } = deps;
  const clock = deps.clock ?? systemClock;
  const notify = (notice: Omit<Notice, 'id'>): void => stores.notices.getState().push(notice);
  const online = (): boolean => isOnline(stores.connectivity.getState());
  const activeKey = (): string | null => activePractice(stores.practice.getState())?.practiceKey ?? null;

  const runner = createJobRunner({
    activePracticeKey: activeKey,
    subscribePracticeChange: (listener) =>
      stores.practice.subscribe((state, previous) => {
        if (state.activePracticeKey !== previous.activePracticeKey) listener();
      }),
    subscribeReconnect: (listener) => {
      let wasOnline = online();
      return stores.connectivity.subscribe((state) => {
        const now = isOnline(state);
        if (now && !wasOnline) listener();
        wasOnline = now;
      });
    },
    onError: deps.onError,
    clock,
  });

  const presence = deps.presence ?? alwaysActive;
  const syncSchedule = createSyncSchedule({
    clock,
    presence: () => presence.current(),
    online,
    wakeAt: (epochMs) => runner.wakeAt(SYNC_JOB, epochMs),
    cancelWake: () => runner.cancelWake(SYNC_JOB),
    catchUp: () => runner.kick(SYNC_JOB, 'catch-up'),
  });
  // Any run started (on connect, "Sync now", the schedule's) times the next scheduled one; a catalogs run reads no lists.
  const onSyncStart = (round: SyncRound): void => {
    if (round !== 'catalogs') syncSchedule.tried();
  };
  // A form asked for catalogs while a run was under way: the catalogs job asks again when it ends.
  const practice = createPracticeService({
    companion,
    databases,
    store: stores.practice,
    connectivity: stores.connectivity,
    views: stores.views,
    notify,
    onSyncStart,
    deferCatalogs: () => runner.kick(CATALOGS_JOB),
    cancelJobs: () => runner.cancelRuns(),
  });
  // Registered from the start: the practice service kicks the catalogs job, and the schedule wakes the sync's.
  runner.register(
    createCatalogsJob({
      syncRunning: () => stores.practice.getState().progress?.running ?? false,
      onSyncProgress: (listener) =>
        stores.practice.subscribe((state, previous) => {
          if (state.progress !== previous.progress) listener();
        }),
      syncCatalogs: () => practice.syncCatalogs(),
    }),
  );
  runner.register(
    createSyncJob({ syncDue: () => practice.syncNow(), schedule: syncSchedule, presence: () => presence.current() }),
  );

  let deferred: Promise<DeferredJobs> | null = null;
  function load(): Promise<DeferredJobs> {
    deferred ??= (deps.loadDeferred ?? (() => import('./deferred-jobs')))()
      .then(({ createDeferredJobs }) => {
        const parts = createDeferredJobs({
          companion,
          databases,
          runner,
          outboxStore: stores.outbox,
          meetingPackStore: stores.meetingPacks,
          activePractice: () => activePractice(stores.practice.getState()) ?? null,
          clock,
          online,
          notify,
          onError: deps.onError,
        });
        for (const job of parts.jobs) runner.register(job);
        return parts;
      })
      .catch((error: unknown) => {
        // The chunk is part of the install, so this is a broken install, not a passing failure: the next use
        // asks again (the browser may answer from its module map with the same error), and each is reported.
        deferred = null;
        throw error;
      });
    return deferred;
  }
  const reportLoadFailure = (error: unknown): void => deps.onError(DEFERRED_JOBS, error);
  /** A call that returns nothing, made once the deferred jobs are there; a failure to load them goes to the log. */
  const later = (call: (parts: DeferredJobs) => void): void => void load().then(call).catch(reportLoadFailure);

  return {
    runner,
    outbox: {
      queue: async (input) => (await load()).outbox.queue(input),
      kick: (reason) => later((parts) => parts.outbox.kick(reason)),
      resume: () => later((parts) => parts.outbox.resume()),
    },
    meetingPacks: {
      prepare: async (entity, shown) => (await load()).meetingPacks.prepare(entity, shown),
      remove: async (packId) => (await load()).meetingPacks.remove(packId),
      retry: async (packId) => (await load()).meetingPacks.retry(packId),
    },
    practice,
    syncSchedule,
    // Stored at once, without the job's code (a request is never lost to a load); the job is kicked once loaded.
    requestDocument: (practiceKey, request) =>
      requestDocument({ databases, runner: { kick: (name) => later(() => runner.kick(name)) } }, practiceKey, request),
    notify,
    load: async () => void (await load()),
    start() {
      // A changed list of practices may have made the active one's credentials writable.
      const offPractices = stores.practice.subscribe((state, previous) => {
        if (state.practices !== previous.practices) later((parts) => parts.outbox.kick());
      });
      const offPresence = presence.subscribe((now, before) => syncSchedule.presenceChanged(now, before));
      runner.start();
      // Registered on the started runner, each deferred job runs at once, as it would have on start (after a
      // stop, registering starts nothing).
      void load().catch(reportLoadFailure);
      return () => {
        offPractices();
        offPresence();
        runner.stop();
      };
    },
    watchBudget() {
      // Main pushes the active practice's budget when it changes (never again until it changes): listened to
      // from the first moment, not with the jobs, and no screen asks for it every few seconds.
      return companion.on('practice.budget', ({ practiceKey, status }) => {
        if (practiceKey === activeKey()) stores.practice.setState({ budget: status });
      });
    },
  };
}
