import { describe, expect, it } from 'vitest';
import type { BudgetStatus } from '../../../../../src-preload/contract/budget';
import { syncWaitText } from '../../../../../src-renderer/features/settings/sync-wait';

const T0 = Date.parse('2026-11-23T03:00:00Z');
const budget = (over: Partial<BudgetStatus> = {}): BudgetStatus => ({
  remaining: { minute: 20, hour: 800, day: 9000 },
  limits: { perMinute: 60, perHour: 1000, perDay: 10000 },
  limitsSource: 'default',
  usage: { thisLaptopLastHour: 0, othersLastHour: 0 },
  cadence: { activePerHour: 0, idlePerHour: 0, laptopsCarried: 0 },
  pausedUntil: null,
  run: null,
  ...over,
});
const base = { paused: false, running: true, online: true, budget: budget(), now: T0, region: 'ANZ' };

describe('Settings → Sync: a run that waits says why', () => {
  it('paused and offline say so, whatever the budget', () => {
    expect(syncWaitText({ ...base, paused: true })).toMatch(/^Sync is paused\./);
    expect(syncWaitText({ ...base, online: false })).toMatch(/^Offline: the sync waits for a connection/);
  });

  it('the budget: until when, as far as it is known', () => {
    expect(syncWaitText({ ...base, budget: budget({ pausedUntil: new Date(T0 + 120_000).toISOString() }) })).toMatch(
      /^Syncing — waiting for the request budget: the practice asked for a pause until \d{1,2}:02/,
    );
    expect(syncWaitText({ ...base, budget: budget({ remaining: { minute: 0, hour: 800, day: 9000 } }) })).toMatch(
      /this minute's requests are spent; it goes on in under a minute/,
    );
    expect(syncWaitText({ ...base, budget: budget({ remaining: { minute: 5, hour: 0, day: 9000 } }) })).toMatch(
      /this hour's requests are spent/,
    );
  });

  it('a run that is reading, or no run, has no wait to explain', () => {
    expect(syncWaitText(base)).toBeNull();
    expect(
      syncWaitText({ ...base, running: false, budget: budget({ remaining: { minute: 0, hour: 1, day: 1 } }) }),
    ).toBeNull();
  });
});
