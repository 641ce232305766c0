import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import { latestChangeSeq } from '../../../src-main/hub/mirror/mirror-store';
import { DEVICE_HINT_RATE } from '../../../src-main/hub/hints/hint-route';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { openChangeStream } from './change-stream-reader';
import { useHubDatabaseUrl } from './hub-database';
import { laptopHeaders, recordPartnerApiReads, sendHint } from './hub-laptop-requests';
import { UNLIMITED_DEMO_LIMITS } from '../../support/demo-and-hub';
import { useHubLogWatch } from '../../support/hub-log-watch';

const databaseUrl = useHubDatabaseUrl();
// Every line the file's hubs log, checked after the file (before this, so it runs after they closed).
const logs = useHubLogWatch();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-hints-test-'));
let demo: DemoPractice;
let hub: RunningHub;
const { fetch: recordingFetch, reads } = recordPartnerApiReads();

beforeAll(async () => {
  demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
  logs.knowDemo(demo);
  const practice = demo.practices[0]!;
  hub = await startHub({
    log: logs.log,
    limits: UNLIMITED_DEMO_LIMITS,
    dataDir,
    databaseUrl: databaseUrl(),
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    mirrorEveryMs: 3_600_000,
    // A device's own gap stays the real 10 s; the leader's rounds are closer so the test runs in seconds,
    // and it gathers long enough that three hints sent at once on a busy machine meet in one round.
    hintGapsMs: { round: 300, gather: 500 },
    fetch: recordingFetch,
  });
  logs.track(hub);
}, 180_000);
afterAll(async () => {
  await hub?.close();
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const headers = laptopHeaders;
const hint = (laptop: DeviceCredential, body: unknown) => sendHint(hub, laptop, body);
const stored = async () =>
  Number((await hub.db.query<{ n: string }>('SELECT count(*)::text AS n FROM hub_hints'))[0]!.n);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until every stored hint's round is done, and a round's length more (nothing else may follow). */
async function settled(): Promise<void> {
  for (const start = Date.now(); (await stored()) > 0; await pause(25))
    if (Date.now() - start > 15_000) throw new Error('The hints were never done.');
  await pause(1_000);
}

describe('POST /hub/v1/hints', () => {
  it('refuses a bad body with 400 and an unknown device with 401, storing nothing', async () => {
    const laptop = await hub.devices.add('laptop');
    for (const body of [
      { resources: ['no-such-list'], clientKeys: [] },
      { resources: ['bills'] },
      { resources: ['bills'], clientKeys: ['not-a-uuid'] },
      { resources: ['bills'], clientKeys: [], extra: true },
      { resources: Array.from({ length: 21 }, () => 'bills'), clientKeys: [] },
      'not json',
    ])
      expect((await hint(laptop, body)).status).toBe(400);
    const stranger = { id: crypto.randomUUID(), token: 'made-up' };
    expect((await hint(stranger, { resources: ['bills'], clientKeys: [] })).status).toBe(401);
    const revoked = await hub.devices.add('lost laptop');
    await hub.devices.revoke(revoked.id);
    expect((await hint(revoked, { resources: ['bills'], clientKeys: [] })).status).toBe(401);
    expect(await stored()).toBe(0);
  });

  it('re-reads a named list once for a burst of hints, and pokes laptops only when it really changed', async () => {
    const senders = [await hub.devices.add('a'), await hub.devices.add('b'), await hub.devices.add('c')];
    const watcher = await hub.devices.add('watcher');
    const stream = await openChangeStream(hub.hubUrl, watcher);
    try {
      const before = await latestChangeSeq(hub.db);
      reads.length = 0;
      const answers = await Promise.all(
        senders.map((laptop) => hint(laptop, { resources: ['onboardings'], clientKeys: [] })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
      await settled();
      // One incremental read of that list for the three hints; nothing else read; nothing changed.
      expect(reads).toEqual([expect.stringMatching(/^\/onboardings\/list\?/)]);
      expect(await latestChangeSeq(hub.db)).toBe(before);
      expect(stream.pokes).toEqual([]);

      // Now the practice really changed (a client submitted its form): the next hint's re-read pokes.
      const state = demo.runtime.practices[0]!;
      const onboarding = [...state.onboardings.values()].find((o) => {
        const form = state.eforms.get(o.formKey);
        return form?.status === 'sent' && !form.stackKey && o.statusID !== 4 && o.statusID !== 3;
      })!;
      submitForm(demo.runtime, onboarding.formKey);
      expect((await hint(await hub.devices.add('d'), { resources: ['onboardings'], clientKeys: [] })).status).toBe(202);
      await stream.poke((poke) => poke.lists.includes('onboardings'), 10_000, 'the onboarding’s poke');
      expect(await latestChangeSeq(hub.db)).toBeGreaterThan(before);
    } finally {
      stream.close();
    }
  });

  it('costs one round of reads for a flood from one device, and reads no client the hub does not hold', async () => {
    const laptop = await hub.devices.add('noisy laptop');
    const state = demo.runtime.practices[0]!;
    const [held, notHeld] = [...new Set([...state.proposals.values()].map((p) => p.entityKey.toLowerCase()))];
    const proposalsOf = (key: string) => `/proposals/list?entityKey=${key}`;
    expect((await fetch(`${hub.hubUrl}/api/v1${proposalsOf(held!)}`, { headers: headers(laptop) })).status).toBe(200);
    await settled();
    reads.length = 0;
    const flood = await Promise.all(
      Array.from({ length: 100 }, () => hint(laptop, { resources: ['bills'], clientKeys: [held, notHeld] })),
    );
    // The device's rate takes a meeting's worth at once; past it, 429 with the wait (nothing stored).
    const statuses = flood.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(DEVICE_HINT_RATE.size);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - DEVICE_HINT_RATE.size);
    const refused = flood.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await settled();
    // A second wave: still within the device's rate's wait, refused before it is even stored.
    for (let i = 0; i < 20; i += 1)
      expect([202, 429]).toContain((await hint(laptop, { resources: ['bills'], clientKeys: [held] })).status);
    expect(await stored()).toBe(0);
    await settled();
    expect(reads.filter((read) => read === proposalsOf(held!))).toHaveLength(1);
    expect(reads.filter((read) => read === proposalsOf(notHeld!))).toHaveLength(0);
    expect(reads.some((read) => read.startsWith('/bills/list'))).toBe(true);
    // One round: no request was sent twice.
    expect(new Set(reads).size).toBe(reads.length);
  });
  // Many devices together, one round per gap: stepped exactly on a virtual clock in hub-workers.test.ts.
});
