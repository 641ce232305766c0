import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { hubTestEngine, useHubDatabaseUrl } from './hub-database';

const databaseUrl = useHubDatabaseUrl();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-budget-'));
let demo: DemoPractice | undefined;
let hub: RunningHub | undefined;
afterAll(async () => {
  await hub?.close();
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`the hub's request budget on ${hubTestEngine}`, () => {
  it('remembers across a restart what the Client ID spent, so a restarted hub does not start with a full allowance', async () => {
    demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 9 });
    const practice = demo.practices[0]!;
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      sent += 1;
      return fetch(input, init);
    };
    const start = () =>
      startHub({
        dataDir,
        databaseUrl: databaseUrl(),
        partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
        mirrorEveryMs: 3_600_000,
        fetch: counting,
      });
    hub = await start();
    const firstRun = sent;
    expect(firstRun).toBeGreaterThan(10);
    expect(hub.budget.snapshot().usage.ownLastHour).toBe(firstRun);
    await hub.close();
    hub = undefined;

    hub = await start();
    // The first run's sends and the second's own: nothing forgotten.
    expect(hub.budget.snapshot().usage.ownLastHour).toBe(sent);
    expect(sent).toBeGreaterThan(firstRun);
  }, 120_000);
});
