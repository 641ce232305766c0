import { describe, expect, it } from 'vitest';
import type { RequestPriority } from '../../../src-main/request-budget/request-budget';
import { HOUR, MINUTE, T0, response, settle, setup } from './helpers';

const rateHeaders = (limit: number, remaining: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
});

type Setup = ReturnType<typeof setup>;

/** How many of this priority are granted at the current instant before the budget has to wait. */
async function grantableNow({ budget, timer }: Setup, priority: RequestPriority): Promise<number> {
  let count = 0;
  for (;;) {
    const controller = new AbortController();
    let granted = false;
    const pending = budget.reserve(priority, controller.signal).then(
      () => (granted = true),
      () => undefined,
    );
    await settle();
    if (!granted) {
      controller.abort();
      await pending;
      return count;
    }
    expect(timer.now()).toBe(T0);
    count += 1;
  }
}

describe('a Client ID shared by several laptops', () => {
  it('keeps a quarter of every minute from background and prefetch', async () => {
    const t = setup();
    expect(await grantableNow(t, 'background')).toBe(45);
    expect(await grantableNow(t, 'prefetch')).toBe(0);
    expect(await grantableNow(t, 'interactive')).toBe(15);
  });

  it('paces background over the hour once other laptops are seen, so the hour shows itself before it is full', async () => {
    const alone = setup();
    expect(await grantableNow(alone, 'background')).toBe(45);

    const t = setup();
    await t.budget.reserve('interactive');
    t.budget.observe(response(200, rateHeaders(60, 55))); // four sent elsewhere this minute
    // 1.25 × 950 an hour, per minute: 20 in all, the others' four included.
    expect(await grantableNow(t, 'background')).toBe(15);
    expect(await grantableNow(t, 'interactive')).toBe(40);
  });

  it('the minute reserve follows an adopted limit', async () => {
    const t = setup();
    t.budget.observe(response(200, rateHeaders(120, 120)));
    expect(await grantableNow(t, 'background')).toBe(90);
    expect(await grantableNow(t, 'outbox')).toBe(30);
  });

  it('when others spend, background waits first, down to nothing, while the user still gets slots', async () => {
    const t = setup();
    for (let i = 0; i < 10; i += 1) await t.budget.reserve('background');
    t.budget.observe(response(200, rateHeaders(60, 15))); // others sent 35 this minute
    expect(await grantableNow(t, 'background')).toBe(0);
    expect(t.budget.estimateMs(1, 'background')).toBe(MINUTE);
    expect(await grantableNow(t, 'interactive')).toBe(15);

    // The same in the hour: 960 of 1000 spent elsewhere leaves background nothing this hour.
    const h = setup();
    h.budget.observe(response(200, rateHeaders(1000, 40)));
    expect(await grantableNow(h, 'background')).toBe(0);
    expect(h.budget.estimateMs(1, 'background')).toBe(HOUR);
    expect(await grantableNow(h, 'outbox')).toBe(40);
  });

  it('reports this laptop’s sends and the others’ over the last hour, each send counted once', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(60, 10))); // 40 others in the minute
    expect(budget.snapshot().usage).toEqual({ ownLastHour: 10, othersLastHour: 40 });
    // The hour window shows the same 50 (+ this request): nothing new, although it counts the minute's phantoms too.
    await timer.sleep(30_000);
    await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(1000, 949)));
    expect(budget.snapshot().usage).toEqual({ ownLastHour: 11, othersLastHour: 40 });
    // Later the hour reveals 100 more sent by others: added once, in the hour.
    await timer.sleep(5 * MINUTE);
    await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(1000, 848)));
    expect(budget.snapshot().usage).toEqual({ ownLastHour: 12, othersLastHour: 140 });
    expect(budget.snapshot().remaining.hour).toBe(848);
    // A day-window phantom may be a day old: it counts in the day, not in "the last hour".
    budget.observe(response(200, rateHeaders(10_000, 9_000)));
    expect(budget.snapshot().usage.othersLastHour).toBe(140);
    expect(budget.snapshot().remaining.day).toBe(9_000);
    await timer.sleep(HOUR);
    expect(budget.snapshot().usage).toEqual({ ownLastHour: 0, othersLastHour: 0 });
  });
});
