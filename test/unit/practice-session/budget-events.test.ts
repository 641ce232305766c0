import { describe, expect, it } from 'vitest';
import type { BudgetStatus } from '../../../src-preload/contract/budget';
import { BUDGET_EVENT_MS, createBudgetEvents } from '../../../src-main/practice-session/budget-events';

const practiceKey = '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f';

const statusWith = (minute: number): BudgetStatus => ({
  remaining: { minute, hour: 600, day: 5000 },
  limits: { perMinute: 60, perHour: 600, perDay: 5000 },
  limitsSource: 'default',
  usage: { thisLaptopLastHour: 60 - minute, othersLastHour: 0 },
  cadence: { activePerHour: 100, idlePerHour: 20, laptopsCarried: 4 },
  pausedUntil: null,
  run: null,
  estimate: { requests: 1, etaSeconds: minute > 0 ? 0 : 30 },
});

function setUp(active: string | null = practiceKey) {
  const world = { active, minute: 60, asked: [] as number[] };
  const ticks: { ms: number; run: () => void }[] = [];
  const sent: { practiceKey: string; status: BudgetStatus }[] = [];
  const events = createBudgetEvents({
    activeKey: () => world.active,
    status: (key, estimateRequests) => {
      world.asked.push(estimateRequests);
      return key === practiceKey ? statusWith(world.minute) : null;
    },
    timer: { every: (ms, run) => (ticks.push({ ms, run }), () => ticks.splice(0)) },
    emit: (payload) => sent.push(payload),
  });
  return { world, ticks, sent, events, tick: () => ticks.forEach((t) => t.run()) };
}

describe('budget events: main pushes the active practice’s budget when it changes', () => {
  it('sends the status at start, with the estimate for one more request, then only what changed', () => {
    const { world, ticks, sent, events, tick } = setUp();
    events.start();
    expect(ticks.map((t) => t.ms)).toEqual([BUDGET_EVENT_MS]);
    expect(sent).toEqual([{ practiceKey, status: statusWith(60) }]);
    expect(world.asked).toEqual([1]);
    tick();
    tick();
    expect(sent).toHaveLength(1); // nothing changed: nothing sent
    world.minute = 59;
    events.changed();
    expect(sent.at(-1)).toEqual({ practiceKey, status: statusWith(59) });
    tick();
    expect(sent).toHaveLength(2);
  });

  it('sends nothing without an active practice, or for one without a budget of its own (read through the hub)', () => {
    const none = setUp(null);
    none.events.start();
    none.tick();
    expect(none.sent).toEqual([]);
    const hub = setUp('7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91');
    hub.events.start();
    expect(hub.sent).toEqual([]);
  });

  it('a practice that comes back after none is told again, even unchanged; stop ends the ticks', () => {
    const { world, ticks, sent, events, tick } = setUp();
    events.start();
    world.active = null;
    tick();
    world.active = practiceKey;
    tick();
    expect(sent).toHaveLength(2);
    events.stop();
    expect(ticks).toEqual([]);
  });
});
