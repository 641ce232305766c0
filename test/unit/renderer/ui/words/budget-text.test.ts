import { describe, expect, it } from 'vitest';
import type { BudgetStatus } from '../../../../../src-preload/contract/budget';
import { formatDuration, pausedText, remainingText, runText } from '../../../../../src-renderer/ui/words/budget-text';

const budget: BudgetStatus = {
  remaining: { minute: 57, hour: 983, day: 9983 },
  limits: { perMinute: 60, perHour: 1000, perDay: 10_000 },
  limitsSource: 'default',
  usage: { thisLaptopLastHour: 0, othersLastHour: 0 },
  cadence: { activePerHour: 0, idlePerHour: 0, laptopsCarried: 0 },
  pausedUntil: null,
  run: null,
};

describe('budget wording', () => {
  it('rounds durations the way a person says them', () => {
    expect(formatDuration(20)).toBe('under a minute');
    expect(formatDuration(12 * 60 + 10)).toBe('about 12 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('about 2 h 05 min');
  });

  it('shows what is left in each window against its limit', () => {
    expect(remainingText(budget)).toBe('57 of 60 this minute · 983 of 1,000 this hour · 9,983 of 10,000 today');
  });

  it('gives a sized run an ETA, and words an unsized first import as a lower bound', () => {
    expect(runText({ requestsLeft: 180, etaSeconds: 180, sized: true })).toBe(
      '180 requests left, about 3 min at the current budget.',
    );
    expect(runText({ requestsLeft: 5, etaSeconds: 4, sized: false })).toMatch(
      /^At least 5 requests left \(under a minute or more\)/,
    );
    expect(runText({ requestsLeft: 1, etaSeconds: null, sized: true })).toMatch(/^1 request left/);
  });

  it('mentions a server-imposed pause only while it lasts', () => {
    const until = Date.parse('2026-11-21T10:00:00Z');
    const paused = { ...budget, pausedUntil: new Date(until).toISOString() };
    expect(pausedText(paused, until - 1000)).toMatch(/asked us to wait/);
    expect(pausedText(paused, until + 1)).toBeNull();
    expect(pausedText(budget, until)).toBeNull();
  });
});
