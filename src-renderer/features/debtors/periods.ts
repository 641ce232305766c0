/**
 * Periods for debtor movement: the presets a partner asks for and a checked custom range, as ISO
 * dates (yyyy-mm-dd); day arithmetic in the contract's `iso-day.ts`; "today" is passed in.
 */
export type PeriodPreset = 'this-month' | 'last-month' | 'this-quarter' | 'last-12-months' | 'custom';

export const periodPresets: ReadonlyArray<readonly [PeriodPreset, string]> = [
  ['this-month', 'This month'],
  ['last-month', 'Last month'],
  ['this-quarter', 'This quarter'],
  ['last-12-months', 'Last 12 months'],
  ['custom', 'Custom dates'],
];

import { isIsoDay, monthStart, shiftDay } from '../../../src-preload/contract/iso-day';

export interface Period {
  startDate: string;
  endDate: string;
}

/**
 * The range of a preset, ending today for the periods under way. "Last 12 months" is the 365 days to
 * today, the same period the sync reads, so it is answered from the synced report.
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'this-month':
      return { startDate: monthStart(today), endDate: today };
    case 'last-month':
      return { startDate: monthStart(today, -1), endDate: shiftDay(monthStart(today), -1) };
    case 'this-quarter': {
      const month = Number(today.slice(5, 7));
      return { startDate: monthStart(today, -((month - 1) % 3)), endDate: today };
    }
    case 'last-12-months':
      return { startDate: shiftDay(today, -364), endDate: today };
  }
}

export type CustomPeriod = { ok: true; period: Period } | { ok: false; message: string };

/** A custom from/to checked before anything is asked of the practice. */
export function customPeriod(from: string, to: string): CustomPeriod {
  if (!from || !to) return { ok: false, message: 'Choose both a "from" and a "to" date.' };
  if (!isIsoDay(from) || !isIsoDay(to)) return { ok: false, message: 'Both dates must be real calendar dates.' };
  if (from > to) return { ok: false, message: 'The "from" date is after the "to" date.' };
  return { ok: true, period: { startDate: from, endDate: to } };
}

/** The reports row a period's movement is kept under, so it is still there offline. */
export function movementReportName(period: Period): string {
  return `movement:${period.startDate}:${period.endDate}`;
}

/** The period a stored row name stands for, or null for any other report. */
export function periodOfReportName(name: string): Period | null {
  const match = /^movement:(\d{4}-\d{2}-\d{2}):(\d{4}-\d{2}-\d{2})$/.exec(name);
  return match ? { startDate: match[1]!, endDate: match[2]! } : null;
}

export const samePeriod = (a: Period | null | undefined, b: Period | null | undefined): boolean =>
  !!a && !!b && a.startDate === b.startDate && a.endDate === b.endDate;
