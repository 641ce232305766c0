import { afterEach, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { DemoOptionsInput } from '../../../src-main/demo-practice/options';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { createRequestBudget, type BudgetLimits } from '../../../src-main/request-budget/request-budget';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { createMemorySyncSink } from '../../support/memory-sync-sink';
import { clockOf, createVirtualTimeFetch, maxInAnyWindow } from '../../support/virtual-time-http';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const START = Date.parse('2026-11-02T09:00:00Z');

/** Sync against the demo practice with its limiter on, through our budget, all on one virtual clock. */
async function setup(limits: BudgetLimits, options: DemoOptionsInput = {}, withBudget = true) {
  const timer = createVirtualTimer(START);
  demo = await createDemoPractice({
    seed: 11,
    clock: clockOf(timer),
    rateLimit: { enabled: true, ...limits },
    ...options,
  });
  const practice = demo.practices[0]!;
  const http = createVirtualTimeFetch(timer);
  const budget = createRequestBudget({
    clientId: practice.readWrite.clientId,
    timer,
    store: createMemoryBudgetStore(),
    limits,
    reserve: { perMinute: 0, perHour: 0, perDay: 0 },
  });
  const api = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch: http.fetch,
    sleep: timer.sleep,
    maxAttempts: 20,
    ...(withBudget ? { budget } : {}),
  });
  const sink = createMemorySyncSink();
  return { timer, http, budget, sink, engine: createSyncEngine({ api, sink }), state: demo.runtime.practices[0]! };
}

const sendTimes = (log: { sentAt: number }[]) => log.map((r) => r.sentAt);

describe('sync under the request budget (demo practice limiter on, virtual time)', () => {
  it('a full import never exceeds the configured limits and gets no 429', async () => {
    const limits = { perMinute: 8, perHour: 30, perDay: 200 };
    const t = await setup(limits, { pageSize: 7 });
    const results = await t.engine.runOnce();
    expect(results.every((r) => r.state === 'done')).toBe(true);
    expect(t.sink.table('entities').size).toBe(t.state.entities.size);

    const times = sendTimes(t.http.log);
    expect(times.length).toBeGreaterThan(limits.perHour); // long enough to cross the hourly window
    expect(t.http.log.filter((r) => r.status === 429)).toEqual([]);
    expect(maxInAnyWindow(times, 60_000)).toBeLessThanOrEqual(limits.perMinute);
    expect(maxInAnyWindow(times, 3_600_000)).toBeLessThanOrEqual(limits.perHour);
    expect(maxInAnyWindow(times, 86_400_000)).toBeLessThanOrEqual(limits.perDay);
    // And not needlessly slow: the hourly window binds, so it takes just over one hour per 30 requests.
    expect(t.timer.elapsed()).toBeLessThan((Math.ceil(times.length / limits.perHour) + 0.1) * 3_600_000);
  });

  it('the same import without the budget does hit the limiter (the test above can fail)', async () => {
    const limits = { perMinute: 8, perHour: 30, perDay: 200 };
    const t = await setup(limits, { pageSize: 7 }, false);
    await t.engine.runOnce();
    expect(t.http.log.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });

  it('quit mid-import and restarted: the new budget remembers what was sent, so the limits still hold', async () => {
    const limits = { perMinute: 8, perHour: 200, perDay: 400 };
    const t = await setup(limits, { pageSize: 7 });
    const store = createMemoryBudgetStore();
    const practice = demo!.practices[0]!;
    const run = async (crashAfterCommits: number | null) => {
      const budget = createRequestBudget({
        clientId: practice.readWrite.clientId,
        timer: t.timer,
        store,
        limits,
        reserve: { perMinute: 0, perHour: 0, perDay: 0 },
      });
      const api = createPartnerApiClient({
        baseUrl: practice.baseUrl,
        credentials: () => practice.readWrite,
        fetch: t.http.fetch,
        sleep: t.timer.sleep,
        maxAttempts: 20,
        budget,
      });
      t.sink.crashAfter(crashAfterCommits);
      const results = await createSyncEngine({ api, sink: t.sink }).runOnce();
      budget.dispose(); // the app quits: the budget is saved on the way out
      return results;
    };
    // Crash after c commits: c requests, then one failing pass per resource (a snapshot reads to its end,
    // two requests, before its commit fails). Choosing c so the total is a multiple of the minute limit
    // means the run ends with a full minute window.
    // (Lists read first when a form asks are not part of an import.)
    const afterCrash = syncResources
      .filter((r) => !r.firstReadWhenAsked)
      .reduce((n, r) => n + (r.kind === 'snapshot' ? 2 : 1), 0);
    const crashAt = limits.perMinute * Math.ceil((afterCrash + 1) / limits.perMinute) - afterCrash;
    const first = await run(crashAt);
    expect(first.some((r) => r.state === 'failed')).toBe(true);
    const sentBeforeRestart = t.http.log.length;
    // The restart happens with the minute window full: a budget that forgot would send at once and get a 429.
    const lastMinute = t.http.log.filter((r) => r.sentAt > t.timer.now() - 60_000).length;
    expect(lastMinute).toBe(limits.perMinute);
    const second = await run(null);
    expect(second.every((r) => r.state === 'done')).toBe(true);
    expect(t.sink.table('entities').size).toBe(t.state.entities.size);

    const times = sendTimes(t.http.log);
    expect(times.length).toBeGreaterThan(sentBeforeRestart);
    expect(t.http.log.filter((r) => r.status === 429)).toEqual([]);
    expect(maxInAnyWindow(times, 60_000)).toBeLessThanOrEqual(limits.perMinute);
  });

  for (const unit of ['seconds', 'http-date'] as const) {
    it(`in a 429 storm, sends nothing before Retry-After (${unit}) has elapsed, then completes`, async () => {
      const t = await setup({ perMinute: 60, perHour: 1000, perDay: 10_000 }, { retryAfterUnit: unit });
      demo!.configure({ faults: { stormUntil: new Date(START + 95_000) } });
      const results = await t.engine.runOnce();
      expect(results.every((r) => r.state === 'done')).toBe(true);

      const refusals = t.http.log.filter((r) => r.status === 429);
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) {
        const waitMs =
          unit === 'seconds' ? Number(refusal.retryAfter) * 1000 : Date.parse(refusal.retryAfter!) - refusal.sentAt;
        expect(waitMs).toBeGreaterThan(0);
        const tooEarly = t.http.log.filter((r) => r.sentAt > refusal.sentAt && r.sentAt < refusal.sentAt + waitMs);
        expect(tooEarly).toEqual([]);
      }
      // The storm answered at most a couple of times: the budget paused everything, not just one request.
      expect(refusals.length).toBeLessThanOrEqual(2);
      expect(t.http.log.find((r) => r.status === 200)!.sentAt).toBeGreaterThanOrEqual(START + 95_000);
    });
  }
});
