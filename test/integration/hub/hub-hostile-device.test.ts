import { describe, expect, it } from 'vitest';
import { DEVICE_TRUST } from '../../../src-main/hub/devices/device-allowance';
import { MAX_STREAMS_PER_DEVICE } from '../../../src-main/hub/http/change-stream';
import type { SyncedResourceName } from '../../../src-preload/contract/sync';
import { openChangeStream } from './change-stream-reader';
import { hubTestEngine } from './hub-database';
import { askHub, laptopHeaders, recordPartnerApiReads, sendHint } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * An enrolled device turned hostile (or a stolen laptop) cannot spend the practice's budget: records that do
 * not exist are asked of the practice once and the refusal served to everyone; client keys the mirror never
 * listed cost nothing; hint floods and stream floods are answered 429 with Retry-After — while an accepted
 * proposal still reaches a well-behaved laptop within seconds.
 */
const bed = useHubTestBed('hub-hostile-');
const partnerApi = recordPartnerApiReads();
const LISTS: SyncedResourceName[] = ['entities', 'contacts', 'leads', 'onboardings', 'bills', 'payments', 'users'];

describe(`a hostile device, on ${hubTestEngine}`, () => {
  it('costs the practice a handful of requests whatever it asks, and never holds up an accepted proposal', async () => {
    const demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 7 });
    const hub = await bed.startHub({ mirrorEveryMs: 3_600_000, fetch: partnerApi.fetch, subscribeWebhooks: true });
    const state = demo.runtime.practices[0]!;
    const hostile = await hub.devices.add('Hostile laptop');
    const good = await hub.devices.add('Front desk laptop');
    const accepted = [...state.proposals.values()].find((p) => p.statusName === 'Sent')!;
    // The good laptop holds the client's proposals and listens for changes.
    expect((await askHub(hub, `/proposals/list?entityKey=${accepted.entityKey}`, good)).status).toBe(200);
    const stream = await openChangeStream(hub.hubUrl, good);
    const heldClient = accepted.entityKey.toLowerCase();
    const before = partnerApi.reads.length;

    const statuses: Record<number, number> = {};
    const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
    const retryAfters: number[] = [];
    const note = (response: Response) => {
      count(response.status);
      if (response.status === 429) retryAfters.push(Number(response.headers.get('retry-after')));
      return response.body?.cancel();
    };
    let acceptedAt = 0;
    const flood = async () => {
      for (let round = 0; round < 10; round++) {
        const asks: Promise<unknown>[] = [];
        for (let i = 0; i < 10; i++) {
          const missing = 900_000_000 + round * 100 + i;
          asks.push(askHub(hub, `/bills/${missing}`, hostile).then(note));
          asks.push(askHub(hub, `/bills/${missing}/pdf`, hostile).then(note));
          asks.push(askHub(hub, `/proposals/list?entityKey=${crypto.randomUUID()}`, hostile).then(note));
          asks.push(askHub(hub, `/statements/list?entityKey=${crypto.randomUUID()}`, hostile).then(note));
          asks.push(
            sendHint(hub, hostile, { resources: LISTS, clientKeys: [heldClient, crypto.randomUUID()] }).then(note),
          );
        }
        await Promise.all(asks);
        if (round === 3) {
          demo.acceptProposal(accepted.proposalKey);
          acceptedAt = performance.now();
        }
      }
    };
    const streams = Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${hub.hubUrl}/hub/v1/changes`, { headers: laptopHeaders(hostile) }).then((response) => {
          count(response.status);
          return response;
        }),
      ),
    );
    await flood();
    await stream.poke(
      (poke) => poke.lists.includes('proposals') && (poke.clients?.includes(heldClient) ?? true),
      5_000,
      'the accepted proposal',
    );
    const acceptedToLaptopMs = performance.now() - acceptedAt;
    const open = await streams;
    // At most its share of streams; the rest told to come back later.
    expect(open.filter((response) => response.status === 200)).toHaveLength(MAX_STREAMS_PER_DEVICE);
    for (const response of open) await response.body?.cancel();
    // Let the hint rounds the flood stored be done before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const caused = partnerApi.reads.slice(before);
    const theirs = caused.filter((read) => !read.startsWith(`/proposals/list?entityKey=${heldClient}`));
    // Its tries, each paid for and found empty, and nothing more: one try back each five minutes.
    expect(theirs.length).toBeLessThanOrEqual(DEVICE_TRUST.size);
    expect(theirs.length).toBeGreaterThan(0);
    expect(statuses[429]).toBeGreaterThan(100);
    expect(Math.min(...retryAfters)).toBeGreaterThan(0);
    expect(acceptedToLaptopMs).toBeLessThan(5_000);
    // The well-behaved laptop reads on.
    expect((await askHub(hub, '/entities/list', good)).status).toBe(200);
    expect((await askHub(hub, `/proposals/list?entityKey=${accepted.entityKey}`, good)).status).toBe(200);
    // A kept refusal is served, to the hostile device too, without asking the practice again.
    const firstMissing = caused.find((read) => /^\/bills\/9\d+$/.test(read));
    if (firstMissing) {
      const again = partnerApi.reads.length;
      expect((await askHub(hub, firstMissing, hostile)).status).toBe(404);
      expect(partnerApi.reads.length).toBe(again);
    }
    stream.close();
  }, 120_000);
});
