import { describe, expect, it } from 'vitest';
import { budgetStatusSchema } from '../../../src-preload/contract/budget';
import { createBudgetStatus, laptopsCarried } from '../../../src-main/practice-session/budget-status';
import { syncCostPerHour } from '../../../src-main/sync/sync-cost';
import { response, setup } from './helpers';

const rateHeaders = (limit: number, remaining: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
});

describe('the budget status for the window', () => {
  it('carries the limits and their source, the Client ID’s use, and what sync costs per hour', async () => {
    const { budget } = setup();
    const status = createBudgetStatus({ budgetFor: () => budget, clientIdOf: () => 'client-a', planOf: () => null });
    const active = syncCostPerHour('active');
    const idle = syncCostPerHour('idle');
    expect(active).toBeGreaterThan(idle);

    const before = budgetStatusSchema.parse(status('p1'));
    expect(before).toMatchObject({
      limits: { perMinute: 60, perHour: 1000, perDay: 10_000 },
      limitsSource: 'default',
      usage: { thisLaptopLastHour: 0, othersLastHour: 0 },
      cadence: { activePerHour: active, idlePerHour: idle, laptopsCarried: Math.floor(950 / active) },
    });

    for (let i = 0; i < 5; i += 1) await budget.reserve('interactive');
    budget.observe(response(200, rateHeaders(2000, 1900))); // the hour: 2000, and others sent 95 of it
    const after = budgetStatusSchema.parse(status('p1'));
    expect(after).toMatchObject({
      limits: { perMinute: 60, perHour: 2000, perDay: 10_000 },
      limitsSource: 'server',
      usage: { thisLaptopLastHour: 5, othersLastHour: 95 },
      cadence: { laptopsCarried: Math.floor((2000 - 100) / active) },
    });
  });

  it('laptops carried: the hourly limit after the reserve, over the active cost, floored at 0', () => {
    expect(laptopsCarried(1000, 50, 100)).toBe(9);
    expect(laptopsCarried(1000, 50, 95)).toBe(10);
    expect(laptopsCarried(40, 50, 10)).toBe(0);
    expect(laptopsCarried(1000, 50, 0)).toBe(0);
  });
});
