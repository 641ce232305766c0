import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, T0, naiveGreedy, response, setup } from './helpers';

describe('request budget ETA (estimateMs)', () => {
  it('is 0 when the request could go now, and for nothing at all', () => {
    const { budget } = setup();
    expect(budget.estimateMs(0)).toBe(0);
    expect(budget.estimateMs(1)).toBe(0);
    expect(budget.estimateMs(60, 'interactive')).toBe(0);
  });

  it('61 from empty: the 61st waits a minute (the 46th, for background)', () => {
    const { budget } = setup();
    expect(budget.estimateMs(61, 'interactive')).toBe(MINUTE);
    expect(budget.estimateMs(45)).toBe(0);
    expect(budget.estimateMs(46)).toBe(MINUTE);
  });

  it('matches an independent greedy schedule, from history, for both reserve classes', async () => {
    const { timer, budget } = setup();
    const history: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      await budget.reserve('interactive');
      history.push(timer.now());
      if (i % 9 === 8) await timer.sleep(7_000);
    }
    const now = timer.now();
    const caps = (low: boolean) => [
      { ms: MINUTE, cap: low ? 45 : 60 },
      { ms: HOUR, cap: low ? 950 : 1000 },
      { ms: DAY, cap: low ? 9_700 : 10_000 },
    ];
    for (const n of [1, 16, 100, 1_000]) {
      const expectedInteractive = (naiveGreedy(n, caps(false), now, history).at(-1) as number) - now;
      const expectedBackground = (naiveGreedy(n, caps(true), now, history).at(-1) as number) - now;
      expect(budget.estimateMs(n, 'interactive')).toBe(expectedInteractive);
      expect(budget.estimateMs(n, 'outbox')).toBe(expectedInteractive);
      expect(budget.estimateMs(n, 'background')).toBe(expectedBackground);
      expect(budget.estimateMs(n)).toBe(expectedBackground);
    }
  });

  it('is what actually happens: 1200 background requests finish exactly when estimated', async () => {
    const { timer, budget, store } = setup();
    const before = budget.snapshot();
    const estimate = budget.estimateMs(1200, 'background');
    expect(budget.snapshot()).toEqual(before); // a pure calculation: nothing recorded, nothing saved
    expect(store.peek('client-a')).toBeUndefined();
    await Promise.all(Array.from({ length: 1200 }, () => budget.reserve('background')));
    expect(timer.now() - T0).toBe(estimate);
    // 45 a minute (the minute reserve) up to 950 by T0 + 21 min; then 45 a minute again from T0 + 60 min.
    expect(estimate).toBe(65 * MINUTE);
  });

  it('counts a pause', () => {
    const paused = setup();
    paused.budget.observe(response(429, { 'Retry-After': '30' }));
    expect(paused.budget.estimateMs(1)).toBe(30_000);
    expect(paused.budget.estimateMs(61)).toBe(90_000);
  });

  it('refuses limits and reserves that would starve a priority for good', () => {
    // Reserves are shares of the limits in force: a whole window (or more) would starve them.
    expect(() => setup({ limits: { perMinute: 10, perHour: 40, perDay: 100 }, reserve: { perHour: 1 } })).toThrow(
      RangeError,
    );
    expect(() => setup({ reserve: { perMinute: 1.5 } })).toThrow(RangeError);
    expect(() => setup({ reserve: { perDay: Number.NaN } })).toThrow(RangeError);
    expect(() => setup({ limits: { perMinute: 0, perHour: 1000, perDay: 10_000 } })).toThrow(RangeError);
    expect(() => setup({ reserve: { perHour: -0.1 } })).toThrow(RangeError);
  });

  it('leaves background at least one request of every window, however small the limits', async () => {
    const { timer, budget } = setup({ limits: { perMinute: 1, perHour: 2, perDay: 3 }, reserve: { perMinute: 0.99 } });
    await budget.reserve('background');
    expect(timer.now()).toBe(T0); // a 99% minute reserve of 1 still leaves background its one
    expect(budget.estimateMs(1)).toBe(HOUR); // the hour's 5% of 2 rounds up to 1: background has the other
    expect(budget.estimateMs(1, 'interactive')).toBe(MINUTE);
  });
});
