import type { Companion } from '../../src-preload/contract/companion';
import { isOnline, useConnectivity } from '../connectivity/connectivity-store';
import type { Clock } from '../jobs/clock';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { createDocumentRequestsJob, requestDocument } from '../meeting-packs/document-requests-job';
import { createMeetingPacks, type MeetingPackService } from '../meeting-packs/meeting-packs-job';
import { useNotices, type Notice } from '../notices/notice-store';
import { createOutbox, OUTBOX_JOB, type OutboxService } from '../outbox/outbox-job';
import type { DocumentRequest, PracticeDatabases } from '../practice/practice-db';
import { createPracticeService, type PracticeService } from '../practice/practice-service';
import { activePractice, usePractice } from '../practice/practice-store';
import { createSyncJob } from '../practice/sync-job';

export interface RendererJobsDeps {
  companion: Companion;
  databases: PracticeDatabases;
  /** A failed run that the job itself did not turn into a notice (the sync's), for main's log. */
  onError(name: string, error: unknown): void;
  clock?: Clock;
}

export interface RendererJobs {
  runner: JobRunner;
  outbox: OutboxService;
  meetingPacks: MeetingPackService;
  practice: PracticeService;
  /** "Download when online": stores the request and kicks the document-requests job. */
  requestDocument(practiceKey: string, request: DocumentRequest): Promise<void>;
  notify(notice: Omit<Notice, 'id'>): void;
  /** Starts the jobs (the first sync is kicked by whoever reads the list of practices). Returns the stop. */
  start(): () => void;
}

/**
 * The four background jobs on one runner (document requests, meeting packs, outbox, sync) and the services
 * that kick them, wired to the stores: the active practice and the connection come from there.
 */
export function createRendererJobs(deps: RendererJobsDeps): RendererJobs {
  const { companion, databases } = deps;
  const notify = (notice: Omit<Notice, 'id'>): void => useNotices.getState().push(notice);
  const online = (): boolean => isOnline(useConnectivity.getState());
  const activeKey = (): string | null => activePractice(usePractice.getState())?.practiceKey ?? null;

  const runner = createJobRunner({
    activePracticeKey: activeKey,
    subscribePracticeChange: (listener) =>
      usePractice.subscribe((state, previous) => {
        if (state.activePracticeKey !== previous.activePracticeKey) listener();
      }),
    subscribeReconnect: (listener) => {
      let wasOnline = online();
      return useConnectivity.subscribe((state) => {
        const now = isOnline(state);
        if (now && !wasOnline) listener();
        wasOnline = now;
      });
    },
    onError: deps.onError,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  const practice = createPracticeService({ companion, databases, cancelJobs: () => runner.cancelRuns() });
  const outbox = createOutbox({
    companion,
    databases,
    runner,
    activePractice: () => {
      const active = activePractice(usePractice.getState());
      return active ? { practiceKey: active.practiceKey, canWrite: active.canWrite } : null;
    },
    online,
    notify,
  });
  const meetingPacks = createMeetingPacks({
    companion,
    databases,
    runner,
    activePracticeKey: activeKey,
    online,
    notify,
  });
  // In this order: on a common trigger document requests start first, and a meeting-pack run waits for them.
  runner.register(createDocumentRequestsJob({ companion, databases, online, notify }));
  runner.register(meetingPacks.job);
  runner.register(outbox.job);
  runner.register(createSyncJob({ companion, databases }));

  return {
    runner,
    outbox: outbox.service,
    meetingPacks: meetingPacks.service,
    practice,
    requestDocument: (practiceKey, request) => requestDocument({ databases, runner }, practiceKey, request),
    notify,
    start() {
      // A changed list of practices may have made the active one's credentials writable.
      const offPractices = usePractice.subscribe((state, previous) => {
        if (state.practices !== previous.practices) runner.kick(OUTBOX_JOB);
      });
      runner.start();
      return () => {
        offPractices();
        runner.stop();
      };
    },
  };
}
