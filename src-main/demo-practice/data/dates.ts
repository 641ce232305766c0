import { DAY_MS, dayStartMs, utcDay } from '../../../src-preload/contract/iso-day';
import { roundCents } from '../../../src-preload/contract/partner-api/common';

/*
 * The demo practice's instants (a bill made at 14:05, a payment some hours later) as Dates. Calendar days
 * (a due date, a term's end, a statement's month) are the contract's ISO-day rule (iso-day.ts), the one
 * the app reads them with: these helpers only turn one into the other and move instants.
 */

/** Midnight UTC of an instant's day. */
export const startOfUtcDay = (date: Date): Date => parseDate(utcDay(date));
/** An instant `days` days (possibly fractional) later; instants, not calendar days (see shiftDay for those). */
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
/** YYYY-MM-DD (UTC). */
export const isoDate = (date: Date): string => utcDay(date);
export const isoDateTime = (date: Date): string => date.toISOString();
/** Midnight UTC of a calendar day. */
export const parseDate = (text: string): Date => new Date(dayStartMs(text));
/** Whole days elapsed from one instant to another (a bill made at 14:05 is 0 days old until 14:05 the next day). */
export const elapsedDays = (from: Date, to: Date): number => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
/** Rounds to cents, avoiding binary drift in sums: the contract's rounding, so the app's previews agree. */
export const round2 = roundCents;
export { DAY_MS };
