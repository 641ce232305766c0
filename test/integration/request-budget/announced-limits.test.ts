import { afterEach, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import { createRequestBudget, type BudgetLimits } from '../../../src-main/request-budget/request-budget';
import { maxInAnyWindow } from '../../support/virtual-time-http';
import { HOUR, MINUTE, backgroundReaders, laptop, startPractice, stopAfter } from './budget-harness';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const sameLimits = (a: BudgetLimits, b: BudgetLimits) =>
  a.perMinute === b.perMinute && a.perHour === b.perHour && a.perDay === b.perDay;

/** A budget with the app's defaults (60/1000/10000) against a Client ID whose limits are others. */
async function runAgainst(limits: BudgetLimits, runMs: number, untilLearned = false) {
  const started = await startPractice(limits);
  demo = started.demo;
  const { timer } = started;
  const store = createMemoryBudgetStore();
  const us = laptop(demo, timer, { store });
  const signal = stopAfter(timer, runMs);
  const learned = () => untilLearned && sameLimits(us.budget.snapshot().limits, limits);
  await backgroundReaders(us.read, 3, signal, learned);
  const times = us.http.log.map((r) => r.sentAt);
  const restarted = () =>
    createRequestBudget({ clientId: demo!.practices[0]!.readWrite.clientId, timer, store, onError: () => undefined });
  return { timer, us, times, store, restarted };
}

const refused = (log: { status: number | null }[]) => log.filter((r) => r.status === 429).length;

describe('a Client ID with its own limits (demo practice limiter on, virtual time)', () => {
  it('higher limits: the minute is adopted from the first response and used (more than 60 a minute)', async () => {
    const limits = { perMinute: 120, perHour: 2000, perDay: 20_000 };
    const { us, times, store, restarted } = await runAgainst(limits, 10 * MINUTE);
    expect(refused(us.http.log)).toBe(0);
    // 90 a minute: 75% of 120 for background. The hour and day stay at 1000 and 10000 (safe): the server names
    // a window only while it binds, and at 950 an hour the hour never binds before the minute.
    expect(maxInAnyWindow(times, MINUTE)).toBe(90);
    const expected = { perMinute: 120, perHour: 1000, perDay: 10_000 };
    expect(us.budget.snapshot()).toMatchObject({ limits: expected, limitsSource: 'server' });
    us.budget.flush();
    expect(store.peek(demo!.practices[0]!.readWrite.clientId)?.limits).toEqual({ minute: 120 });
    expect(restarted().snapshot()).toMatchObject({ limits: expected, limitsSource: 'server' });
  }, 60_000);

  it('lower limits: each window is adopted as it binds, before it is exhausted; no 429 in eleven hours', async () => {
    const limits = { perMinute: 30, perHour: 500, perDay: 5000 };
    const { us, times, timer, restarted } = await runAgainst(limits, 12 * HOUR, true);
    expect(us.budget.snapshot()).toMatchObject({ limits, limitsSource: 'server' });
    expect(timer.elapsed()).toBeGreaterThan(10 * HOUR); // the day binds only once 4500 and more were sent
    expect(refused(us.http.log)).toBe(0);
    expect(maxInAnyWindow(times, MINUTE)).toBeLessThanOrEqual(30);
    expect(maxInAnyWindow(times, HOUR)).toBeLessThanOrEqual(500);
    expect(times.length).toBeLessThanOrEqual(5000);
    // Planned by them: background kept to 22 of 30 a minute and 475 of 500 an hour once learned.
    expect(maxInAnyWindow(times.slice(100), MINUTE)).toBeLessThanOrEqual(22);
    expect(restarted().snapshot()).toMatchObject({ limits, limitsSource: 'server' });
  }, 120_000);
});
