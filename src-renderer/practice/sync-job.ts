import type { Companion } from '../../src-preload/contract/companion';
import type { JobDefinition } from '../jobs/job-runner';
import type { Notice } from '../notices/notice-store';
import { ingestPage } from './ingest';
import type { PracticeDatabases } from './practice-db';
import { usePractice, type PracticeDeps } from './practice-store';

export const SYNC_JOB = 'sync';
export const BACKGROUND_SYNC_MS = 5 * 60_000;

/**
 * The background incremental sync: every 5 minutes and when the connection comes back (a run while the
 * practice cannot be reached would only spend its retries). The first run after start is kicked by the
 * root once the list of practices is read; a new connection starts its own run (practice-store.ts), so a
 * practice change does not kick this job. Paused, offline or already running: the run does nothing.
 */
export function createSyncJob(deps: PracticeDeps): JobDefinition {
  return {
    name: SYNC_JOB,
    intervalMs: BACKGROUND_SYNC_MS,
    onStart: false,
    onPracticeChange: false,
    run: () => usePractice.getState().syncNow(deps),
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Stores every synced page (records and cursor in one transaction) and only then acknowledges it, which
 * is what lets main fetch the next page; keeps the store's progress and budget in step with main's events.
 */
export function watchSyncEvents(deps: {
  companion: Companion;
  databases: PracticeDatabases;
  notify(notice: Omit<Notice, 'id'>): void;
}): () => void {
  const { companion } = deps;
  const offPage = companion.on('sync.page', (page) => {
    ingestPage(deps.databases.of(page.practiceKey), page)
      .then(() => companion.sync.ack({ pageId: page.pageId, ok: true }))
      .catch((error: unknown) => {
        deps.notify({ tone: 'error', title: 'Could not store synced data', detail: message(error) });
        return companion.sync.ack({ pageId: page.pageId, ok: false, error: message(error).slice(0, 900) });
      });
  });
  const offProgress = companion.on('sync.progress', (progress) =>
    usePractice.setState({ progress, ...(progress.budget ? { budget: progress.budget } : {}) }),
  );
  return () => {
    offPage();
    offProgress();
  };
}
