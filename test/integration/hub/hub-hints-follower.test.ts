import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { hubTestEngine, useHubDatabaseUrl } from './hub-database';
import { UNLIMITED_DEMO_LIMITS } from '../../support/demo-and-hub';
import { useHubLogWatch } from '../../support/hub-log-watch';

const databaseUrl = useHubDatabaseUrl();
// Every line the file's hubs log, checked after the file (before this, so it runs after they closed).
const logs = useHubLogWatch();
const folders: string[] = [];
const hubs: RunningHub[] = [];
let demo: DemoPractice | undefined;
afterAll(async () => {
  for (const hub of hubs) await hub.close().catch(() => undefined);
  await demo?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function start(reads: string[]): Promise<RunningHub> {
  const practice = demo!.practices[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-hints-follower-test-'));
  folders.push(dataDir);
  const hub = await startHub({
    log: logs.log,
    limits: UNLIMITED_DEMO_LIMITS,
    dataDir,
    databaseUrl: databaseUrl(),
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    mirrorEveryMs: 3_600_000,
    hintGapsMs: { round: 200 },
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!url.pathname.endsWith('/auth/validate')) reads.push(url.pathname.replace(/^.*\/api\/v1/, ''));
      return fetch(input, init);
    },
  });
  logs.track(hub);
  hubs.push(hub);
  return hub;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const begun = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() - begun > 10_000) throw new Error(`${what}: not within 10 s`);
}

describe.runIf(hubTestEngine === 'postgres')('a hint sent to a serving process', () => {
  it('is done by the mirror leader; the follower spends nothing and reads nothing through', async () => {
    demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
    logs.knowDemo(demo);
    const leaderReads: string[] = [];
    const followerReads: string[] = [];
    const leader = await start(leaderReads);
    const follower = await start(followerReads);
    expect([leader.leadership.isLeader(), follower.leadership.isLeader()]).toEqual([true, false]);
    const laptop = await follower.devices.add('laptop');
    const headers = { 'X-Svc-Auth-ID': laptop.id, 'X-Svc-Auth-Key': laptop.token };
    leaderReads.length = 0;

    const hint = await fetch(`${follower.hubUrl}/hub/v1/hints`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ resources: ['onboardings'], clientKeys: [] }),
    });
    expect(hint.status).toBe(202);
    await until(() => leaderReads.includes('/onboardings/list'), 'the leader’s re-read');

    // A record neither process keeps yet: the follower may not read it, so it answers 503 and reads nothing.
    const bill = [...demo.runtime.practices[0]!.bills.values()][0]!;
    const unkept = await fetch(`${follower.hubUrl}/api/v1/bills/${bill.billingId}/pdf`, { headers });
    expect(unkept.status).toBe(503);
    expect(unkept.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Once the leader kept it, the follower serves the same bytes from the shared database.
    const viaLeader = await fetch(`${leader.hubUrl}/api/v1/bills/${bill.billingId}/pdf`, {
      headers: await leader.devices
        .add('another laptop')
        .then((d) => ({ 'X-Svc-Auth-ID': d.id, 'X-Svc-Auth-Key': d.token })),
    });
    const viaFollower = await fetch(`${follower.hubUrl}/api/v1/bills/${bill.billingId}/pdf`, { headers });
    expect(viaFollower.status).toBe(200);
    expect(Buffer.from(await viaFollower.arrayBuffer()).equals(Buffer.from(await viaLeader.arrayBuffer()))).toBe(true);
    expect(followerReads).toEqual([]);
  });
});
