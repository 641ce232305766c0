import { describe, expect, it } from 'vitest';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import type { RequestPriority } from '../../../src-main/request-budget/request-budget';
import { HOUR, MINUTE, T0, settle, setup } from './helpers';

describe('request budget priorities', () => {
  it('grants a later interactive request before earlier background ones when the minute is full', async () => {
    const { timer, budget } = setup();
    // Background fills what it may of the minute (45 of 60), the user the rest.
    for (let i = 0; i < 60; i += 1) await budget.reserve(i < 45 ? 'background' : 'interactive');
    const order: string[] = [];
    const ask = (label: string, priority: RequestPriority) =>
      budget.reserve(priority).then(() => order.push(`${label}@${timer.now() - T0}`));
    const waiting = [ask('bg1', 'background'), ask('bg2', 'background'), ask('prefetch', 'prefetch')];
    await timer.sleep(30_000); // the user clicks half a minute later
    waiting.push(ask('outbox', 'outbox'), ask('interactive', 'interactive'));
    await settle();
    expect(budget.snapshot().waiting).toEqual({ interactive: 1, outbox: 1, prefetch: 1, background: 2 });
    await Promise.all(waiting);
    expect(order).toEqual(['interactive@60000', 'outbox@60000', 'prefetch@60000', 'bg1@60000', 'bg2@60000']);
  });

  it('keeps the hourly reserve for interactive and outbox requests', async () => {
    const { timer, budget } = setup({
      limits: { perMinute: 100, perHour: 20, perDay: 1000 },
      reserve: { perHour: 0.25, perDay: 0 },
    });
    for (let i = 0; i < 15; i += 1) await budget.reserve('background');
    let backgroundAt: number | undefined;
    const background = budget.reserve('prefetch').then(() => (backgroundAt = timer.now()));
    await timer.sleep(10 * MINUTE);
    for (let i = 0; i < 5; i += 1) await budget.reserve(i % 2 ? 'outbox' : 'interactive');
    expect(timer.now()).toBe(T0 + 10 * MINUTE); // the reserve was there for them, at once
    expect(backgroundAt).toBeUndefined();
    expect(budget.snapshot().remaining.hour).toBe(0);

    let interactiveAt: number | undefined;
    const interactive = budget.reserve('interactive').then(() => (interactiveAt = timer.now()));
    await Promise.all([background, interactive]);
    // The first 15 leave the hour at T0 + 1h: both fit then (hour count 5), the interactive one first.
    expect(interactiveAt).toBe(T0 + HOUR);
    expect(backgroundAt).toBe(T0 + HOUR);
  });

  it('keeps the daily reserve too', async () => {
    const { timer, budget } = setup({
      limits: { perMinute: 100, perHour: 100, perDay: 20 },
      reserve: { perHour: 0, perDay: 0.4 },
    });
    for (let i = 0; i < 12; i += 1) await budget.reserve('background');
    let lowAt: number | undefined;
    const low = budget.reserve('background').then(() => (lowAt = timer.now()));
    await settle();
    await budget.reserve('interactive');
    expect(lowAt).toBeUndefined();
    expect(budget.estimateMs(1, 'background')).toBe(24 * HOUR);
    expect(budget.estimateMs(1, 'interactive')).toBe(0);
    await low;
    expect(lowAt).toBe(T0 + 24 * HOUR);
  });

  it('with the default limits, background stops at 950 in the hour while interactive goes on', async () => {
    const store = createMemoryBudgetStore();
    // 950 sends over the last hour, none in the last minute: a restart in the middle of an import.
    const sent = Array.from({ length: 950 }, (_, i) => T0 - 3_500_000 + i * 3_000);
    store.save('client-a', { version: 1, sent, pausedUntil: null });
    const { timer, budget } = setup({ store });
    expect(budget.snapshot().remaining).toEqual({ minute: 60, hour: 50, day: 9_050 });
    let backgroundAt: number | undefined;
    const background = budget.reserve('background').then(() => (backgroundAt = timer.now()));
    await budget.reserve('interactive');
    expect(timer.now()).toBe(T0);
    await background;
    // The oldest send (T0 − 3500 s) leaves the hour at T0 + 100 s; then 949 + 1 interactive = 950: still full.
    // The second oldest leaves at T0 + 103 s.
    expect(backgroundAt).toBe(T0 + 103_000);
  });
});
