import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientProposals } from '../../../src-main/hub/clients/client-proposals';
import { createDeviceRegistry, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { createChangeStream, pokeSince } from '../../../src-main/hub/http/change-stream';
import { createHubServer } from '../../../src-main/hub/http/hub-server';
import { registerMirrorRoutes } from '../../../src-main/hub/http/mirror-routes';
import { createHubSyncSink } from '../../../src-main/hub/mirror/hub-sync-sink';
import { latestChangeSeq } from '../../../src-main/hub/mirror/mirror-store';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { emptyCursor } from '../../../src-main/sync/pass-rules';
import { openChangeStream } from './change-stream-reader';
import { useHubDatabase } from './hub-database';

const hub = useHubDatabase();
let hubUrl = '';
let device: DeviceCredential;
let changes: ReturnType<typeof createChangeStream>;
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  changes = createChangeStream(hub.db());
  const devices = createDeviceRegistry(hub.db());
  device = await devices.add('laptop');
  const app = createHubServer({
    devices,
    register: (server) => {
      registerMirrorRoutes(server, { db: hub.db() });
      changes.register(server);
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  hubUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.close();
}, 180_000);
afterAll(() => close());

const user = (userKey: string, name: string) => ({
  userKey,
  firstName: name,
  lastName: 'Example',
  email: `${name.toLowerCase()}@example.com`,
  isActive: true,
});

describe('a record the practice no longer lists', () => {
  it('moves the change sequence when a snapshot pass removes it, and the poke names the list', async () => {
    const sink = createHubSyncSink(hub.db(), { onChanged: () => changes.notify() });
    const ada = '11111111-1111-4111-8111-111111111111';
    const bo = '22222222-2222-4222-8222-222222222222';
    const snapshot = (records: unknown[]) =>
      sink.commitPage({ resource: 'users', records, replaceAll: true, cursor: emptyCursor('users') });
    await snapshot([user(ada, 'Ada'), user(bo, 'Bo')]);
    const before = await latestChangeSeq(hub.db());
    const stream = await openChangeStream(hubUrl, device);
    try {
      // Bo left the practice: the next snapshot lists Ada only (unchanged), so only a removal happened.
      await snapshot([user(ada, 'Ada')]);
      const after = await latestChangeSeq(hub.db());
      expect(after).toBeGreaterThan(before);
      expect(await pokeSince(hub.db(), before)).toEqual({ seq: after, lists: ['users'], clients: [] });
      await stream.poke((poke) => poke.seq === after && poke.lists.includes('users'), 5_000, 'the removal’s poke');
      // The same snapshot again removes nothing: nothing moves.
      await snapshot([user(ada, 'Ada')]);
      expect(await latestChangeSeq(hub.db())).toBe(after);
    } finally {
      stream.close();
    }
  });

  it('moves the sequence when a client’s re-read drops a proposal, and the poke names that client', async () => {
    const client = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    const keys = ['33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];
    let listed = keys;
    const proposal = (proposalKey: string) => ({
      proposalKey,
      engagementKey: proposalKey,
      entityKey: client,
      name: 'Annual accounts',
      statusName: 'Sent',
      servicesTotal: 1200,
      createdOn: '2026-10-01T00:00:00.000Z',
      sentOn: '2026-10-02T00:00:00.000Z',
      acceptedOn: null,
      startsOn: null,
      endsOn: null,
      renewedFromKey: null,
      updatedOn: '2026-11-26T09:00:00.000Z',
    });
    const api = {
      list: async () => ({ data: listed.map(proposal), rejected: [], status: 200, serverDate: null }),
    } as unknown as PartnerApiClient;
    const proposals = createClientProposals({ db: hub.db(), api, mayRead: () => true, onChanged: () => undefined });
    // Held: read once (as a laptop's first ask of a client in the practice's list would).
    await proposals.refresh(client);
    const before = await latestChangeSeq(hub.db());
    listed = [keys[1]!];
    await proposals.refresh(client);
    const after = await latestChangeSeq(hub.db());
    expect(after).toBeGreaterThan(before);
    expect(await pokeSince(hub.db(), before)).toEqual({ seq: after, lists: ['proposals'], clients: [client] });
    await proposals.stop();
  });
});
