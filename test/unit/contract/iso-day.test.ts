import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween, isIsoDay, localToday, monthStart, shiftDay, utcDay } from '../../../src-preload/contract/iso-day';

/** Any real calendar day from 1970 to 2199. */
const day = fc.integer({ min: 0, max: 83_000 }).map((n) => utcDay(n * 86_400_000));
const offset = fc.integer({ min: -5_000, max: 5_000 });

describe('ISO days, the one rule for main and the renderer', () => {
  it('shifting a day lands on a real day, and shifting back returns it', () => {
    fc.assert(
      fc.property(day, offset, (d, n) => {
        const moved = shiftDay(d, n);
        expect(isIsoDay(moved)).toBe(true);
        expect(shiftDay(moved, -n)).toBe(d);
      }),
    );
  });

  it('the days between two days are the shift that joins them', () => {
    fc.assert(
      fc.property(day, offset, (d, n) => {
        expect(daysBetween(d, shiftDay(d, n))).toBe(n);
        expect(daysBetween(shiftDay(d, n), d)).toBe(0 - n); // +0, not -0, for n = 0
      }),
    );
  });

  it('shifts compose: two shifts are one of their sum', () => {
    fc.assert(
      fc.property(day, offset, offset, (d, a, b) => {
        expect(shiftDay(shiftDay(d, a), b)).toBe(shiftDay(d, a + b));
      }),
    );
  });

  it('a month starts on its first day, never after the day it was taken from', () => {
    fc.assert(
      fc.property(day, (d) => {
        const first = monthStart(d);
        expect(first).toBe(`${d.slice(0, 8)}01`);
        expect(daysBetween(first, d)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(first, d)).toBeLessThan(31);
        expect(shiftDay(monthStart(d, 1), -1).slice(0, 7)).toBe(d.slice(0, 7));
      }),
    );
  });

  it('crosses year ends, leap days and daylight-saving changes by the calendar alone', () => {
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
    expect(daysBetween('2025-05-18', '2026-05-17')).toBe(364);
    expect(monthStart('2026-01-10', -1)).toBe('2025-12-01');
  });

  it('knows a real calendar day from a look-alike', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-2-3')).toBe(false);
    expect(isIsoDay('2026-02-03T00:00:00Z')).toBe(false);
  });

  it("takes the laptop's today from its own calendar and a server's day from UTC", () => {
    expect(localToday(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
    expect(utcDay(new Date('2026-01-05T23:59:59Z'))).toBe('2026-01-05');
  });
});
