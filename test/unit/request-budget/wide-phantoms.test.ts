import { describe, expect, it } from 'vitest';
import { PROBE_EVERY_MS } from '../../../src-main/request-budget/wide-phantoms';
import { MINUTE, T0, response, settle, setup } from './helpers';

const rateHeaders = (limit: number, remaining: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
});

describe("other laptops' sends learned for the hour", () => {
  it('are forgotten as far as a narrower window shows the hour has room again', () => {
    const { timer, budget } = setup();
    budget.observe(response(200, rateHeaders(1000, 40))); // 960 spent elsewhere this hour
    expect(budget.snapshot().remaining.hour).toBe(40);
    timer.advanceTo(T0 + 20 * MINUTE);
    // The minute is now the window with the fewest left: the hour has at least 50 left.
    budget.observe(response(200, rateHeaders(60, 50)));
    expect(budget.snapshot().remaining.hour).toBe(50);
    // Never more than the server showed: a minute with 59 left says the hour has at least 59. (Answered a
    // few seconds later: what was learned within an exchange's time may be missing from the server's count.)
    timer.advanceTo(T0 + 20 * MINUTE + 10_000);
    budget.observe(response(200, rateHeaders(60, 59)));
    expect(budget.snapshot().remaining.hour).toBe(59);
    // The minute keeps what it learned (headers only ever lower it), and the day keeps every phantom: sends
    // that left the hour are still in the day.
    expect(budget.snapshot().remaining.minute).toBe(50);
    expect(budget.snapshot().remaining.day).toBe(10_000 - 960 - 10);
  });

  it("let a user's request ask the server after a silence, one at a time, instead of waiting out the hour", async () => {
    const { timer, budget } = setup();
    budget.observe(response(200, rateHeaders(1000, 0))); // the hour is full, as far as we know
    expect(budget.estimateMs(1, 'background')).toBeGreaterThan(PROBE_EVERY_MS); // background never probes
    const granted: number[] = [];
    const first = budget.reserve('interactive').then(() => granted.push(timer.now()));
    const second = budget.reserve('interactive').then(() => granted.push(timer.now()));
    await settle();
    expect(granted).toEqual([]);
    timer.advanceTo(T0 + PROBE_EVERY_MS);
    await settle();
    expect(granted).toEqual([T0 + PROBE_EVERY_MS]); // the probe; the second waits for its answer
    await first;
    budget.observe(response(200, rateHeaders(60, 58))); // the answer: the hour has room
    await second;
    expect(granted).toEqual([T0 + PROBE_EVERY_MS, T0 + PROBE_EVERY_MS]);
    // The answer put the hour right: background may go again too.
    // 58 shown, less the second request since, less the probe itself (it may not have been counted yet).
    expect(budget.snapshot().remaining.hour).toBe(56);
    expect(budget.estimateMs(1, 'background')).toBe(0);
  });

  it('a probe that meets a full hour is paused by the 429 like any request', async () => {
    const { timer, budget } = setup();
    budget.observe(response(200, rateHeaders(1000, 0)));
    const probe = budget.reserve('interactive');
    timer.advanceTo(T0 + PROBE_EVERY_MS);
    await probe;
    budget.observe(response(429, { ...rateHeaders(1000, 0), 'Retry-After': '600' }));
    expect(budget.snapshot().pausedUntil).toBe(T0 + PROBE_EVERY_MS + 600_000);
  });
});
