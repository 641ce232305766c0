import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import { openPostgres, type HubDatabase } from '../../../src-main/hub/db/database';
import {
  CHANGES_CHANNEL,
  LISTENER_APPLICATION_NAME,
  postgresSignals,
  type HubSignals,
} from '../../../src-main/hub/db/signals';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { openChangeStream } from './change-stream-reader';
import { hubTestEngine, useHubDatabaseUrl } from './hub-database';
import { UNLIMITED_DEMO_LIMITS } from '../../support/demo-and-hub';
import { useHubLogWatch } from '../../support/hub-log-watch';

const databaseUrl = useHubDatabaseUrl();
// Every line the file's hubs log, checked after the file (before this, so it runs after they closed).
const logs = useHubLogWatch();
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const start = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 25)))
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
}

async function listenerPids(db: HubDatabase): Promise<number[]> {
  const rows = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() ORDER BY pid`,
    [LISTENER_APPLICATION_NAME],
  );
  return rows.map((row) => Number(row.pid));
}

/** Ends the listening sessions as a server restart or a network cut would; returns the pids it ended. */
async function cutListeners(db: HubDatabase): Promise<number[]> {
  const pids = await listenerPids(db);
  await db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
  return pids;
}

describe.runIf(hubTestEngine === 'postgres')('pokes between hub processes (LISTEN/NOTIFY)', () => {
  it('hears a signal, misses none across a dropped connection: it reconnects and says to re-check', async () => {
    const db = await openPostgres(databaseUrl()!);
    cleanups.push(() => db.close());
    const heard: string[] = [];
    let resumed = 0;
    const signals: HubSignals = await postgresSignals(databaseUrl()!, db, {
      retryMs: { first: 1_000, max: 1_000 },
      checkEveryMs: 500,
    });
    cleanups.push(() => signals.close());
    signals.on(CHANGES_CHANNEL, (payload) => heard.push(payload));
    signals.onResumed(() => (resumed += 1));

    await signals.send(CHANGES_CHANNEL, '41');
    await until(() => heard.includes('41'), 2_000, 'the first signal');
    const [cut] = await cutListeners(db);
    expect(cut).toBeDefined();
    await until(async () => !(await listenerPids(db)).includes(cut!), 2_000, 'the session ended');
    // Sent while nobody listens: lost, as the protocol loses it; the reconnect must say so.
    await signals.send(CHANGES_CHANNEL, '42');
    await until(() => resumed === 1, 8_000, 'listening resumed');
    expect(heard).toEqual(['41']);
    await signals.send(CHANGES_CHANNEL, '43');
    await until(() => heard.includes('43'), 2_000, 'a signal after the reconnect');
    expect(heard).toEqual(['41', '43']);
    await signals.close();
  });

  it('a laptop on a serving process is poked as soon as the leader commits, also after a cut', async () => {
    const demo: DemoPractice = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
    logs.knowDemo(demo);
    cleanups.push(() => demo.close());
    const practice = demo.practices[0]!;
    const state = demo.runtime.practices[0]!;
    const hubs: RunningHub[] = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'hub-signals-test-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const hub = await startHub({
        log: logs.log,
        limits: UNLIMITED_DEMO_LIMITS,
        dataDir,
        databaseUrl: databaseUrl(),
        partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
      });
      logs.track(hub);
      cleanups.push(() => hub.close());
      hubs.push(hub);
    }
    const [leader, serving] = hubs as [RunningHub, RunningHub];
    expect([leader.leadership.isLeader(), serving.leadership.isLeader()]).toEqual([true, false]);
    const laptop = await openChangeStream(serving.hubUrl, await serving.devices.add('Front desk laptop'));
    cleanups.push(() => laptop.close());
    const sentForms = [...state.onboardings.values()].filter((o) => {
      const form = state.eforms.get(o.formKey);
      return form?.status === 'sent' && !form.stackKey && !!o.entityKey && o.statusID !== 4 && o.statusID !== 3;
    });
    expect(sentForms.length).toBeGreaterThanOrEqual(2);

    // The leader's pass commits a change; the serving process has no pass of its own, yet its laptop hears.
    submitForm(demo.runtime, sentForms[0]!.formKey);
    await leader.mirror.request('interactive');
    await laptop.poke((p) => !!p.clients?.includes(sentForms[0]!.entityKey!), 5_000, 'the leader’s commit');

    // Both processes' listening sessions are cut; they reconnect, and the next commit is heard again.
    const cut = await cutListeners(leader.db);
    expect(cut).toHaveLength(2);
    await until(
      async () => (await listenerPids(leader.db)).filter((pid) => !cut.includes(pid)).length === 2,
      10_000,
      'both processes listen again',
    );
    submitForm(demo.runtime, sentForms[1]!.formKey);
    await leader.mirror.request('interactive');
    await laptop.poke((p) => !!p.clients?.includes(sentForms[1]!.entityKey!), 5_000, 'a commit after the cut');
  }, 120_000);
});
