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
const readsOf = new Map<RunningHub, string[]>();
let demo: DemoPractice | undefined;
afterAll(async () => {
  for (const hub of hubs) await hub.close().catch(() => undefined);
  await demo?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A Partner API transport that remembers each list/record read this hub sent (not the credentials check). */
function countingFetch(reads: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/auth/validate')) reads.push(`${url.pathname}${url.search}`);
    return fetch(input, init);
  };
}

async function until(condition: () => boolean, ms: number, what = 'the condition'): Promise<void> {
  for (const start = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
}

/** Starts a hub on the shared database; it leads only if no other hub holds the Client ID's lock. */
async function startFollower(reads: string[]): Promise<RunningHub> {
  const practice = demo!.practices[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-leader-test-'));
  folders.push(dataDir);
  const hub = await startHub({
    log: logs.log,
    limits: UNLIMITED_DEMO_LIMITS,
    dataDir,
    databaseUrl: databaseUrl(),
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    leaderPollMs: 100,
    fetch: countingFetch(reads),
  });
  logs.track(hub);
  hubs.push(hub);
  readsOf.set(hub, reads);
  return hub;
}

describe.runIf(hubTestEngine === 'postgres')('two hubs on one PostgreSQL database', () => {
  it('elects one mirror leader per Client ID; the other serves, spends nothing, and takes over when it dies', async () => {
    demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
    logs.knowDemo(demo);
    const start = startFollower;
    const readsA: string[] = [];
    const readsB: string[] = [];
    const first = await start(readsA);
    expect(first.leadership.isLeader()).toBe(true);
    const importReads = readsA.length;
    expect(importReads).toBeGreaterThan(0);

    const second = await start(readsB);
    expect(second.leadership.isLeader()).toBe(false);
    // Asked to mirror (a webhook, the backstop timer): a follower reads nothing, and still serves the mirror.
    await second.mirror.request('interactive');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(readsB).toEqual([]);
    const device = await second.devices.add('Front desk laptop');
    const served = await fetch(`${second.hubUrl}/api/v1/entities/list?pageNumber=1`, {
      headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
    });
    expect(((await served.json()) as unknown[]).length).toBe(demo.runtime.practices[0]!.entities.size);

    // What one more pass costs the leader once the import is done: the price of any takeover pass.
    const before = readsA.length;
    await first.mirror.request('interactive');
    const passReads = readsA.slice(before);
    expect(passReads.length).toBeLessThan(importReads);

    // The leader dies: its session ends, the server frees the lock, the follower takes over at its next try.
    await first.close();
    hubs.splice(hubs.indexOf(first), 1);
    await until(() => second.leadership.isLeader(), 5_000);
    await until(() => readsB.length >= passReads.length, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // It carried on from the committed cursors: one pass's reads, not a second import.
    expect(readsB.length).toBe(passReads.length);
  }, 120_000);

  it('stops mirroring at once when its own lock session is cut; then exactly one hub leads', async () => {
    const leader = hubs[0]!;
    expect(leader.leadership.isLeader()).toBe(true);
    const reads: string[] = [];
    const follower = await startFollower(reads);
    expect(follower.leadership.isLeader()).toBe(false);
    // The server ends the leader's lock session (a network cut, an administrator): the lock is free for another.
    const lostBefore = leader.leadership.timesLost();
    const admin = hubs[0]!.db;
    const ended = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(ended).toEqual([{ ended: true }]);
    // It notices at its next poll (its session check fails). It may win the free lock back at the poll after,
    // faster than a sampler could see it not leading: the count of losses is what proves it stopped.
    await until(() => leader.leadership.timesLost() > lostBefore, 5_000, 'the cut leader stops leading');
    // The lock is free: whichever of the two tries first leads (the old leader reconnects and tries too, every
    // poll), and never both.
    await until(() => follower.leadership.isLeader() || leader.leadership.isLeader(), 5_000, 'one hub leads again');
    const [now, other] = follower.leadership.isLeader() ? [follower, leader] : [leader, follower];
    expect(other.leadership.isLeader()).toBe(false);
    expect(now.leadership.isLeader()).toBe(true);
    // The one that does not lead, asked to mirror, reads nothing: it does not hold the Client ID's lock.
    const otherReads = readsOf.get(other)!.length;
    await other.mirror.request('interactive');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readsOf.get(other)!.length).toBe(otherReads);
    expect(other.leadership.isLeader()).toBe(false);
  }, 60_000);
});
