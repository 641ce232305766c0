import { describe, expect, it } from 'vitest';
import { createMemoryBudgetStore, parsePersistedBudget } from '../../../src-main/request-budget/budget-store';
import { mapAnnouncedLimit, type WindowLimits } from '../../../src-main/request-budget/limit-adoption';
import { HOUR, MINUTE, T0, response, setup } from './helpers';

const DEFAULTS: WindowLimits = { minute: 60, hour: 1000, day: 10_000 };
const nothingSent = () => 0;
const map = (limit: number, remaining = 0, current = DEFAULTS, surely: (level: number) => number = nothingSent) =>
  mapAnnouncedLimit({ limit, remaining }, current, surely);

const rateHeaders = (limit: number, remaining: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
});

describe('mapping an announced limit to its window', () => {
  it('names the window whose limit is nearest in ratio; the boundaries are the geometric midpoints', () => {
    expect([30, 120, 240, 500, 2000, 3100, 5000, 20_000].map((limit) => map(limit))).toEqual([0, 0, 0, 1, 1, 1, 2, 2]);
    expect(map(250)).toBe(1); // √(60 × 1000) ≈ 245
    expect(map(3200)).toBe(2); // √(1000 × 10000) ≈ 3162
    // From limits already adopted: a Client ID at half the defaults is read window by window.
    expect(map(500, 0, { minute: 30, hour: 1000, day: 10_000 })).toBe(1);
    expect(map(5000, 0, { minute: 30, hour: 500, day: 10_000 })).toBe(2);
  });

  it('a tie goes to the narrower window', () => {
    expect(map(200, 0, { minute: 100, hour: 400, day: 10_000 })).toBe(0);
  });

  it('never breaks minute ≤ hour ≤ day, whatever is announced in whatever order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let current = { ...DEFAULTS };
    for (let i = 0; i < 2_000; i += 1) {
      const limit = 1 + Math.floor(random() ** 3 * 50_000);
      const level = map(limit, 0, current);
      const name = (['minute', 'hour', 'day'] as const)[level];
      if (name) current = { ...current, [name]: limit };
      expect(current.minute).toBeLessThanOrEqual(current.hour);
      expect(current.hour).toBeLessThanOrEqual(current.day);
    }
  });

  it('is ignored when the window would hold fewer than our own sends the server surely counted', () => {
    // 250 with 249 left after a quiet minute: nearest to the hour, but we sent 400 this hour.
    const surely = (level: number) => (level === 0 ? 0 : 400);
    expect(map(250, 249, DEFAULTS, surely)).toBe(-1);
    expect(map(250, 249, DEFAULTS, () => 0)).toBe(1);
    expect(map(120, 119, DEFAULTS, surely)).toBe(0);
  });

  it('a limit far from every window is still a window: the eForm quota is told apart before this rule', () => {
    expect(map(5)).toBe(0); // twelve times below the minute's 60
    expect(map(200_000)).toBe(2);
  });

  it('ignores what no header can say', () => {
    expect(map(0)).toBe(-1);
    expect(map(1.5)).toBe(-1);
    expect(map(1e10)).toBe(-1);
  });
});

describe('the budget adopts the limits the server announces', () => {
  it('a higher minute limit from a counted response: planned by, shown, persisted at once', async () => {
    const { timer, budget, store } = setup();
    await budget.reserve('interactive');
    expect(budget.snapshot().limitsSource).toBe('default');
    budget.observe(response(200, rateHeaders(120, 119)));
    expect(budget.snapshot()).toMatchObject({
      limits: { perMinute: 120, perHour: 1000, perDay: 10_000 },
      limitsSource: 'server',
      remaining: { minute: 119 },
      reserved: { perMinute: 30, perHour: 50, perDay: 300 },
    });
    expect(store.peek('client-a')?.limits).toEqual({ minute: 120 });
    for (let i = 0; i < 119; i += 1) await budget.reserve('interactive');
    expect(timer.now()).toBe(T0); // 120 in the first minute
    expect(budget.estimateMs(1, 'interactive')).toBe(MINUTE);
  });

  it('a lower limit: the budget stops where the server does, and learns what else was spent', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(30, 15))); // 15 used: 10 ours, 5 someone else's
    expect(budget.snapshot().remaining.minute).toBe(15);
    for (let i = 0; i < 15; i += 1) await budget.reserve('interactive');
    expect(timer.now()).toBe(T0);
    await budget.reserve('interactive');
    expect(timer.now()).toBe(T0 + MINUTE);
  });

  it('confirming a default limit changes nothing but where it comes from', () => {
    const { budget, store } = setup();
    budget.observe(response(200, rateHeaders(60, 59)));
    expect(budget.snapshot()).toMatchObject({ limits: { perMinute: 60 }, limitsSource: 'server' });
    expect(store.peek('client-a')?.limits).toEqual({ minute: 60 });
  });

  it('a rate-limit 429 adopts the Limit it names, and pauses', () => {
    const { budget, store } = setup();
    budget.observe(response(429, { ...rateHeaders(77, 0), 'Retry-After': '5' }));
    expect(budget.snapshot()).toMatchObject({
      limits: { perMinute: 77 },
      limitsSource: 'server',
      pausedUntil: T0 + 5_000,
    });
    expect(store.peek('client-a')?.limits).toEqual({ minute: 77 });
  });

  it('the daily eForm quota’s 429 adopts nothing and pauses nothing, even when its Limit is a window’s', () => {
    const { budget, store } = setup();
    budget.observe(response(429, { ...rateHeaders(5, 0), 'Retry-After': '36000' }), 'eform-quota');
    budget.observe(response(429, { ...rateHeaders(60, 0), 'Retry-After': '36000' }), 'eform-quota');
    expect(budget.snapshot()).toMatchObject({ limits: { perMinute: 60 }, limitsSource: 'default', pausedUntil: null });
    expect(store.peek('client-a')).toBeUndefined();
  });

  it('a restart starts with the adopted limits; absurd stored limits are ignored, the history kept', () => {
    const first = setup();
    first.budget.observe(response(200, rateHeaders(30, 29)));
    first.budget.observe(response(200, rateHeaders(500, 10)));
    first.budget.flush();
    const restarted = setup({ store: first.store, start: T0 + HOUR });
    expect(restarted.budget.snapshot()).toMatchObject({
      limits: { perMinute: 30, perHour: 500, perDay: 10_000 },
      limitsSource: 'server',
      reserved: { perMinute: 8, perHour: 25, perDay: 300 },
    });

    const sent = [T0 - 1_000];
    for (const limits of [{ minute: 0 }, { minute: -5 }, { hour: 2.5 }, { day: 1e12 }, { minute: '120' }, 'lots']) {
      const parsed = parsePersistedBudget({ version: 1, sent, pausedUntil: null, limits });
      expect(parsed).toEqual({ version: 1, sent, pausedUntil: null });
    }
    // Readable but out of order (an hour below the minute): dropped when the budget loads it.
    const store = createMemoryBudgetStore();
    store.save('client-a', { version: 1, sent, pausedUntil: null, limits: { hour: 50 } });
    const { budget } = setup({ store });
    expect(budget.snapshot()).toMatchObject({ limits: { perHour: 1000 }, limitsSource: 'default' });
    expect(budget.snapshot().remaining.hour).toBe(999);
  });
});
