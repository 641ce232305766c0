/**
 * Calendar days as ISO dates (yyyy-mm-dd). Arithmetic is done on the dates themselves (UTC), so a
 * daylight-saving change never moves a boundary; "today" is the laptop's calendar date.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const toDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const parseDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** A real calendar date in yyyy-mm-dd (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const ms = parseDay(value);
  return !Number.isNaN(ms) && toDay(ms) === value;
}

export function shiftDay(day: string, days: number): string {
  return toDay(parseDay(day) + days * DAY_MS);
}

/** The laptop's calendar date (not UTC's: at 8 am in Sydney it is already "today" there). */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
