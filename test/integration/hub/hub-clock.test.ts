import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { clockOf, createVirtualTimeFetch } from '../../support/virtual-time-http';
import { useHubDatabaseUrl } from './hub-database';

const databaseUrl = useHubDatabaseUrl();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-clock-test-'));
let demo: DemoPractice | undefined;
let hub: RunningHub | undefined;
afterAll(async () => {
  await hub?.close();
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the hub on an injected clock (benchmarks run hours of limits in minutes)', () => {
  it('paces its Partner API requests and judges webhook timestamps by that clock, not the wall clock', async () => {
    // Two hours ahead of the wall clock: a delivery signed by the practice on this clock is stale by the wall's.
    const timer = createVirtualTimer(Date.now() + 2 * 3_600_000);
    demo = await createDemoPractice({ seed: 5, clock: clockOf(timer), rateLimit: { enabled: true } });
    const practice = demo.practices[0]!;
    const http = createVirtualTimeFetch(timer);
    hub = await startHub({
      dataDir,
      databaseUrl: databaseUrl(),
      partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
      fetch: http.fetch,
      timer,
      subscribeWebhooks: true,
    });
    expect(hub.webhooks).toEqual({ subscriptions: 2, testArrived: true });
    // Every request went through the injected transport, at the injected clock's time, and none was refused.
    expect(http.log.length).toBeGreaterThan(0);
    expect(http.log.filter((r) => r.status === 429)).toEqual([]);
    expect(http.log.every((r) => r.sentAt >= Date.now() + 3_600_000)).toBe(true);
  }, 180_000);
});
