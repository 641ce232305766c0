import { describe, expect, it } from 'vitest';
import type { BudgetStatus } from '../../../../../src-preload/contract/budget';
import {
  budgetShareText,
  cadenceCostText,
  cadenceNowText,
  cadenceRuleText,
  everyWords,
  usageText,
} from '../../../../../src-renderer/features/settings/sync-cadence-text';

const budget: BudgetStatus = {
  remaining: { minute: 50, hour: 716, day: 9000 },
  limits: { perMinute: 60, perHour: 1000, perDay: 10_000 },
  limitsSource: 'default',
  usage: { thisLaptopLastHour: 54, othersLastHour: 230 },
  cadence: { activePerHour: 48, idlePerHour: 4, laptopsCarried: 17 },
  pausedUntil: null,
  run: null,
};

describe('Settings → Sync: the cadence and its cost in words', () => {
  it('says the rule as a person would', () => {
    expect(everyWords(5 * 60_000)).toBe('every 5 minutes');
    expect(everyWords(60 * 60_000)).toBe('hourly');
    expect(everyWords(120 * 60_000)).toBe('every 2 hours');
    expect(cadenceRuleText()).toBe(
      'Every 5 minutes while you work, hourly when the window is hidden or you are away; nothing while the laptop sleeps.',
    );
  });

  it('says where the cadence stands now, paused and offline first', () => {
    const now = (presence: 'active' | 'idle' | 'hidden' | 'asleep', paused = false, online = true) =>
      cadenceNowText({ presence, paused, online });
    expect(now('active')).toBe('Now: every 5 minutes — you are working');
    expect(now('idle')).toBe('Now: hourly — you are away');
    expect(now('hidden')).toBe('Now: hourly — the window is hidden');
    expect(now('asleep')).toBe('Now: nothing — the laptop is asleep');
    expect(now('active', true)).toBe('Now: nothing — sync is paused');
    expect(now('active', false, false)).toBe('Now: nothing until the connection is back');
  });

  it('gives the cost an hour at each cadence, and what the shared limit allows', () => {
    expect(cadenceCostText(budget.cadence)).toBe(
      "This laptop's sync costs about 48 requests an hour while you work, about 4 an hour while you are away.",
    );
    expect(budgetShareText(budget)).toBe(
      'This Client ID allows 1,000 requests an hour: this laptop used 54 in the last hour, others sharing it about 230. ' +
        'At this cadence it carries about 17 laptops. These are the usual limits; the server has not announced others for this Client ID.',
    );
    expect(budgetShareText({ ...budget, limitsSource: 'server' })).toMatch(
      /the server announced for this Client ID\.$/,
    );
    expect(usageText(budget)).toBe('Used in the last hour: 54 by this laptop, about 284 by the whole Client ID.');
    // Others' use is seen only through the server's answers: none seen is said so, not "about 0".
    expect(budgetShareText({ ...budget, usage: { thisLaptopLastHour: 54, othersLastHour: 0 } })).toMatch(
      /this laptop used 54 in the last hour, and no other use of it has been seen\. At this cadence/,
    );
  });

  it("writes the figures in the practice's region", () => {
    const big = { ...budget, limits: { ...budget.limits, perHour: 12_000 } };
    expect(budgetShareText(big, 'ZA')).toMatch(/^This Client ID allows 12\s000 requests an hour/);
  });
});
