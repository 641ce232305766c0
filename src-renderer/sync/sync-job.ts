import type { Presence } from '../../src-preload/contract/sync-cadence';
import type { JobDefinition } from '../jobs/job-runner';
import type { SyncSchedule } from './sync-schedule';

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
