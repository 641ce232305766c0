import { utcDay } from '../../../src-preload/contract/iso-day';
import { roundCents } from '../../../src-preload/contract/partner-api/common';
const DAY_MS = 86_400_000;

export const startOfUtcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
/** YYYY-MM-DD (UTC). */
export const isoDate = (date: Date): string => utcDay(date);
export const isoDateTime = (date: Date): string => date.toISOString();
export const parseDate = (text: string): Date => new Date(`${text}T00:00:00.000Z`);
export const daysBetween = (from: Date, to: Date): number => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
export const endOfMonth = (year: number, month0: number): Date => new Date(Date.UTC(year, month0 + 1, 0));
/** Rounds to cents, avoiding binary drift in sums: the contract's rounding, so the app's previews agree. */
export const round2 = roundCents;
export { DAY_MS };
