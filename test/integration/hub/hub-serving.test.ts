import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceRegistry, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { createHubServer } from '../../../src-main/hub/http/hub-server';
import { registerMirrorRoutes } from '../../../src-main/hub/http/mirror-routes';
import { createHubSyncSink } from '../../../src-main/hub/mirror/hub-sync-sink';
import { emptyCursor } from '../../../src-main/sync/pass-rules';
import { useHubDatabase } from './hub-database';

const hub = useHubDatabase();
const practice = {
  practiceKey: '33333333-3333-4333-8333-333333333333',
  practiceName: 'Harbour Accounting',
  region: 'ANZ' as const,
  canWrite: true,
};
let baseUrl = '';
let device: DeviceCredential;
let close: () => Promise<void> = async () => undefined;

const contact = (id: number, name: string, isDeleted = false, updatedOn = '2020-01-01T10:00:00.000Z') => ({
  entityContactID: id,
  entityKey: '11111111-1111-4111-8111-111111111111',
  contactName: name,
  isDeleted,
  updatedOn,
});

async function mirror(records: unknown[]): Promise<void> {
  await createHubSyncSink(hub.db()).commitPage({
    resource: 'contacts',
    records,
    replaceAll: false,
    cursor: emptyCursor('contacts'),
  });
}

function get(path: string, credential: Partial<DeviceCredential> | null = device) {
  const headers: Record<string, string> = {};
  if (credential?.id) headers['X-Svc-Auth-ID'] = credential.id;
  if (credential?.token) headers['X-Svc-Auth-Key'] = credential.token;
  return fetch(`${baseUrl}${path}`, { headers });
}

const namesOf = async (response: Response) =>
  ((await response.json()) as { contactName: string }[]).map((c) => c.contactName);

beforeAll(async () => {
  const devices = createDeviceRegistry(hub.db());
  device = await devices.add('Front desk laptop');
  const app = createHubServer({
    devices,
    register: (server) => registerMirrorRoutes(server, { db: hub.db(), pageSize: 2, practice }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
  await mirror([contact(3, 'Cleo'), contact(1, 'Abe'), contact(2, 'Bo'), contact(4, 'Dee (left)', true)]);
}, 180_000);
afterAll(() => close());

describe('the hub serves laptops with the Partner API list semantics', () => {
  it('answers 401 and no data to an unknown, wrong or revoked device', async () => {
    const other = await createDeviceRegistry(hub.db()).add('Stolen laptop');
    expect((await get('/api/v1/contacts/list', other)).status).toBe(200);
    await createDeviceRegistry(hub.db()).revoke(other.id);
    for (const credential of [
      null,
      { id: device.id },
      { id: device.id, token: `${device.token}x` },
      { id: '22222222-2222-4222-8222-222222222222', token: device.token },
      other,
    ]) {
      const response = await get('/api/v1/contacts/list', credential);
      expect(response.status).toBe(401);
      expect(JSON.stringify(await response.json())).not.toContain('Abe');
    }
  });

  it('tells an enrolled device which practice it mirrors, read-only, so the laptop can check its binding', async () => {
    expect(await (await get('/api/v1/auth/validate')).json()).toEqual({ ...practice, canWrite: false });
    expect((await get('/api/v1/auth/validate', null)).status).toBe(401);
  });

  it('pages in key order, keeps soft-deleted contacts flagged and lists them only when asked', async () => {
    expect(await namesOf(await get('/api/v1/contacts/list?pageNumber=1'))).toEqual(['Abe', 'Bo']);
    expect(await namesOf(await get('/api/v1/contacts/list?pageNumber=2'))).toEqual(['Cleo']);
    expect(await namesOf(await get('/api/v1/contacts/list?pageNumber=3'))).toEqual([]);
    const withDeleted = await get('/api/v1/contacts/list?includeDeleted=true&pageNumber=2');
    expect(await withDeleted.json()).toEqual([contact(3, 'Cleo'), contact(4, 'Dee (left)', true)]);
    expect((await get('/api/v1/contacts/list?pageNumber=0')).status).toBe(400);
    expect((await get('/api/v1/entities/list?name=Abe')).status).toBe(400);
  });

  it('serves snapshot lists whole, in key order', async () => {
    await createHubSyncSink(hub.db()).commitPage({
      resource: 'users',
      records: [
        { userKey: 'b-user', name: 'Bea' },
        { userKey: 'a-user', name: 'Al' },
      ],
      replaceAll: true,
      cursor: emptyCursor('users'),
    });
    expect(await (await get('/api/v1/users/list')).json()).toEqual([
      { userKey: 'a-user', name: 'Al' },
      { userKey: 'b-user', name: 'Bea' },
    ]);
    // Paged by key like the lists, since the laptop's sync engine pages every list until it ends.
    expect(await (await get('/api/v1/users/list?pageNumber=2')).json()).toEqual([]);
    expect((await get('/api/v1/users/list?pageNumber=0')).status).toBe(400);
    expect((await get('/api/v1/users/list?name=Al')).status).toBe(400);
    expect((await get('/api/v1/users/list', null)).status).toBe(401);
  });

  it('compares lastUpdated with the hub’s change time, and dates its answers by the hub’s clock', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 1_100)); // Date has whole seconds
    await pause(); // so the watermark comes after the first mirroring
    const first = await get('/api/v1/contacts/list');
    const watermark = new Date(first.headers.get('date')!);
    expect(Math.abs(watermark.getTime() - Date.now())).toBeLessThan(5_000);
    await pause();
    // Changed at the practice long before the watermark, mirrored after it: a laptop must still get it.
    await mirror([contact(2, 'Bo (renamed)', false, '2020-01-01T10:00:00.000Z'), contact(1, 'Abe')]);
    const since = await get(`/api/v1/contacts/list?lastUpdated=${encodeURIComponent(watermark.toISOString())}`);
    expect(await namesOf(since)).toEqual(['Bo (renamed)']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`/api/v1/contacts/list?lastUpdated=${encodeURIComponent(future)}`)).status).toBe(400);
  });
});
