import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src-main/demo-practice/http/rate-limiter';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import { createVirtualTimer, type BudgetTimer } from '../../../src-main/request-budget/budget-timer';
import { createRequestBudget, type RequestPriority } from '../../../src-main/request-budget/request-budget';
import { DAY, HOUR, MINUTE, T0, maxInAnyWindow, naiveGreedy } from './helpers';

/** Runs `total` reserves through `workers` concurrent loops; returns grants in grant order. */
async function drive(priority: RequestPriority, total: number, workers: number) {
  const timer = createVirtualTimer(T0);
  let sleeps = 0;
  const countingTimer: BudgetTimer = {
    now: () => timer.now(),
    sleep: (ms, signal) => {
      sleeps += 1;
      return timer.sleep(ms, signal);
    },
  };
  const store = createMemoryBudgetStore();
  const budget = createRequestBudget({ clientId: 'client-a', timer: countingTimer, store });
  let issued = 0;
  const grants: { call: number; at: number }[] = [];
  const worker = async () => {
    while (issued < total) {
      const call = issued++;
      await budget.reserve(priority);
      grants.push({ call, at: timer.now() });
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  budget.flush();
  return { grants, sleeps: () => sleeps, store, budget };
}

/** The demo server's own limiter, fed the same timeline: any refusal would be a 429 in real life. */
function serverRefusals(times: readonly number[]): number {
  let now = 0;
  const limiter = createRateLimiter(
    [
      { name: 'minute', windowMs: MINUTE, max: 60 },
      { name: 'hour', windowMs: HOUR, max: 1000 },
      { name: 'day', windowMs: DAY, max: 10_000 },
    ],
    { now: () => new Date(now) },
  );
  let refused = 0;
  for (const t of times) {
    now = t;
    if (!limiter.take('client-a').allowed) refused += 1;
  }
  return refused;
}

describe('request budget under heavy concurrency (virtual time)', () => {
  it('500 concurrent background loops: 1200 grants, no window ever exceeded, FIFO, at the greedy optimum', async () => {
    const { grants, sleeps, store } = await drive('background', 1200, 500);
    const times = grants.map((g) => g.at);

    expect(grants).toHaveLength(1200);
    expect(grants.map((g) => g.call)).toEqual(Array.from({ length: 1200 }, (_, i) => i));
    expect(maxInAnyWindow(times, MINUTE)).toBeLessThanOrEqual(60 - 15); // background leaves the minute reserve alone
    expect(maxInAnyWindow(times, HOUR)).toBeLessThanOrEqual(1000 - 50); // and the hourly one
    expect(serverRefusals(times)).toBe(0);

    const bound =
      (naiveGreedy(
        1200,
        [
          { ms: MINUTE, cap: 45 },
          { ms: HOUR, cap: 950 },
          { ms: DAY, cap: 9700 },
        ],
        T0,
      ).at(-1) as number) - T0;
    // 950 in the first 22 minutes at 45 a minute (the minute reserve), then the hour is full until the first sends leave it.
    expect(bound).toBe(65 * MINUTE);
    const total = (times.at(-1) as number) - T0;
    expect(total).toBeGreaterThanOrEqual(bound);
    expect(total).toBeLessThanOrEqual(bound * 1.01);

    // Computed waits, not polling: one planner sleep per blocked stretch (plus coalesced saves).
    expect(sleeps()).toBeLessThan(100);
    expect(store.peek('client-a')?.sent).toEqual(times);
  });

  it('1200 interactive calls at once reach the full 1000 of the first hour, and never more', async () => {
    const { grants } = await drive('interactive', 1200, 1200);
    const times = grants.map((g) => g.at);
    expect(maxInAnyWindow(times, MINUTE)).toBe(60);
    expect(maxInAnyWindow(times, HOUR)).toBe(1000);
    expect(serverRefusals(times)).toBe(0);
    const greedy = naiveGreedy(
      1200,
      [
        { ms: MINUTE, cap: 60 },
        { ms: HOUR, cap: 1000 },
        { ms: DAY, cap: 10_000 },
      ],
      T0,
    );
    expect(times).toEqual(greedy);
    expect((times.at(-1) as number) - T0).toBe(63 * MINUTE);
  });

  it('mixed priorities, arrivals and aborts at random never break a window or a reserve', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const limits = { perMinute: 20, perHour: 120, perDay: 400 };
    const timer = createVirtualTimer(T0);
    const budget = createRequestBudget({
      clientId: 'c',
      timer,
      store: createMemoryBudgetStore(),
      limits,
      reserve: { perHour: 0.25, perDay: 0.25 },
    });
    const priorities: RequestPriority[] = ['interactive', 'outbox', 'prefetch', 'background'];
    const granted: { at: number; priority: RequestPriority }[] = [];
    let aborted = 0;
    const client = async (id: number) => {
      await timer.sleep(Math.floor(random() * 3 * HOUR));
      const priority = priorities[id % 4] as RequestPriority;
      const controller = new AbortController();
      if (random() < 0.2) void timer.sleep(random() * 10 * MINUTE).then(() => controller.abort(new Error('user left')));
      try {
        await budget.reserve(priority, controller.signal);
        granted.push({ at: timer.now(), priority });
      } catch {
        aborted += 1;
      }
    };
    await Promise.all(Array.from({ length: 600 }, (_, id) => client(id)));

    const times = granted.map((g) => g.at);
    expect(granted.length + aborted).toBe(600);
    expect(granted.length).toBeGreaterThan(300);
    expect(maxInAnyWindow(times, MINUTE)).toBeLessThanOrEqual(20);
    expect(maxInAnyWindow(times, HOUR)).toBeLessThanOrEqual(120);
    expect(maxInAnyWindow(times, DAY)).toBeLessThanOrEqual(400);
    // A low-priority grant may only happen while the hour (and day) are below limit − reserve.
    for (const g of granted.filter((x) => x.priority === 'prefetch' || x.priority === 'background')) {
      const before = granted.filter((x) => x.at > g.at - HOUR && x.at < g.at).length;
      const sameInstantEarlier = granted.slice(0, granted.indexOf(g)).filter((x) => x.at === g.at).length;
      expect(before + sameInstantEarlier).toBeLessThan(120 - 30);
    }
    expect(budget.snapshot().waiting).toEqual({ interactive: 0, outbox: 0, prefetch: 0, background: 0 });
  });
});
