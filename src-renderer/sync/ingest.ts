import type { IndexableType, Table } from 'dexie';
import type { Entity } from '../../src-preload/contract/partner-api';
import type { SyncPageEvent } from '../../src-preload/contract/practice';
import { syncedResourceStorage, type SyncedResourceName } from '../../src-preload/contract/sync';
import { effectTables } from '../effects/local-effects';
import { reapplyUnsent, rowsEditedLocally } from '../outbox/reapply-unsent';
import type { PracticeDb, StoredEntity } from '../data/practice-db';
import { foldForSearch } from '../search';

type TableName = {
  [N in SyncedResourceName]: (typeof syncedResourceStorage)[N] extends 'table' ? N : never;
}[SyncedResourceName];
// Indexing by TableName makes the compiler refuse a synced table the practice database does not declare.
const tableOf = (db: PracticeDb, name: TableName): Table<unknown, IndexableType> =>
  db[name] as Table<unknown, IndexableType>;

/** A client as stored: the record with the text the client search reads (name, preferred name, code, email, phones as typed and as digits). */
export function storedEntity(e: Entity): StoredEntity {
  return {
    ...e,
    search: foldForSearch(
      [
        e.fullEntityName,
        e.entitySalutation,
        e.entityCode,
        e.entityEmail,
        e.entityTelephone,
        e.entityMobile,
        e.entityTelephone?.replace(/\D/g, ''),
        e.entityMobile?.replace(/\D/g, ''),
      ].join(' '),
    ),
  };
}

function prepare(resource: TableName, records: unknown[]): unknown[] {
  if (resource !== 'entities') return records;
  return (records as Entity[]).map(storedEntity);
}

/**
 * Stores one synced page and its cursor in a single transaction: either both are there or neither,
 * so a crash can never leave a cursor pointing past data that was not stored.
 */
export async function ingestPage(db: PracticeDb, page: SyncPageEvent): Promise<void> {
  const resource = page.resource;
  // The bridge validates the name; this guards any other caller.
  if (!Object.hasOwn(syncedResourceStorage, resource)) throw new Error(`Unknown synced resource "${resource}".`);
  if (syncedResourceStorage[resource] === 'report') {
    const fetchedAt = page.cursor.lastCompletedAt ?? new Date().toISOString();
    await db.transaction('rw', db.reports, db.cursors, async () => {
      await db.reports.put({ name: resource, data: page.records[0] ?? null, fetchedAt });
      await db.cursors.put(page.cursor);
    });
    return;
  }
  const table = tableOf(db, resource as TableName);
  const rows = prepare(resource as TableName, page.records);
  // Rows the user may have edited offline take the outbox and the tables its effects touch along.
  const edited = rowsEditedLocally(resource);
  await db.transaction('rw', edited ? [table, db.cursors, ...effectTables(db)] : [table, db.cursors], async () => {
    if (page.replaceAll) await table.clear();
    await table.bulkPut(rows);
    if (edited) await reapplyUnsent(db, resource, page.records);
    await db.cursors.put(page.cursor);
  });
}
