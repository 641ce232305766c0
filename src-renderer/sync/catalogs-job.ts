import type { JobDefinition } from '../jobs/job-runner';

export const CATALOGS_JOB = 'catalogs';

export interface CatalogsJobDeps {
  /** Main runs one sync at a time: whether one is under way now. */
  syncRunning(): boolean;
  /** Calls back whenever the sync's progress changes; returns the unsubscribe. */
  onSyncProgress(listener: () => void): () => void;
  /** Asks main for a catalogs round (PracticeService.syncCatalogs). */
  syncCatalogs(): Promise<void>;
}

/**
 * A form that needs catalogs opened while a sync run was under way: its ask waits for that run to end and then
 * asks for the catalogs round. Kicked only (`PracticeService.syncCatalogs` defers here); the runner folds the asks
 * of several forms opened meanwhile into one more run, and a practice switch cancels the wait.
 */
export function createCatalogsJob(deps: CatalogsJobDeps): JobDefinition {
  return {
    name: CATALOGS_JOB,
    onStart: false,
    onReconnect: false,
    onPracticeChange: false,
    async run({ signal }) {
      await untilSyncEnds(deps, signal);
      if (!signal.aborted) await deps.syncCatalogs();
    },
  };
}

function untilSyncEnds(deps: CatalogsJobDeps, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (!deps.syncRunning() || signal.aborted) return resolve();
    const done = (): void => {
      off();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const off = deps.onSyncProgress(() => {
      if (!deps.syncRunning()) done();
    });
    signal.addEventListener('abort', done, { once: true });
  });
}
