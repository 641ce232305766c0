import { describe, expect, it } from 'vitest';
import { createBudgetLedger } from '../../../src-main/request-budget/budget-ledger';
import { mapAnnouncedLimit, SANE_MAX_LIMITS, type WindowLimits } from '../../../src-main/request-budget/limit-adoption';
import { coalesce, MAX_PHANTOM_BATCHES } from '../../../src-main/request-budget/phantom-batches';
import { HOUR, MINUTE, T0, response, setup } from './helpers';

const DEFAULTS: WindowLimits = { minute: 60, hour: 1000, day: 10_000 };

/** A counted answer naming a window: Limit, Remaining, and Reset `resetInMs` from now (epoch seconds). */
const named = (limit: number, remaining: number, resetInMs: number, now = T0) =>
  response(200, {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.ceil((now + resetInMs) / 1000)),
  });

describe('X-RateLimit-Reset and the contract’s ratio tell the windows apart', () => {
  it('a 600 whose window frees within a minute is the minute’s, not the hour’s (nearer in ratio)', () => {
    expect(mapAnnouncedLimit({ limit: 600, remaining: 599, resetInMs: 40_000 }, DEFAULTS, () => 0)).toBe(0);
    // A Reset more than a minute away rules the minute out; more than an hour away, the hour too.
    expect(mapAnnouncedLimit({ limit: 600, remaining: 0, resetInMs: 20 * MINUTE }, DEFAULTS, () => 0)).toBe(1);
    expect(mapAnnouncedLimit({ limit: 20_000, remaining: 0, resetInMs: 5 * HOUR }, DEFAULTS, () => 0)).toBe(2);
  });

  it('600/10,000/100,000: each window adopted as it binds, and planned by', () => {
    const { budget } = setup();
    budget.observe(named(600, 599, 60_000));
    budget.observe(named(10_000, 9_000, 30_000)); // the hour, though its oldest send leaves within a minute
    budget.observe(named(100_000, 90_000, 12 * HOUR));
    expect(budget.snapshot()).toMatchObject({
      limits: { perMinute: 600, perHour: 10_000, perDay: 100_000 },
      limitsSource: 'server',
    });
  });

  it('5/50/500: far below the defaults, adopted rather than taken for another quota', async () => {
    const { timer, budget } = setup();
    budget.observe(named(5, 5, 60_000));
    budget.observe(named(50, 50, 30_000)); // expected near 83 an hour once the minute said 5
    budget.observe(named(500, 500, 3 * HOUR));
    expect(budget.snapshot().limits).toEqual({ perMinute: 5, perHour: 50, perDay: 500 });
    for (let i = 0; i < 5; i += 1) await budget.reserve('interactive');
    expect(timer.now()).toBe(T0);
    await budget.reserve('interactive');
    expect(timer.now()).toBeGreaterThanOrEqual(T0 + MINUTE); // planned by 5 a minute
  });

  it('a rate-limit 429 naming a limit adopts it (Remaining 0 is what a refusal says)', () => {
    const { budget } = setup();
    budget.observe(
      response(429, {
        'Retry-After': '12',
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(T0 / 1000 + 12),
      }),
    );
    expect(budget.snapshot()).toMatchObject({ limits: { perMinute: 5 }, pausedUntil: T0 + 12_000 });
  });
});

describe('headers cannot grow what is kept without bound', () => {
  it('four answers raising the Limit tenfold with Remaining 0: limits clamped, memory and file small', () => {
    const { budget, store } = setup();
    for (const limit of [600, 6_000, 60_000, 600_000, 6_000_000, 999_999_999]) budget.observe(named(limit, 0, 50_000));
    const { limits, usage } = budget.snapshot();
    expect(limits.perMinute).toBeLessThanOrEqual(SANE_MAX_LIMITS.minute);
    expect(limits.perHour).toBeLessThanOrEqual(SANE_MAX_LIMITS.hour);
    expect(limits.perDay).toBeLessThanOrEqual(SANE_MAX_LIMITS.day);
    expect(usage.othersLastHour).toBeLessThanOrEqual(SANE_MAX_LIMITS.day);
    budget.flush();
    const persisted = store.peek('client-a');
    expect(JSON.stringify(persisted).length).toBeLessThan(64_000);
    // What a restart loads is bounded the same way, and still knows the practice is spent.
    const restarted = setup({ store });
    expect(restarted.budget.snapshot().remaining.minute).toBe(0);
  });

  it('many answers over a day: the file keeps at most 64 batches a window', () => {
    const { timer, budget, store } = setup();
    for (let i = 0; i < 600; i += 1) {
      timer.advanceTo(T0 + i * 2 * MINUTE);
      budget.observe(named(60, 0, 30_000, timer.now())); // someone else spent the minute, again and again
    }
    budget.flush();
    const batches = store.peek('client-a')?.serverHints?.batches;
    expect(batches?.minute.length).toBeLessThanOrEqual(MAX_PHANTOM_BATCHES);
    expect(JSON.stringify(store.peek('client-a')).length).toBeLessThan(64_000);
  });
});

describe('phantom batches', () => {
  it('coalesce keeps every phantom and only ever moves one later (it then counts longer: the safe side)', () => {
    const times = Array.from({ length: 1_000 }, (_, i) => T0 + i * 997);
    const batches = coalesce(times);
    expect(batches.length).toBeLessThanOrEqual(MAX_PHANTOM_BATCHES);
    expect(batches.reduce((sum, [, n]) => sum + n, 0)).toBe(1_000);
    expect(batches.at(-1)?.[0]).toBe(times.at(-1));
    let k = 0;
    for (const [at, n] of batches) for (let i = 0; i < n; i += 1) expect(at).toBeGreaterThanOrEqual(times[k++]!);
  });

  it('what older builds wrote (one time per phantom) is still read', () => {
    const ledger = createBudgetLedger(
      { version: 1, sent: [], pausedUntil: null, serverHints: { phantoms: { minute: [], hour: [T0, T0], day: [] } } },
      T0,
    );
    expect(ledger.othersBetween(T0 - HOUR, T0)).toBe(2);
    expect(ledger.toPersisted().serverHints).toEqual({ batches: { minute: [], hour: [[T0, 2]], day: [] } });
  });
});

describe('a Reset far off does not move a known limit to another window', () => {
  it('a 429 storm naming the minute’s 60 with a Reset five minutes away is the minute’s', () => {
    const { budget } = setup();
    budget.observe(
      response(429, {
        'Retry-After': '300',
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(T0 / 1000 + 300),
      }),
    );
    expect(budget.snapshot().limits).toEqual({ perMinute: 60, perHour: 1000, perDay: 10_000 });
  });
});
