import { isIsoDay } from '../../../src-preload/contract/iso-day';

/*
 * Dates as staff type them, in the practice's order. A native <input type="date"> shows the laptop's own
 * locale (mm/dd/yyyy on a US-configured laptop), so an ANZ, UK or South African practice's staff would read
 * 03/04 as March; the app's date fields are text in the practice's order instead, ISO (yyyy-mm-dd) inside.
 *
 * Reading never guesses: "11/23/2026" in a day-first practice is refused with a message saying the day
 * comes first, not silently swapped. Also read, because staff copy them from the app's own screens and
 * from other systems: ISO dates (year first, which cannot be misread) and dates with a month name
 * ("23 Nov 2026", as formatDate shows them).
 */

/** The order of the parts a practice types its dates in. */
export interface DateInputFormat {
  /** 'dmy': 23/11/2026. */
  order: 'dmy';
  separator: '/';
  /** What the field's hint shows: "dd/mm/yyyy". */
  pattern: string;
}

const DAY_FIRST: DateInputFormat = { order: 'dmy', separator: '/', pattern: 'dd/mm/yyyy' };

/**
 * Every region the app serves writes the day first (AU and NZ, the UK, South Africa in everyday use), so
 * the table has one shape; a region writing month first would say so here and the round trip covers it.
 */
export const dateInputFormats: Record<'ANZ' | 'UK' | 'ZA', DateInputFormat> = {
  ANZ: DAY_FIRST,
  UK: DAY_FIRST,
  ZA: DAY_FIRST,
};

export function dateInputFormat(region: string | undefined): DateInputFormat {
  return dateInputFormats[region === 'UK' || region === 'ZA' ? region : 'ANZ'];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** "January"…"December": the one month table; formatDate shows their first three letters, which this field reads. */
export const MONTH_NAMES = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));

/**
 * What was typed: an ISO date, nothing (blank), or a message for the field, with what to type instead
 * when one reading is plausible (the field accepts the suggestion as it stands).
 */
export type TypedDate =
  { ok: true; value: string } | { ok: true; value: undefined } | { ok: false; message: string; suggestion?: string };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO date as the practice types it: "2026-11-23" → "23/11/2026"; anything else is returned unchanged. */
export function dateInputText(iso: string, region: string | undefined): string {
  if (!isIsoDay(iso)) return iso;
  const { separator } = dateInputFormat(region);
  const [y, m, d] = iso.split('-');
  return `${d}${separator}${m}${separator}${y}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day, month and year as numbers → the ISO date, or a message in words. */
function checked(day: number, month: number, year: number, example: string, region: string | undefined): TypedDate {
  if (month < 1 || month > 12) {
    // Month first ("11/23/2026"): the swapped reading is offered only when it is a real date.
    const swapped = day >= 1 && day <= 12 && month <= 31 ? checked(month, day, year, example, region) : null;
    if (swapped?.ok && swapped.value) {
      const suggestion = dateInputText(swapped.value, region);
      return {
        ok: false,
        message: `There is no month ${month}: the day comes first, then the month. For ${month} ${MONTH_NAMES[day - 1]!.slice(0, 3)} ${year}, type ${suggestion}.`,
        suggestion,
      };
    }
    return { ok: false, message: `There is no month ${month}. Type the date like ${example}.` };
  }
  if (year < 1900 || year > 2199)
    return { ok: false, message: `The year ${year} is out of range. Type it like ${example}.` };
  const last = daysIn(year, month);
  if (day < 1 || day > last)
    return {
      ok: false,
      message: `${MONTH_NAMES[month - 1]} ${year} has ${last} days, so there is no day ${day}. Type it like ${example}.`,
    };
  return { ok: true, value: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** A two-digit year is this century's ("26" → 2026): nobody types a 1926 bill date in two digits. */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * Reads `text` as a date in the region's order. Blank → `{ ok: true, value: undefined }`; anything that is
 * not one real calendar date → a message that says what to type.
 */
export function parseDateInput(text: string, region: string | undefined): TypedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const format = dateInputFormat(region);
  const example = `${format.pattern.replace('dd', '23').replace('mm', '11').replace('yyyy', '2026')}`;

  // Year first (ISO, and "2026/11/23"): one reading whatever the region.
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed);
  if (yearFirst) return checked(Number(yearFirst[3]), Number(yearFirst[2]), Number(yearFirst[1]), example, region);

  // A month by name, day before it ("23 Nov 2026", "23 November 2026", "23-nov-26").
  const named = /^(\d{1,2})[\s\-/.]*([a-z]{3,9})\.?[\s\-/.,]*(\d{2}|\d{4})$/i.exec(trimmed);
  if (named) {
    const word = named[2]!.toLowerCase();
    const month = MONTHS.findIndex((m) => m.startsWith(word));
    if (month < 0) return { ok: false, message: `"${named[2]}" is not a month. Type the date like ${example}.` };
    return checked(Number(named[1]), month + 1, fullYear(named[3]!), example, region);
  }

  const numeric = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d{2}|\d{4})$/.exec(trimmed);
  if (numeric) return checked(Number(numeric[1]), Number(numeric[2]), fullYear(numeric[3]!), example, region);

  if (/^\d{1,2}[-/.\s]\d{1,2}$/.test(trimmed))
    return { ok: false, message: `Add the year: type the date like ${example}.` };
  return { ok: false, message: `This is not a date. Type it like ${example} (${format.pattern}).` };
}
