import { describe, expect, it } from 'vitest';
import { MINUTE, T0, response, settle, setup } from './helpers';

const rateHeaders = (limit: number, remaining: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': String(Math.ceil((T0 + MINUTE) / 1000)),
});

/** How many grants happen at the current instant before the budget has to wait. */
async function grantableNow(
  budget: ReturnType<typeof setup>['budget'],
  timer: ReturnType<typeof setup>['timer'],
): Promise<number> {
  const start = timer.now();
  let count = 0;
  for (;;) {
    await budget.reserve('interactive');
    if (timer.now() !== start) return count;
    count += 1;
  }
}

describe('request budget corrections from X-RateLimit-* headers', () => {
  it('Remaining lower than we think: the difference becomes phantom sends that are not granted', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(60, 40))); // another laptop used 10 of this minute
    expect(budget.snapshot().remaining.minute).toBe(40);
    expect(await grantableNow(budget, timer)).toBe(40);
    expect(timer.now()).toBe(T0 + MINUTE); // the phantoms left with our own sends, one window later
  });

  it('Remaining higher than we think is ignored (the server may not have seen our in-flight requests yet)', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(60, 59)));
    expect(budget.snapshot().remaining.minute).toBe(50);
    expect(await grantableNow(budget, timer)).toBe(50);
  });

  it('the same headers seen twice correct once', async () => {
    const { budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(60, 40)));
    budget.observe(response(200, rateHeaders(60, 40)));
    expect(budget.snapshot().remaining.minute).toBe(40);
  });

  it('an hour-window correction counts in the hour and the day, not in the minute', async () => {
    const { budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(1000, 500)));
    expect(budget.snapshot().remaining).toEqual({ minute: 50, hour: 500, day: 9_500 });
    expect(budget.estimateMs(501, 'interactive')).toBeGreaterThan(MINUTE * 50);
  });

  it('ignores garbage, and a 429 whose Remaining describes a refusal', async () => {
    const { budget } = setup();
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '-5' }));
    budget.observe(response(200, { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0x1' }));
    budget.observe(response(200, { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '61' }));
    budget.observe(response(200, { 'X-RateLimit-Limit': '60' }));
    expect(budget.snapshot().remaining.minute).toBe(50);
    budget.observe(response(429, { ...rateHeaders(60, 0), 'Retry-After': '5' }));
    expect(budget.snapshot().remaining.minute).toBe(50);
    expect(budget.snapshot().pausedUntil).toBe(T0 + 5_000);
  });

  it('a slow response does not mistake sends that just left the window for someone else’s', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 59; i += 1) await budget.reserve('interactive');
    await timer.sleep(59_000);
    await budget.reserve('interactive'); // the 60th; the server counts it at T0 + 59 s: Remaining 0
    await timer.sleep(2_000); // its response arrives 2 s later, after the first 59 left our window
    budget.observe(response(200, rateHeaders(60, 0)));
    expect(budget.snapshot().remaining.minute).toBe(59);
    await settle();
    expect(await grantableNow(budget, timer)).toBe(59);
  });

  it('a prompt answer does not let our sends that just left the window hide someone else’s', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 20; i += 1) {
      await budget.reserve('interactive');
      budget.observe(response(200, rateHeaders(60, 59 - i)));
    }
    await timer.sleep(61_000); // our 20 left the server's minute a second ago
    await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(60, 54))); // answered at once: 6 counted, 1 ours, 5 someone else's
    expect(budget.snapshot().usage).toEqual({ ownLastHour: 21, othersLastHour: 5 });
    // Answered 3 s late: sends up to 3 s older than the window may still have been counted, and are not others'.
    await timer.sleep(59_000);
    await budget.reserve('interactive'); // T0 + 120 s
    await timer.sleep(3_000);
    budget.observe(response(200, rateHeaders(60, 58))); // 2 counted: this one and the one at T0 + 61 s
    expect(budget.snapshot().usage.othersLastHour).toBe(5);
  });

  it('phantoms survive a restart', async () => {
    const first = setup();
    for (let i = 0; i < 10; i += 1) await first.budget.reserve('interactive');
    first.budget.observe(response(200, rateHeaders(1000, 500)));
    first.budget.flush();
    const restarted = setup({ store: first.store, start: T0 + 2 * MINUTE });
    expect(restarted.budget.snapshot().remaining).toEqual({ minute: 60, hour: 500, day: 9_500 });
  });
});
