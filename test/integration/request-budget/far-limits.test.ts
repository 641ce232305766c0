import { afterEach, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import { SANE_MAX_LIMITS } from '../../../src-main/request-budget/limit-adoption';
import type { BudgetLimits } from '../../../src-main/request-budget/request-budget';
import { laptop, startPractice } from './budget-harness';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const refused = (log: { status: number | null }[]) => log.filter((r) => r.status === 429).length;

describe('limits far from the defaults are adopted and planned by (demo practice limiter on, virtual time)', () => {
  const cases: [string, BudgetLimits][] = [
    ['5/50/500', { perMinute: 5, perHour: 50, perDay: 500 }],
    ['600/10,000/100,000', { perMinute: 600, perHour: 10_000, perDay: 100_000 }],
  ];
  for (const [name, limits] of cases) {
    it(`${name}: the minute is read as the minute from the first answer; 20 reads cost 20 requests`, async () => {
      const started = await startPractice(limits);
      demo = started.demo;
      const us = laptop(demo, started.timer);
      for (let i = 0; i < 20; i += 1) await us.read('interactive');
      expect(refused(us.http.log)).toBe(0);
      expect(us.http.log).toHaveLength(20);
      expect(us.budget.snapshot()).toMatchObject({ limits: { perMinute: limits.perMinute }, limitsSource: 'server' });
    }, 60_000);
  }
});

describe('rate-limit headers cannot take the app down', () => {
  it('four answers raising the Limit tenfold with Remaining 0: limits clamped, memory and settings small', async () => {
    const started = await startPractice({ perMinute: 60, perHour: 1000, perDay: 10_000 });
    demo = started.demo;
    const { timer } = started;
    // A proxy (or a broken server) rewrites the first four answers' headers.
    const lies = [10_000, 100_000, 1_000_000, 10_000_000];
    const lying: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const limit = lies.shift();
      if (limit === undefined) return response;
      const headers = new Headers(response.headers);
      headers.set('X-RateLimit-Limit', String(limit));
      headers.set('X-RateLimit-Remaining', '0');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    };
    const store = createMemoryBudgetStore();
    const lyingLaptop = laptop(demo, timer, { store, base: lying });
    const { http } = lyingLaptop;
    for (let i = 0; i < 4; i += 1) await lyingLaptop.read('interactive');
    const { limits, usage } = lyingLaptop.budget.snapshot();
    expect(limits.perMinute).toBeLessThanOrEqual(SANE_MAX_LIMITS.minute);
    expect(limits.perHour).toBeLessThanOrEqual(SANE_MAX_LIMITS.hour);
    expect(limits.perDay).toBeLessThanOrEqual(SANE_MAX_LIMITS.day);
    expect(usage.othersLastHour).toBeLessThanOrEqual(SANE_MAX_LIMITS.day);
    lyingLaptop.budget.flush();
    const clientId = demo.practices[0]!.readWrite.clientId;
    expect(JSON.stringify(store.peek(clientId)).length).toBeLessThan(64_000);
    // Reads go on afterwards, planned by what the server then says (a 429 naming 60 is adopted at once).
    for (let i = 0; i < 20; i += 1) await lyingLaptop.read('interactive');
    expect(refused(http.log)).toBeLessThanOrEqual(1);
    expect(http.log.length).toBeLessThanOrEqual(4 + 21);
    expect(lyingLaptop.budget.snapshot().limits.perMinute).toBe(60);
  }, 120_000);
});
