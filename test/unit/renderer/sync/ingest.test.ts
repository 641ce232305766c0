import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncPageEvent } from '../../../../src-preload/contract/practice';
import { syncedResourceStorage, type SyncCursor } from '../../../../src-preload/contract/sync';
import { syncResources } from '../../../../src-main/sync/sync-resources';
import { ingestPage } from '../../../../src-renderer/sync/ingest';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';

const practiceKey = '11111111-1111-4111-8111-111111111111';
afterEach(() => deletePracticeDb(practiceKey));

const cursor = (nextPage: number): SyncCursor => ({
  resource: 'entities',
  mode: 'full',
  watermark: null,
  nextPage,
  passServerTime: '2026-11-21T09:00:00.000Z',
  largestPage: 2,
  lastCompletedAt: null,
  recordsThisPass: 2 * (nextPage - 1),
});
const entity = (key: string, name: string) => ({
  entityKey: key,
  fullEntityName: name,
  entityCode: `C-${key.slice(0, 4)}`,
  entityEmail: null,
  entityTelephone: '(02) 9555 0101',
  entityMobile: null,
});
const page = (records: unknown[], next: number, extra: Partial<SyncPageEvent> = {}): SyncPageEvent => ({
  pageId: `p${next}`,
  practiceKey,
  resource: 'entities',
  records,
  replaceAll: false,
  cursor: cursor(next),
  ...extra,
});

describe('ingest of a synced page (records and cursor in one transaction)', () => {
  it('stores the records with a folded search field, and the cursor with them', async () => {
    const db = practiceDb(practiceKey);
    await ingestPage(db, page([entity('aaaa-1', 'Zoë Ngāta'), entity('bbbb-2', 'Björn Ek')], 2));
    expect(await db.entities.count()).toBe(2);
    const zoe = await db.entities.get('aaaa-1');
    expect(zoe!.search).toContain('zoe ngata');
    expect(zoe!.search).toContain('0295550101'); // phone digits alone, so "0295…" finds "(02) 95…"
    expect(await db.cursors.get('entities')).toMatchObject({ nextPage: 2 });
  });

  it('stores nothing — neither records nor cursor — when any record of the page cannot be stored', async () => {
    const db = practiceDb(practiceKey);
    await ingestPage(db, page([entity('aaaa-1', 'First')], 2));
    const broken = page([entity('cccc-3', 'Would be stored'), { fullEntityName: 'no key' }], 3);
    await expect(ingestPage(db, broken)).rejects.toThrow();
    expect(await db.entities.get('cccc-3')).toBeUndefined();
    expect(await db.cursors.get('entities')).toMatchObject({ nextPage: 2 }); // the pass resumes at the page that failed
  });

  it('upserts overlapping records by key, and a snapshot page replaces its whole table', async () => {
    const db = practiceDb(practiceKey);
    await ingestPage(db, page([entity('aaaa-1', 'Old name')], 2));
    await ingestPage(db, page([entity('aaaa-1', 'New name')], 3));
    expect(await db.entities.count()).toBe(1);
    expect((await db.entities.get('aaaa-1'))!.fullEntityName).toBe('New name');

    const users = (keys: string[]) => keys.map((userKey) => ({ userKey, name: userKey }));
    const usersCursor = { ...cursor(1), resource: 'users', mode: 'incremental' as const };
    await ingestPage(db, page(users(['u1', 'u2']), 1, { resource: 'users', replaceAll: true, cursor: usersCursor }));
    await ingestPage(db, page(users(['u3']), 1, { resource: 'users', replaceAll: true, cursor: usersCursor }));
    expect((await db.users.toArray()).map((u) => u.userKey)).toEqual(['u3']);
  });

  it('stores synced leads by leadKey with their cursor', async () => {
    const db = practiceDb(practiceKey);
    const lead = (leadKey: string, name: string) => ({
      leadKey,
      name,
      statusName: 'New',
      updatedOn: '2026-11-20T09:00:00.000Z',
    });
    const leadsCursor = { ...cursor(2), resource: 'leads' };
    await ingestPage(db, page([lead('l-1', 'Ana'), lead('l-2', 'Ben')], 2, { resource: 'leads', cursor: leadsCursor }));
    await ingestPage(
      db,
      page([lead('l-1', 'Ana Updated')], 3, { resource: 'leads', cursor: { ...leadsCursor, nextPage: 3 } }),
    );
    expect((await db.leads.toArray()).map((l) => l.name)).toEqual(['Ana Updated', 'Ben']);
    expect(await db.cursors.get('leads')).toMatchObject({ nextPage: 3 });
  });

  it("has a home for every resource main syncs: the contract names exactly main's list, a report as a report", async () => {
    expect(syncResources.map((r) => [r.name, r.kind === 'report' ? 'report' : 'table'])).toEqual(
      Object.entries(syncedResourceStorage),
    );
    const db = practiceDb(practiceKey);
    for (const r of syncResources) {
      await ingestPage(
        db,
        page([], 2, { resource: r.name, replaceAll: true, cursor: { ...cursor(2), resource: r.name } }),
      );
    }
    expect((await db.cursors.toArray()).map((c) => c.resource).sort()).toEqual(
      Object.keys(syncedResourceStorage).sort(),
    );
    expect((await db.reports.toArray()).map((r) => r.name).sort()).toEqual([
      'debtorAgeing',
      'debtorMovement',
      'dmsJobTemplates',
      'ledgerStatus',
      'pmJobTemplates',
      'proposalTemplates',
    ]);
  });

  it('refuses a resource it does not know, storing nothing', async () => {
    const db = practiceDb(practiceKey);
    await expect(ingestPage(db, page([], 2, { resource: 'secrets' as 'leads' }))).rejects.toThrow(
      /Unknown synced resource/,
    );
    expect(await db.cursors.count()).toBe(0);
  });
});
