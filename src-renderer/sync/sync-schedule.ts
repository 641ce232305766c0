import { syncEveryMs, type Presence } from '../../src-preload/contract/sync-cadence';
import type { Clock } from '../jobs/clock';

export interface SyncScheduleDeps {
  clock: Clock;
  presence(): Presence;
  online(): boolean;
  /** Runs the sync job at that time (epoch ms), replacing an earlier time. */
  wakeAt(epochMs: number): void;
  /** Forgets the time set by `wakeAt`. */
  cancelWake(): void;
  /** Runs the sync job now: a catch-up pass. */
  catchUp(): void;
}

/**
 * When the background sync runs: start to start, every `syncEveryMs(presence)` (5 minutes while the user
 * works, hourly when the window is hidden or the user away), nothing while the laptop sleeps or is offline.
 * Waking up (resume, unlock) runs one catch-up pass; coming back to the window runs one when the next run is
 * already due at the shorter cadence. A reconnect is the job runner's own catch-up (its reconnect kick).
 */
export function createSyncSchedule(deps: SyncScheduleDeps) {
  /** When a run was last tried (scheduled, caught up, or started by the user); null before the first. */
  let lastTryAt: number | null = null;

  /** When the next scheduled run is, or null when none is. */
  const nextAt = (): number | null => {
    const every = syncEveryMs(deps.presence());
    if (every === null || lastTryAt === null || !deps.online()) return null;
    return Math.max(deps.clock.now(), lastTryAt + every);
  };
  const arm = (): void => {
    const at = nextAt();
    if (at === null) deps.cancelWake();
    else deps.wakeAt(at);
  };

  return {
    nextAt,
    /** A run was tried or started now (even one that found nothing to do): the next one is timed from it. */
    tried(): void {
      lastTryAt = deps.clock.now();
      arm();
    },
    /** The presence changed: a new cadence from the last run, none while asleep, a catch-up on waking. */
    presenceChanged(now: Presence, before: Presence): void {
      // Also when no run was ever tried: the first one may have found the laptop asleep and done nothing.
      if (before === 'asleep' && now !== 'asleep' && deps.online()) deps.catchUp();
      else arm();
    },
  };
}
export type SyncSchedule = ReturnType<typeof createSyncSchedule>;
