import { syncCursorSchema, type SyncCursor } from '../../../src-preload/contract/sync';
import { syncResources, type SyncResource } from '../../sync/sync-resources';
import type { SyncPageCommit, SyncSink } from '../../sync/sync-sink';
import type { HubDatabase } from '../db/database';
import { removeRecordsNotIn, upsertRecords } from './mirror-store';

export interface HubSinkEvents {
  /** After a commit in which records really changed: which resource, how many. */
  onChanged?: (change: { resource: string; changed: number }) => void;
}

/**
 * The sync engine's sink on the hub's database: each page's records and its cursor commit in one
 * transaction, so a crash between pages resumes from the last committed page and never skips one.
 */
export function createHubSyncSink(
  db: HubDatabase,
  events: HubSinkEvents = {},
  resources: readonly SyncResource[] = syncResources,
): SyncSink {
  const keyOf = (resource: string) => {
    const definition = resources.find((r) => r.name === resource);
    if (!definition) throw new Error(`The hub does not mirror ${resource}.`);
    return definition.key as (record: unknown) => string | number;
  };
  return {
    async loadCursors() {
      const rows = await db.query<{ resource: string; cursor: unknown }>('SELECT resource, cursor FROM sync_cursors');
      const cursors: Record<string, SyncCursor | undefined> = {};
      for (const row of rows) {
        const parsed = syncCursorSchema.safeParse(typeof row.cursor === 'string' ? JSON.parse(row.cursor) : row.cursor);
        // A cursor that no longer parses restarts its resource with a full pass rather than stopping the hub.
        if (parsed.success) cursors[row.resource] = parsed.data;
      }
      return cursors;
    },
    async commitPage(page: SyncPageCommit) {
      const cursor = syncCursorSchema.parse(page.cursor);
      const key = keyOf(page.resource);
      const records = page.records.map((record) => ({ key: String(key(record)), record }));
      const changed = await db.transaction(async (tx) => {
        let count = await upsertRecords(tx, page.resource, records);
        if (page.replaceAll)
          count += await removeRecordsNotIn(
            tx,
            page.resource,
            records.map((r) => r.key),
          );
        await tx.query(
          `INSERT INTO sync_cursors (resource, cursor) VALUES ($1, $2::jsonb)
           ON CONFLICT (resource) DO UPDATE SET cursor = EXCLUDED.cursor`,
          [page.resource, JSON.stringify(cursor)],
        );
        return count;
      });
      if (changed > 0) events.onChanged?.({ resource: page.resource, changed });
    },
  };
}
