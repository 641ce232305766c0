import type { Companion } from '../../src-preload/contract/companion';
import type { PracticeSummary } from '../../src-preload/contract/practice';
import type { Clock } from '../jobs/clock';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { JobItemRef } from '../jobs/job-error';
import { DOCUMENT_REQUESTS_JOB } from '../meeting-packs/document-request';
import { createDocumentRequestsJob } from '../meeting-packs/document-requests-job';
import type { MeetingPackStore } from '../stores/meeting-pack-store';
import { createMeetingPacks, MEETING_PACKS_JOB, type MeetingPackService } from '../meeting-packs/meeting-packs-job';
import type { Notice } from '../stores/notice-store';
import { createOutbox, type OutboxService } from '../outbox/outbox-job';
import type { OutboxStore } from '../stores/outbox-store';
import type { PracticeDatabases } from '../data/practice-db';

export interface DeferredJobsDeps {
  companion: Companion;
  databases: PracticeDatabases;
  runner: JobRunner;
  outboxStore: OutboxStore;
  meetingPackStore: MeetingPackStore;
  /** The practice shown, as renderer-jobs.ts reads it from the practice store; null when none is connected. */
  activePractice(): PracticeSummary | null;
  clock: Clock;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
  onError(name: string, error: unknown, item?: JobItemRef): void;
}

export interface DeferredJobs {
  /** In the order they are registered: on a common trigger document requests start first, and a meeting-pack run waits for them. */
  jobs: JobDefinition[];
  outbox: OutboxService;
  meetingPacks: MeetingPackService;
}

/**
 * The jobs that carry the contract's schemas (the outbox's operations, the documents'): renderer-jobs.ts loads
 * this module once the first screen has painted, or when a screen first queues an action, so none of it is
 * fetched, parsed or built before the first rows.
 */
export function createDeferredJobs(deps: DeferredJobsDeps): DeferredJobs {
  const { companion, databases, runner } = deps;
  const outbox = createOutbox({
    companion,
    databases,
    runner,
    store: deps.outboxStore,
    activePractice: () => {
      const active = deps.activePractice();
      return active ? { practiceKey: active.practiceKey, canWrite: active.canWrite } : null;
    },
    online: deps.online,
    notify: deps.notify,
  });
  const meetingPacks = createMeetingPacks({
    companion,
    databases,
    runner,
    store: deps.meetingPackStore,
    activePracticeKey: () => deps.activePractice()?.practiceKey ?? null,
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
  };
}
