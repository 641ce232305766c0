import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceRegistry, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { createChangeStream } from '../../../src-main/hub/http/change-stream';
import { HUB_CHANGES_PATH } from '../../../src-preload/contract/live-updates';
import { createHubServer } from '../../../src-main/hub/http/hub-server';
import { registerMirrorRoutes } from '../../../src-main/hub/http/mirror-routes';
import { hubTestEngine, useHubDatabase } from './hub-database';

const hub = useHubDatabase();
let baseUrl = '';
let device: DeviceCredential;
let close: () => Promise<void> = async () => undefined;
let changes: ReturnType<typeof createChangeStream>;
const said: string[] = [];

beforeAll(async () => {
  const devices = createDeviceRegistry(hub.db());
  device = await devices.add('Laptop');
  changes = createChangeStream(hub.db());
  changes.listen({
    opened: () => said.push(`open ${changes.connections()}`),
    closed: () => said.push(`close ${changes.connections()}`),
  });
  const app = createHubServer({
    devices,
    register: (server) => {
      registerMirrorRoutes(server, { db: hub.db() });
      changes.register(server);
    },
    onDeviceRequest: (request) => {
      said.push(`request ${request.url.split('?')[0]} ${request.device === device.id}`);
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
}, 180_000);
afterAll(() => close());

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(done()).toBe(true);
}

describe(`the change stream says who is connected, on ${hubTestEngine}`, () => {
  it('knows which device streams, and says when its stream opens and closes', async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}${HUB_CHANGES_PATH}`, {
      headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await until(() => said.includes('open 1'));
    expect(said).toEqual([`request ${HUB_CHANGES_PATH} true`, 'open 1']);
    expect(changes.streaming(device.id)).toBe(true);
    expect(changes.streaming('another-device')).toBe(false);
    controller.abort();
    await until(() => said.includes('close 0'));
    expect(changes.streaming(device.id)).toBe(false);
  });
});
