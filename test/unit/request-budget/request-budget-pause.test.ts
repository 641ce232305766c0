import { describe, expect, it } from 'vitest';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import { realTimer } from '../../../src-main/request-budget/budget-timer';
import { createRequestBudget } from '../../../src-main/request-budget/request-budget';
import { MINUTE, T0, response, settle, setup } from './helpers';

async function firstGrantAfter(
  status: number,
  headers: Record<string, string>,
  refusal?: 'eform-quota',
): Promise<number> {
  const { timer, budget } = setup();
  budget.observe(response(status, headers), refusal);
  await budget.reserve('interactive');
  return timer.now() - T0;
}

describe('request budget pauses on 429', () => {
  it('Retry-After in delta-seconds: nothing is granted for 30 s', async () => {
    const { timer, budget } = setup();
    budget.observe(response(429, { 'Retry-After': '30' }));
    expect(budget.snapshot().pausedUntil).toBe(T0 + 30_000);
    const granted: number[] = [];
    await Promise.all(
      (['interactive', 'outbox', 'background'] as const).map((p) =>
        budget.reserve(p).then(() => granted.push(timer.now() - T0)),
      ),
    );
    expect(granted).toEqual([30_000, 30_000, 30_000]);
    expect(budget.snapshot().pausedUntil).toBeNull();
  });

  it('Retry-After as an HTTP date pauses just the same', async () => {
    expect(await firstGrantAfter(429, { 'Retry-After': new Date(T0 + 30_000).toUTCString() })).toBe(30_000);
  });

  it('an HTTP date is measured against the response Date header, so a skewed laptop clock does not matter', async () => {
    const serverNow = T0 + 3_600_000; // the server is an hour ahead of us
    const headers = {
      Date: new Date(serverNow).toUTCString(),
      'Retry-After': new Date(serverNow + 30_000).toUTCString(),
    };
    expect(await firstGrantAfter(429, headers)).toBe(30_000);
  });

  it('missing or garbage Retry-After pauses for 60 s; zero still pauses for the contract minimum of 1 s', async () => {
    expect(await firstGrantAfter(429, { 'Retry-After': 'soon' })).toBe(60_000);
    expect(await firstGrantAfter(429, { 'Retry-After': '12 monkeys' })).toBe(60_000);
    expect(await firstGrantAfter(429, {})).toBe(60_000);
    expect(await firstGrantAfter(429, { 'Retry-After': '0' })).toBe(1_000);
  });

  it('the demo server rate-limit 429 (headers naming a budget window) pauses', async () => {
    const headers = {
      'Retry-After': '45',
      'X-RateLimit-Limit': '1000',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(T0 / 1000 + 45),
    };
    expect(await firstGrantAfter(429, headers)).toBe(45_000);
  });

  it('the daily eForm quota’s 429 does not stop the rest of the API, whatever its Limit', async () => {
    for (const limit of ['200', '60', '1000', '0']) {
      const headers = { 'Retry-After': '50000', 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': '0' };
      expect(await firstGrantAfter(429, headers, 'eform-quota')).toBe(0);
    }
  });

  it('a rate-limit 429 whose Limit is none of our windows is not dismissed: it pauses', async () => {
    const headers = { 'Retry-After': '20', 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0' };
    expect(await firstGrantAfter(429, headers)).toBe(20_000);
  });

  it('re-plans a sleeping waiter when a pause arrives, and a shorter second pause does not shorten it', async () => {
    const { timer, budget } = setup({ limits: { perMinute: 1, perHour: 100, perDay: 1000 } });
    await budget.reserve('interactive');
    let grantedAt: number | undefined;
    const waiting = budget.reserve('interactive').then(() => (grantedAt = timer.now() - T0));
    await timer.sleep(50_000);
    budget.observe(response(429, { 'Retry-After': '30' }));
    budget.observe(response(429, { 'Retry-After': '5' }));
    await waiting;
    expect(grantedAt).toBe(80_000);
  });

  it('the pause survives a restart, and an expired one is forgotten', async () => {
    const store = createMemoryBudgetStore();
    const first = setup({ store });
    first.budget.observe(response(429, { 'Retry-After': '30' }));
    // no flush, no dispose: the app "crashes" here

    const restarted = setup({ store, start: T0 + 10_000 });
    expect(restarted.budget.snapshot().pausedUntil).toBe(T0 + 30_000);
    await restarted.budget.reserve('interactive');
    expect(restarted.timer.now()).toBe(T0 + 30_000);

    const later = setup({ store: first.store, start: T0 + MINUTE });
    expect(later.budget.snapshot().pausedUntil).toBeNull();
    let grantedAt: number | undefined;
    void later.budget.reserve('interactive').then(() => (grantedAt = later.timer.now()));
    await settle();
    expect(grantedAt).toBe(T0 + MINUTE);
  });

  it('on the real clock too: a 1 s pause holds the next grant for about a second', async () => {
    const budget = createRequestBudget({ clientId: 'real', timer: realTimer, store: createMemoryBudgetStore() });
    budget.observe(response(429, { 'Retry-After': '1' }));
    const started = Date.now();
    await budget.reserve('interactive');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3_000);
    budget.dispose();
  });
});
