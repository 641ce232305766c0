/**
 * Calendar days as ISO dates (yyyy-mm-dd), the one home of day arithmetic for main and the renderer. The
 * contract's dates carry no time zone, so arithmetic is done on the dates themselves (UTC): a
 * daylight-saving change never moves a boundary.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant (a server's `Date` header, a timestamp). */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Midnight UTC of a day, in milliseconds (NaN for a string that is no date). */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** A real calendar date in yyyy-mm-dd (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const ms = dayStartMs(value);
  return !Number.isNaN(ms) && utcDay(ms) === value;
}

/** The day `days` calendar days after `day` (before it when negative). */
export function shiftDay(day: string, days: number): string {
  return utcDay(dayStartMs(day) + days * DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);
}

/** First day of the month `offset` months from `day`'s month. */
export function monthStart(day: string, offset = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return utcDay(Date.UTC(year, month - 1 + offset, 1));
}

/** The laptop's calendar date (not UTC's: at 8 am in Sydney it is already "today" there). */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
