import type { Companion } from '../../src-preload/contract/companion';
import type { SyncPageEvent } from '../../src-preload/contract/practice';
import type { PracticeDatabases, PracticeDb } from '../data/practice-db';
import type { Notice } from '../stores/notice-store';
import type { PracticeStore } from '../stores/practice-store';
import { describeFailure, failureDiagnostics } from '../ui/words/describe-failure';

type IngestPage = (db: PracticeDb, page: SyncPageEvent) => Promise<void>;

/**
 * The ingest (ingest.ts) parses every record with the contract's schemas and applies what the outbox still
 * holds: loaded with the first synced page, not with the window, so none of it runs before the first rows.
 * The listener below is there from the start all the same: a page main sends early is never missed.
 */
const ingestLazily: IngestPage = async (db, page) => (await import('./ingest')).ingestPage(db, page);

/**
 * Stores every synced page (records and cursor in one transaction) and only then acknowledges it, which
 * is what lets main fetch the next page; keeps the store's progress and budget in step with main's events.
 */
export function watchSyncEvents(deps: {
  companion: Companion;
  databases: PracticeDatabases;
  practice: PracticeStore;
  notify(notice: Omit<Notice, 'id'>): void;
  /** Stores one page (default: ingest.ts, loaded with the first page). */
  ingestPage?: IngestPage;
}): () => void {
  const { companion } = deps;
  const ingest = deps.ingestPage ?? ingestLazily;
  const offPage = companion.on('sync.page', (page) => {
    ingest(deps.databases.of(page.practiceKey), page)
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
