import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceRegistry, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { createHubServer } from '../../../src-main/hub/http/hub-server';
import { registerMirrorRoutes } from '../../../src-main/hub/http/mirror-routes';
import { createHubSyncSink } from '../../../src-main/hub/mirror/hub-sync-sink';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { emptyCursor } from '../../../src-main/sync/pass-rules';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { useHubDatabase } from './hub-database';

/**
 * Each list page names the practice-clock time from which the hub's mirror of that list is proven complete
 * (its own cursor's provenAt), and a device's client reads it; none before the mirror proved anything.
 */
const hub = useHubDatabase();
let baseUrl = '';
let device: DeviceCredential;
let close: () => Promise<void> = async () => undefined;
const entities = syncResources.find((r) => r.name === 'entities')!;

const client = (hubDevice: boolean) =>
  createPartnerApiClient({
    baseUrl,
    credentials: () => ({ clientId: device.id, secret: device.token }),
    fetch,
    hubDevice,
  });

beforeAll(async () => {
  const devices = createDeviceRegistry(hub.db());
  device = await devices.add('Laptop');
  const app = createHubServer({ devices, register: (server) => registerMirrorRoutes(server, { db: hub.db() }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
}, 180_000);
afterAll(() => close());

describe('the hub says from when its mirror of a list is proven', () => {
  it('sends no time before its mirror of the list proved its end, then its cursor’s provenAt', async () => {
    const entity = { entityKey: '11111111-1111-4111-8111-111111111111', fullEntityName: 'Harbour Trust' };
    const sink = createHubSyncSink(hub.db());
    await sink.commitPage({
      resource: 'entities',
      records: [entity],
      replaceAll: false,
      cursor: emptyCursor('entities'),
    });
    const before = await client(true).list('/entities/list', entities.schema, { query: { pageNumber: 1 } });
    expect(before.mirrorProvenAt).toBeUndefined();

    const provenAt = '2031-05-06T10:40:00.000Z';
    const cursor = { ...emptyCursor('entities'), mode: 'incremental' as const, provenAt, lastCompletedAt: provenAt };
    await sink.commitPage({ resource: 'entities', records: [], replaceAll: false, cursor });
    const page = await client(true).list('/entities/list', entities.schema, { query: { pageNumber: 1 } });
    expect(page.mirrorProvenAt).toBe(provenAt);
    // Only a client talking to the hub as a device reads it: the Partner API's answers carry no such time.
    const direct = await client(false).list('/entities/list', entities.schema, { query: { pageNumber: 1 } });
    expect(direct.mirrorProvenAt).toBeUndefined();
  });
});
