import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceRegistry, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { createChangeStream } from '../../../src-main/hub/http/change-stream';
import { createHubServer } from '../../../src-main/hub/http/hub-server';
import { registerMirrorRoutes } from '../../../src-main/hub/http/mirror-routes';
import { createHubSyncSink } from '../../../src-main/hub/mirror/hub-sync-sink';
import { emptyCursor } from '../../../src-main/sync/pass-rules';
import type { SyncedResourceName } from '../../../src-preload/contract/sync';
import { useHubDatabase } from './hub-database';

const hub = useHubDatabase();
let baseUrl = '';
let device: DeviceCredential;
let close: () => Promise<void> = async () => undefined;
const clientA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const clientB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

async function mirror(resource: SyncedResourceName, records: unknown[]): Promise<void> {
  await sink().commitPage({ resource, records, replaceAll: false, cursor: emptyCursor(resource) });
}
let sink: () => ReturnType<typeof createHubSyncSink>;

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Reads a Server-Sent Events stream into parsed events as they arrive. */
async function openStream(lastEventId?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(`${baseUrl}/hub/v1/changes`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) event.comment = line.slice(1).trim();
          const [, field, text] = /^(id|event|data): (.*)$/.exec(line) ?? [];
          if (field && text !== undefined) event[field as 'id' | 'event' | 'data'] = text;
        }
        events.push(event);
      }
    }
  })();
  const next = async (match: (e: SseEvent) => boolean, seen = 0): Promise<SseEvent> => {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const found = events.slice(seen).find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching event in ${JSON.stringify(events)}`);
  };
  return { response, events, next, close: () => controller.abort() };
}

beforeAll(async () => {
  const devices = createDeviceRegistry(hub.db());
  device = await devices.add('Front desk laptop');
  const changes = createChangeStream(hub.db(), { heartbeatMs: 200 });
  sink = () => createHubSyncSink(hub.db(), { onChanged: () => changes.notify() });
  const app = createHubServer({
    devices,
    register: (server) => {
      registerMirrorRoutes(server, { db: hub.db() });
      changes.register(server);
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
  await mirror('entities', [{ entityKey: clientA }]);
}, 180_000);
afterAll(() => close());

describe('the hub’s change stream', () => {
  it('refuses an unknown device', async () => {
    expect((await fetch(`${baseUrl}/hub/v1/changes`)).status).toBe(401);
  });

  it('pokes with the change sequence as id, resumes with Last-Event-ID and beats every interval', async () => {
    const first = await openStream();
    expect(first.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ready = await first.next((e) => e.event === 'ready');
    await mirror('contacts', [{ entityContactID: 7, entityKey: clientB, isDeleted: false }]);
    const poke = await first.next((e) => e.event === 'poke');
    expect(Number(poke.id)).toBeGreaterThan(Number(ready.id));
    expect(JSON.parse(poke.data!)).toEqual({ seq: Number(poke.id), lists: ['contacts'], clients: [clientB] });
    await first.next((e) => e.comment === 'heartbeat');
    first.close();

    // Changes while the laptop is away arrive as one poke when it comes back with its last id.
    await mirror('leads', [{ leadKey: 'lead-1' }]);
    await mirror('entities', [{ entityKey: clientA, renamed: true }]);
    const again = await openStream(poke.id);
    const missed = await again.next((e) => e.event === 'poke');
    expect(JSON.parse(missed.data!)).toMatchObject({ lists: ['entities', 'leads'], clients: [clientA] });
    // A re-read that changed nothing pokes no one.
    const count = again.events.length;
    await mirror('leads', [{ leadKey: 'lead-1' }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.events.slice(count).filter((e) => e.event === 'poke')).toEqual([]);
    again.close();
  });
});
