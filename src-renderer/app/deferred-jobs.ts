import type { Companion } from '../../src-preload/contract/companion';
import type { SyncedResourceName } from '../../src-preload/contract/sync';
import type { Clock } from '../jobs/clock';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { JobItemRef } from '../jobs/job-error';
import {
  createDocumentRequestsJob,
  DOCUMENT_REQUESTS_JOB,
  requestDocument,
} from '../meeting-packs/document-requests-job';
import { createMeetingPacks, MEETING_PACKS_JOB, type MeetingPackService } from '../meeting-packs/meeting-packs-job';
import type { Notice } from '../notices/notice-store';
import { createOutbox, type OutboxService } from '../outbox/outbox-job';
import type { DocumentRequest, PracticeDatabases } from '../data/practice-db';
import { activePractice } from '../session/practice-store';
import { watchLiveUpdates } from '../sync/live-updates';
import type { RendererStores } from '../context/renderer-stores';

export interface DeferredJobsDeps {
  companion: Companion;
  databases: PracticeDatabases;
  stores: RendererStores;
  runner: JobRunner;
  clock: Clock;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
  onError(name: string, error: unknown, item?: JobItemRef): void;
  /** The practice service's run of named lists (a hub's poke names them). */
  syncLists(lists: readonly SyncedResourceName[]): Promise<boolean>;
}

export interface DeferredJobs {
  /** In the order they are registered: on a common trigger document requests start first, and a meeting-pack run waits for them. */
  jobs: JobDefinition[];
  outbox: OutboxService;
  meetingPacks: MeetingPackService;
  requestDocument(practiceKey: string, request: DocumentRequest): Promise<void>;
  /** The practice hub's pokes and live state (live-updates.ts). Returns the stop. */
  watchLiveUpdates(): () => void;
}

/**
 * The jobs' parts that carry the contract's schemas (the outbox's operations, the documents', the client
 * reads'): renderer-jobs.ts loads this module once the first screen has painted, or when a screen first
 * queues an action, so none of it is fetched, parsed or built before the first rows.
 */
export function createDeferredJobs(deps: DeferredJobsDeps): DeferredJobs {
  const { companion, databases, stores, runner } = deps;
  const outbox = createOutbox({
    companion,
    databases,
    runner,
    store: stores.outbox,
    activePractice: () => {
      const active = activePractice(stores.practice.getState());
      return active ? { practiceKey: active.practiceKey, canWrite: active.canWrite } : null;
    },
    online: deps.online,
    notify: deps.notify,
  });
  const meetingPacks = createMeetingPacks({
    companion,
    databases,
    runner,
    store: stores.meetingPacks,
    activePracticeKey: () => activePractice(stores.practice.getState())?.practiceKey ?? null,
    online: deps.online,
    notify: deps.notify,
    report: (error, item) => deps.onError(MEETING_PACKS_JOB, error, item),
    clock: deps.clock,
  });
  const documentRequests = createDocumentRequestsJob({
    companion,
    databases,
    online: deps.online,
    notify: deps.notify,
    clock: deps.clock,
    wakeAt: (epochMs) => runner.wakeAt(DOCUMENT_REQUESTS_JOB, epochMs),
    report: (error, item) => deps.onError(DOCUMENT_REQUESTS_JOB, error, item),
  });
  return {
    jobs: [documentRequests, meetingPacks.job, outbox.job],
    outbox: outbox.service,
    meetingPacks: meetingPacks.service,
    requestDocument: (practiceKey, request) => requestDocument({ databases, runner }, practiceKey, request),
    watchLiveUpdates: () =>
      watchLiveUpdates({
        companion,
        databases,
        practice: stores.practice,
        liveStatus: stores.liveStatus,
        syncLists: deps.syncLists,
      }),
  };
}
