import { describe, expect, it } from 'vitest';
import { createDemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { HubDatabase } from '../../../src-main/hub/db/database';
import { openPglite } from '../../../src-main/hub/db/database';
import { createHubSyncSink } from '../../../src-main/hub/mirror/hub-sync-sink';
import { readPage } from '../../../src-main/hub/mirror/mirror-store';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { emptyCursor } from '../../../src-main/sync/pass-rules';
import type { SyncCursor, SyncedResourceName } from '../../../src-preload/contract/sync';
import { hubTestEngine, useHubDatabase } from './hub-database';

const hub = useHubDatabase();

const cursor = (resource: SyncedResourceName, nextPage: number): SyncCursor => ({
  ...emptyCursor(resource),
  nextPage,
});

const lead = (leadKey: string, name: string) => ({ leadKey, name });

async function rowsOf(db: HubDatabase, resource: string) {
  return readPage(db, { resource, changedSince: null, filter: null, pageNumber: 1, pageSize: 1000 });
}

describe(`the hub mirror on ${hubTestEngine}`, () => {
  it('commits a page and its cursor together or not at all', async () => {
    const db = hub.db();
    const sink = createHubSyncSink(db);
    const empty = await sink.loadCursors();
    const template = empty.leads ?? cursor('leads', 2);
    // A database that fails the cursor's write, after the records' write in the same transaction.
    const failing: HubDatabase = {
      ...db,
      query: db.query,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: (sql, params) =>
              sql.includes('sync_cursors') ? Promise.reject(new Error('disk full')) : tx.query(sql, params),
          }),
        ),
    };
    const page = { resource: 'leads' as const, records: [lead('1', 'Ada')], replaceAll: false, cursor: template };
    await expect(createHubSyncSink(failing).commitPage(page)).rejects.toThrow('disk full');
    expect(await rowsOf(db, 'leads')).toEqual([]);
    expect((await sink.loadCursors()).leads).toBeUndefined();

    await sink.commitPage(page);
    expect((await rowsOf(db, 'leads')).map((r) => r.record)).toEqual([lead('1', 'Ada')]);
    expect((await sink.loadCursors()).leads).toEqual(template);
  });

  it('moves change time and sequence only for records that really changed', async () => {
    const db = hub.db();
    const sink = createHubSyncSink(db);
    const commit = (records: unknown[]) =>
      sink.commitPage({ resource: 'leads', records, replaceAll: false, cursor: cursor('leads', 1) });
    await commit([lead('10', 'Bea'), lead('11', 'Cy')]);
    const before = await rowsOf(db, 'leads');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The same content re-read (keys in another order) bumps nothing; a changed one moves forward.
    await commit([{ name: 'Bea', leadKey: '10' }, lead('11', 'Cy (renamed)')]);
    const after = await rowsOf(db, 'leads');
    const find = (rows: typeof before, key: string) => rows.find((r) => r.key === key)!;
    expect(find(after, '10')).toEqual(find(before, '10'));
    expect(find(after, '11').changeSeq).toBeGreaterThan(find(before, '11').changeSeq);
    expect(Date.parse(find(after, '11').changedAt)).toBeGreaterThan(Date.parse(find(before, '11').changedAt));
    expect(find(after, '11').record).toEqual(lead('11', 'Cy (renamed)'));
  });

  // Only PGlite has a data folder to guard; a PostgreSQL server takes any number of connections.
  it.runIf(hubTestEngine === 'pglite')('refuses a second process on the same data folder', async () => {
    // The lock names a live process (this one), so a second open must refuse rather than corrupt the folder.
    await expect(openPglite(hub.dataDir())).rejects.toThrow(/in use by process/);
  });

  it('mirrors the demo practice through main’s sync engine', async () => {
    const demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
    try {
      const practice = demo.practices[0]!;
      const api = createPartnerApiClient({
        baseUrl: practice.baseUrl,
        credentials: () => practice.readWrite,
        fetch,
        sleep: async () => undefined,
      });
      const db = hub.db();
      const engine = createSyncEngine({ api, sink: createHubSyncSink(db) });
      const results = await engine.runOnce({ priority: 'interactive' });
      expect(results.filter((r) => r.state === 'failed')).toEqual([]);
      const state = demo.runtime.practices[0]!;
      const entities = await rowsOf(db, 'entities');
      expect(entities.map((r) => r.key).sort()).toEqual([...state.entities.keys()].sort());
      const contacts = await db.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM mirror_records WHERE resource = 'contacts'",
      );
      // Every contact, the deleted ones flagged: they are read with the rest so none leaves the list mid-read.
      expect(Number(contacts[0]!.n)).toBe(state.contacts.size);
    } finally {
      await demo.close();
    }
  });
});
