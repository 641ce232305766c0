import type { Companion } from '../../src-preload/contract/companion';
import type { Presence } from '../../src-preload/contract/sync-cadence';
import type { JobDefinition } from '../jobs/job-runner';
import type { Notice } from '../notices/notice-store';
import { ingestPage } from './ingest';
import type { PracticeDatabases } from '../data/practice-db';
import type { PracticeStore } from '../session/practice-store';
import type { SyncSchedule } from './sync-schedule';
import { describeFailure, failureDiagnostics } from '../ui/words/describe-failure';

export const SYNC_JOB = 'sync';

/**
 * The background sync: timed by the sync schedule (sync-schedule.ts, from where the user is), and run when
 * the connection comes back. The first run after start is kicked by the root once the list of practices is
 * read; a new connection starts its own run (practice-service.ts), so a practice change does not kick this job.
 * Each run reads what is due (main's freshness tiers). Asleep, paused, offline or already running: it does nothing.
 */
export function createSyncJob(deps: {
  /** Starts a run of what is due (the practice service's `syncNow`: skipped while paused, offline or running). */
  syncDue(): Promise<void>;
  schedule: SyncSchedule;
  presence(): Presence;
}): JobDefinition {
  return {
    name: SYNC_JOB,
    onStart: false,
    onPracticeChange: false,
    run: async () => {
      if (deps.presence() === 'asleep') return;
      // Timed from the try, not from the start main confirms: a paused or skipped run must not be retried at once.
      deps.schedule.tried();
      await deps.syncDue();
    },
  };
}

/**
 * Stores every synced page (records and cursor in one transaction) and only then acknowledges it, which
 * is what lets main fetch the next page; keeps the store's progress and budget in step with main's events.
 */
export function watchSyncEvents(deps: {
  companion: Companion;
  databases: PracticeDatabases;
  practice: PracticeStore;
  notify(notice: Omit<Notice, 'id'>): void;
}): () => void {
  const { companion } = deps;
  const offPage = companion.on('sync.page', (page) => {
    ingestPage(deps.databases.of(page.practiceKey), page)
      .then(() => companion.sync.ack({ pageId: page.pageId, ok: true }))
      .catch((error: unknown) => {
        deps.notify({ tone: 'error', title: 'Could not store synced data', detail: describeFailure(error) });
        return companion.sync.ack({ pageId: page.pageId, ok: false, error: failureDiagnostics(error).slice(0, 900) });
      });
  });
  const offProgress = companion.on('sync.progress', (progress) =>
    deps.practice.setState({ progress, ...(progress.budget ? { budget: progress.budget } : {}) }),
  );
  return () => {
    offPage();
    offProgress();
  };
}
