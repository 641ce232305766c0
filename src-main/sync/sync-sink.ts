import type { SyncCursor, SyncedResourceName } from '../../src-preload/contract/sync';

/** One page to store: its records and the resource's cursor, committed together or not at all. */
export interface SyncPageCommit {
  resource: SyncedResourceName;
  records: unknown[];
  /** Snapshot resources replace everything they had; paged ones upsert by key (overlap is expected). */
  replaceAll: boolean;
  cursor: SyncCursor;
}

/**
 * Where synced data goes. In the app it is the renderer's Dexie database (commit = one transaction,
 * then an acknowledgement, and only then does main fetch the next page); in tests an in-memory store.
 */
export interface SyncSink {
  loadCursors(): Promise<Record<string, SyncCursor | undefined>>;
  commitPage(page: SyncPageCommit): Promise<void>;
}
