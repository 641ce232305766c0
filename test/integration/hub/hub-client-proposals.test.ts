import { beforeAll, describe, expect, it } from 'vitest';
import { createClientProposals, UnknownClientError } from '../../../src-main/hub/clients/client-proposals';
import type { DeviceAllowance } from '../../../src-main/hub/devices/device-allowance';
import { pokeSince } from '../../../src-main/hub/http/change-stream';
import { createEventWork } from '../../../src-main/hub/webhooks/event-work';
import { latestChangeSeq, upsertRecords } from '../../../src-main/hub/mirror/mirror-store';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import type { WebhookDelivery } from '../../../src-preload/contract/partner-api';
import { useHubDatabase } from './hub-database';

const hub = useHubDatabase();
const clientA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const clientB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const clientC = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

// The practice's client list as the mirror holds it: a laptop can ask only about these clients.
beforeAll(async () => {
  await hub.db().transaction((tx) =>
    upsertRecords(
      tx,
      'entities',
      [clientA, clientB, clientC].map((key) => ({ key, record: { entityKey: key } })),
    ),
  );
}, 60_000);

const proposal = (proposalKey: string, entityKey: string, statusName: 'Sent' | 'Accepted') => ({
  proposalKey,
  engagementKey: proposalKey,
  entityKey,
  name: `Proposal ${proposalKey.slice(0, 4)}`,
  statusName,
  servicesTotal: 1200,
  createdOn: '2026-10-01T00:00:00.000Z',
  sentOn: '2026-10-02T00:00:00.000Z',
  acceptedOn: statusName === 'Accepted' ? '2026-11-26T09:00:00.000Z' : null,
  startsOn: null,
  endsOn: null,
  renewedFromKey: null,
  updatedOn: '2026-11-26T09:00:00.000Z',
});

/** A Partner API that answers a client's proposals from `practice` and counts each read. */
function fakeApi(practice: Map<string, ReturnType<typeof proposal>[]>) {
  const reads: { entityKey: string; priority: unknown }[] = [];
  const api = {
    list: async (path: string, _schema: unknown, options: { query: { entityKey: string }; priority: unknown }) => {
      expect(path).toBe('/proposals/list');
      reads.push({ entityKey: options.query.entityKey, priority: options.priority });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { data: practice.get(options.query.entityKey) ?? [], rejected: [], status: 200, serverDate: null };
    },
  } as unknown as PartnerApiClient;
  return { api, reads };
}

const delivery = (event: string, data: Record<string, unknown>): WebhookDelivery => ({
  eventId: crypto.randomUUID(),
  event,
  schemaVersion: 4,
  occurredOn: '2026-11-26T09:00:00.000Z',
  practiceKey: clientA,
  isTest: false,
  data,
});

describe('a client’s proposals in the hub’s mirror', () => {
  it('reads a client once for a burst of events, at the user’s priority, and pokes only on a real change', async () => {
    const p1 = '11111111-1111-4111-8111-111111111111';
    const p2 = '22222222-2222-4222-8222-222222222222';
    const practice = new Map([
      [clientA, [proposal(p1, clientA, 'Sent')]],
      [clientB, [proposal(p2, clientB, 'Sent')]],
    ]);
    const { api, reads } = fakeApi(practice);
    let pokes = 0;
    const proposals = createClientProposals({
      db: hub.db(),
      api,
      mayRead: () => true,
      onChanged: () => void (pokes += 1),
      coalesceMs: 30,
    });
    const passes: string[] = [];
    const work = createEventWork({
      readClientProposals: (key) => proposals.request(key),
      mirrorPass: async () => void passes.push('pass'),
    });
    // A laptop opens client A: read through once, then served from the mirror.
    expect(await proposals.serve(clientA)).toEqual([proposal(p1, clientA, 'Sent')]);
    expect(await proposals.serve(clientA.toUpperCase())).toHaveLength(1);
    expect(reads).toHaveLength(1);
    const seqAfterFirstRead = await latestChangeSeq(hub.db());

    // A client accepts: the practice retries and sends a second event for the same client at once.
    practice.set(clientA, [proposal(p1, clientA, 'Accepted')]);
    const both = Promise.all([
      work(delivery('proposal.accepted', { proposalKey: p1, entityKey: clientA })),
      work(delivery('proposal.accepted', { proposalKey: p1, entityKey: clientA.toUpperCase() })),
    ]);
    // Both events' work is done once the one read for the burst is (the inbox marks them only then).
    await both;
    expect(reads.slice(1)).toEqual([{ entityKey: clientA, priority: 'interactive' }]);
    expect(passes).toEqual([]);
    expect(pokes).toBe(2);
    const poke = await pokeSince(hub.db(), seqAfterFirstRead);
    expect(poke).toMatchObject({ lists: ['proposals'], clients: [clientA] });
    expect(await proposals.serve(clientA)).toEqual([proposal(p1, clientA, 'Accepted')]);

    // Read again with nothing changed: no sequence moves, no poke.
    const seq = await latestChangeSeq(hub.db());
    await proposals.refresh(clientA);
    expect(await latestChangeSeq(hub.db())).toBe(seq);
    expect(pokes).toBe(2);

    // An event that names no client, or another event key, runs the coalesced mirror pass instead.
    await work(delivery('proposal.accepted', { proposalKey: p1 }));
    await work(delivery('eform.submitted', { formKey: p2, entityKey: clientB }));
    expect(passes).toEqual(['pass', 'pass']);
    await proposals.stop();
  });

  it('drops a proposal the practice no longer lists for that client, and leaves other clients alone', async () => {
    const p3 = '33333333-3333-4333-8333-333333333333';
    const p4 = '44444444-4444-4444-8444-444444444444';
    const practice = new Map([[clientB, [proposal(p3, clientB, 'Sent'), proposal(p4, clientB, 'Sent')]]]);
    const { api } = fakeApi(practice);
    const proposals = createClientProposals({ db: hub.db(), api, mayRead: () => true, onChanged: () => undefined });
    expect(await proposals.serve(clientB)).toHaveLength(2);
    practice.set(clientB, [proposal(p4, clientB, 'Sent')]);
    await proposals.refresh(clientB);
    expect((await proposals.serve(clientB)).map((p) => (p as { proposalKey: string }).proposalKey)).toEqual([p4]);
    expect(await proposals.serve(clientA)).toHaveLength(1);
    await proposals.stop();
  });

  it('never reads the Partner API in a process that does not lead the mirror', async () => {
    const { api, reads } = fakeApi(new Map());
    const follower = createClientProposals({ db: hub.db(), api, mayRead: () => false, onChanged: () => undefined });
    await expect(follower.serve(clientC)).rejects.toThrow(/not mirrored yet/);
    await follower.request(clientC);
    expect(reads).toEqual([]);
    // What the leader mirrored, it serves.
    expect(await follower.serve(clientA)).toHaveLength(1);
    await follower.stop();
  });

  it('refuses a client the practice’s list does not have, without asking the practice, as a strike on the device', async () => {
    const { api, reads } = fakeApi(new Map());
    let strikes = 0;
    const allowance = { strike: () => void (strikes += 1) } as unknown as DeviceAllowance;
    const leader = createClientProposals({
      db: hub.db(),
      api,
      mayRead: () => true,
      onChanged: () => undefined,
      allowance,
    });
    for (let i = 0; i < 20; i++)
      await expect(leader.serve(crypto.randomUUID(), 'hostile-laptop')).rejects.toThrow(UnknownClientError);
    expect(reads).toEqual([]);
    expect(strikes).toBe(20);
    await leader.stop();
  });
});
