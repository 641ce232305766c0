import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../../src-main/hub/db/database';
import { createDeviceRegistry, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { createHubServer } from '../../../src-main/hub/http/hub-server';
import { registerMirrorRoutes } from '../../../src-main/hub/http/mirror-routes';
import { createHubSyncSink } from '../../../src-main/hub/mirror/hub-sync-sink';
import {
  removeClientRecordsNotIn,
  removeRecordsNotIn,
  resourceVersion,
  upsertRecords,
} from '../../../src-main/hub/mirror/mirror-store';
import { emptyCursor } from '../../../src-main/sync/pass-rules';
import { hubTestEngine, useHubDatabase } from './hub-database';

const hub = useHubDatabase();
const LAPTOPS = 10;
let baseUrl = '';
let device: DeviceCredential;
let close: () => Promise<void> = async () => undefined;
/** The mirror's reads of a window page and of a whole list, as the hub sends them to its database. */
const reads = { window: 0, whole: 0, list: 0 };

function counting(db: HubDatabase): HubDatabase {
  return {
    ...db,
    query: (sql, params) => {
      if (/record->>\$2 >= \$3/.test(sql)) reads.window += 1;
      if (/ORDER BY key/.test(sql) && params?.[3] === 2_147_483_647) reads.whole += 1;
      else if (/changed_at >= \$2/.test(sql)) reads.list += 1;
      return db.query(sql, params);
    },
  };
}

const bill = (id: number, billDate: string, total = 100) => ({ billingId: id, billDate, total });
const user = (key: string, name: string) => ({ userKey: key, name });

const get = (path: string) =>
  fetch(`${baseUrl}${path}`, { headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token } });
const tenAtOnce = (path: string) =>
  Promise.all(Array.from({ length: LAPTOPS }, async () => (await get(path)).json() as Promise<unknown[]>));

const WINDOW = '/api/v1/bills/list?startDate=2026-01-01&endDate=2026-12-01&pageNumber=1';

beforeAll(async () => {
  const db = hub.db();
  const devices = createDeviceRegistry(db);
  device = await devices.add('Laptop');
  const sink = createHubSyncSink(db);
  // A completed pass of the bills window (its day sets the window the hub holds) and of the users.
  const completed = { ...emptyCursor('bills'), lastCompletedAt: '2026-11-20T08:00:00.000Z' };
  await sink.commitPage({
    resource: 'bills',
    records: [bill(1, '2026-03-01'), bill(2, '2026-05-01'), bill(3, '2026-07-01')],
    replaceAll: false,
    cursor: completed,
  });
  await sink.commitPage({
    resource: 'users',
    records: [user('u1', 'Ada'), user('u2', 'Bea')],
    replaceAll: true,
    cursor: { ...emptyCursor('users'), lastCompletedAt: completed.lastCompletedAt },
  });
  const app = createHubServer({
    devices,
    register: (server) => registerMirrorRoutes(server, { db: counting(db), pageSize: 2 }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
}, 180_000);
afterAll(() => close());

describe(`every list the hub serves shares its pages between laptops, on ${hubTestEngine}`, () => {
  it('reads a window page (bills) once for ten laptops asking it at once, and again once it changed', async () => {
    reads.window = 0;
    const pages = await tenAtOnce(WINDOW);
    expect(pages.every((page) => JSON.stringify(page) === JSON.stringify(pages[0]))).toBe(true);
    expect(pages[0]).toEqual([bill(1, '2026-03-01'), bill(2, '2026-05-01')]);
    expect(reads.window).toBe(1);

    await upsertRecords(hub.db(), 'bills', [{ key: '1', record: bill(1, '2026-03-01', 250) }]);
    const after = await tenAtOnce(WINDOW);
    expect(after[0]).toEqual([bill(1, '2026-03-01', 250), bill(2, '2026-05-01')]);
    expect(reads.window).toBe(2);
  });

  it('reads a whole list (users) once for ten laptops, and again once a record went', async () => {
    reads.whole = 0;
    const pages = await tenAtOnce('/api/v1/users/list?pageNumber=1');
    expect(pages[0]).toEqual([user('u1', 'Ada'), user('u2', 'Bea')]);
    expect(reads.whole).toBe(1);

    await removeRecordsNotIn(hub.db(), 'users', ['u2']);
    expect(await (await get('/api/v1/users/list?pageNumber=1')).json()).toEqual([user('u2', 'Bea')]);
    expect(reads.whole).toBe(2);
  });
});

describe(`a list read page after page, on ${hubTestEngine}`, () => {
  it('costs one query for ten pages: the block a page falls in is read and kept at once', async () => {
    await upsertRecords(
      hub.db(),
      'leads',
      Array.from({ length: 25 }, (_, i) => ({ key: `l${String(i).padStart(2, '0')}`, record: { leadKey: i } })),
    );
    reads.list = 0;
    const served: unknown[] = [];
    // Pages of two: pages 1 to 10 are one block, 11 to 20 the next; page 14 is the first empty one.
    for (let pageNumber = 1; pageNumber <= 14; pageNumber++) {
      const page = (await (await get(`/api/v1/leads/list?pageNumber=${pageNumber}`)).json()) as unknown[];
      expect(page.length).toBe(pageNumber <= 12 ? 2 : pageNumber === 13 ? 1 : 0);
      served.push(...page);
    }
    expect(served).toEqual(Array.from({ length: 25 }, (_, i) => ({ leadKey: i })));
    expect(reads.list).toBe(2);
    // A change: the block is read again, from the new state.
    await upsertRecords(hub.db(), 'leads', [{ key: 'l00', record: { leadKey: 0, renamed: true } }]);
    expect(await (await get('/api/v1/leads/list?pageNumber=1')).json()).toEqual([
      { leadKey: 0, renamed: true },
      { leadKey: 1 },
    ]);
    expect(reads.list).toBe(3);
  });
});

describe(`a resource's version, on ${hubTestEngine}`, () => {
  it('moves with every write that changed or removed a record of it, and only then', async () => {
    const db = hub.db();
    const before = await resourceVersion(db, 'proposals');
    expect(before).toBe('0');
    const proposal = (key: string, status: string) => ({
      key,
      record: { proposalKey: key, entityKey: 'e1', statusName: status },
    });
    await upsertRecords(db, 'proposals', [proposal('p1', 'Sent'), proposal('p2', 'Sent')]);
    const written = await resourceVersion(db, 'proposals');
    expect(written).not.toBe(before);
    // The same records again: nothing changed, nothing to re-read.
    await upsertRecords(db, 'proposals', [proposal('p1', 'Sent')]);
    expect(await resourceVersion(db, 'proposals')).toBe(written);
    // A client's proposal gone from its list: no record's sequence moves, the version does.
    await removeClientRecordsNotIn(db, 'proposals', 'e1', ['p1']);
    const removed = await resourceVersion(db, 'proposals');
    expect(removed).not.toBe(written);
    await removeClientRecordsNotIn(db, 'proposals', 'e1', ['p1']);
    expect(await resourceVersion(db, 'proposals')).toBe(removed);
    // Another resource's write leaves it alone.
    await upsertRecords(db, 'leads', [{ key: 'l1', record: { leadKey: 'l1' } }]);
    expect(await resourceVersion(db, 'proposals')).toBe(removed);
  });
});
