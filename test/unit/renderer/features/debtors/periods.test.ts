import { describe, expect, it } from 'vitest';
import {
  customPeriod,
  movementReportName,
  periodOfReportName,
  presetPeriod,
  samePeriod,
} from '../../../../../src-renderer/features/debtors/periods';
import { isIsoDay, localToday, shiftDay } from '../../../../../src-preload/contract/iso-day';

describe('movement periods', () => {
  it('this month and this quarter run from their first day to today', () => {
    expect(presetPeriod('this-month', '2026-05-17')).toEqual({ startDate: '2026-05-01', endDate: '2026-05-17' });
    expect(presetPeriod('this-quarter', '2026-05-17')).toEqual({ startDate: '2026-04-01', endDate: '2026-05-17' });
    expect(presetPeriod('this-quarter', '2026-03-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(presetPeriod('this-quarter', '2026-10-01')).toEqual({ startDate: '2026-10-01', endDate: '2026-10-01' });
  });

  it('last month is the whole previous calendar month, across a year end and a leap February', () => {
    expect(presetPeriod('last-month', '2026-01-10')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(presetPeriod('last-month', '2028-03-31')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(presetPeriod('last-month', '2026-03-01')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('the last 12 months are the 365 days to today: the period the sync reads', () => {
    expect(presetPeriod('last-12-months', '2026-05-17')).toEqual({ startDate: '2025-05-18', endDate: '2026-05-17' });
    expect(shiftDay('2026-05-17', -364)).toBe('2025-05-18');
  });

  it('checks custom dates before anything is read', () => {
    expect(customPeriod('2026-01-01', '2026-03-31')).toEqual({
      ok: true,
      period: { startDate: '2026-01-01', endDate: '2026-03-31' },
    });
    expect(customPeriod('2026-01-01', '2026-01-01').ok).toBe(true);
    expect(customPeriod('', '2026-01-01')).toMatchObject({ ok: false, message: expect.stringMatching(/both/) });
    expect(customPeriod('2026-04-01', '2026-03-31')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/after/),
    });
    expect(customPeriod('2026-02-30', '2026-03-31')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/real calendar dates/),
    });
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-2-3')).toBe(false);
  });

  it('names the stored row after the period and reads the period back', () => {
    const period = { startDate: '2026-01-01', endDate: '2026-03-31' };
    expect(movementReportName(period)).toBe('movement:2026-01-01:2026-03-31');
    expect(periodOfReportName(movementReportName(period))).toEqual(period);
    expect(periodOfReportName('debtorMovement')).toBeNull();
    expect(samePeriod(period, { ...period })).toBe(true);
    expect(samePeriod(period, null)).toBe(false);
  });

  it("takes today from the laptop's calendar, not UTC's", () => {
    expect(localToday(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});
