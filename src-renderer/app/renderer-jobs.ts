import type { Companion } from '../../src-preload/contract/companion';
import { isOnline } from '../connectivity/connectivity-store';
import { systemClock, type Clock } from '../jobs/clock';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import {
  createDocumentRequestsJob,
  DOCUMENT_REQUESTS_JOB,
  requestDocument,
} from '../meeting-packs/document-requests-job';
import type { JobItemRef } from '../jobs/job-error';
import { createMeetingPacks, MEETING_PACKS_JOB, type MeetingPackService } from '../meeting-packs/meeting-packs-job';
import { type Notice } from '../notices/notice-store';
import { createOutbox, OUTBOX_JOB, type OutboxService } from '../outbox/outbox-job';
import type { DocumentRequest, PracticeDatabases } from '../data/practice-db';
import { createPracticeService, type PracticeService } from '../session/practice-service';
import { activePractice } from '../session/practice-store';
import { createSyncJob, SYNC_JOB } from '../sync/sync-job';
import { CATALOGS_JOB, createCatalogsJob } from '../sync/catalogs-job';
import { createSyncSchedule, type SyncSchedule } from '../sync/sync-schedule';
import type { PresenceSource } from '../presence/presence-source';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import type { RendererStores } from '../context/renderer-stores';

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
}

export interface RendererJobs {
  runner: JobRunner;
  outbox: OutboxService;
  meetingPacks: MeetingPackService;
  practice: PracticeService;
  /** When the background sync runs next (sync-schedule.ts). */
  syncSchedule: SyncSchedule;
  /** "Download when online": stores the request and kicks the document-requests job. */
  requestDocument(practiceKey: string, request: DocumentRequest): Promise<void>;
  notify(notice: Omit<Notice, 'id'>): void;
  /** Starts the jobs (the first sync is kicked by whoever reads the list of practices). Returns the stop. */
  start(): () => void;
  /** Keeps the active practice's request budget as main pushes it. Returns the stop. */
  watchBudget(): () => void;
}

/** Without a presence source (tests, integration): the user is always at the window. */
const alwaysActive: PresenceSource = {
  current: () => 'active',
  subscribe: () => () => undefined,
  start: () => undefined,
  stop: () => undefined,
};

/**
 * The four background jobs on one runner (document requests, meeting packs, outbox, sync) and the services
 * that kick them, wired to the stores: the active practice and the connection come from there.
 */
export function createRendererJobs(deps: RendererJobsDeps): RendererJobs {
  const { companion, databases, stores } = deps;
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
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  const presence = deps.presence ?? alwaysActive;
  const syncSchedule = createSyncSchedule({
    clock: deps.clock ?? systemClock,
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
  const outbox = createOutbox({
    companion,
    databases,
    runner,
    store: stores.outbox,
    activePractice: () => {
      const active = activePractice(stores.practice.getState());
      return active ? { practiceKey: active.practiceKey, canWrite: active.canWrite } : null;
    },
    online,
    notify,
  });
  const meetingPacks = createMeetingPacks({
    companion,
    databases,
    runner,
    store: stores.meetingPacks,
    activePracticeKey: activeKey,
    online,
    notify,
    report: (error, item) => deps.onError(MEETING_PACKS_JOB, error, item),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  // In this order: on a common trigger document requests start first, and a meeting-pack run waits for them.
  const clock = deps.clock ?? systemClock;
  runner.register(
    createDocumentRequestsJob({
      companion,
      databases,
      online,
      notify,
      clock,
      wakeAt: (epochMs) => runner.wakeAt(DOCUMENT_REQUESTS_JOB, epochMs),
      report: (error, item) => deps.onError(DOCUMENT_REQUESTS_JOB, error, item),
    }),
  );
  runner.register(meetingPacks.job);
  runner.register(outbox.job);
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

  return {
    runner,
    outbox: outbox.service,
    meetingPacks: meetingPacks.service,
    practice,
    syncSchedule,
    requestDocument: (practiceKey, request) => requestDocument({ databases, runner }, practiceKey, request),
    notify,
    start() {
      // A changed list of practices may have made the active one's credentials writable.
      const offPractices = stores.practice.subscribe((state, previous) => {
        if (state.practices !== previous.practices) runner.kick(OUTBOX_JOB);
      });
      const offPresence = presence.subscribe((now, before) => syncSchedule.presenceChanged(now, before));
      runner.start();
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
