import { dayStartMs } from '../../../src-preload/contract/iso-day';
import { dateInputText, MONTH_NAMES } from './date-input';

/** Dates and times in the practice's region (en-AU, en-GB, en-ZA), so "03/04" means the same to staff and client. */
export const localeOf = (region: string | undefined) =>
  region === 'UK' ? 'en-GB' : region === 'ZA' ? 'en-ZA' : 'en-AU';

/*
 * One date style for every region and screen, and always one the date fields read back: "30 Sep 2026"
 * (three-letter month, four-digit year), or the field's own "30/09/2026" where space is tight. Intl's
 * styles are not used for the date part: its en-ZA short style is year first ("2026/09/30"), its en-AU
 * short style has a two-digit year, and its medium style mixes "Sept" and "June" with "Nov".
 */
const MONTH_SHORT = MONTH_NAMES.map((name) => name.slice(0, 3));

interface DayParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

/** A date-only value is a calendar day (UTC parts); an instant is read where the reader is (local parts). */
const partsOf = (date: Date, calendarDay: boolean): DayParts =>
  calendarDay
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
    : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const wordDay = ({ year, month, day }: DayParts) => `${day} ${MONTH_SHORT[month - 1]} ${pad(year, 4)}`;
const fieldDay = ({ year, month, day }: DayParts, region?: string) =>
  dateInputText(`${pad(year, 4)}-${pad(month)}-${pad(day)}`, region);

/** A calendar day (or the day of an instant): "30 Sep 2026" in every region (all write the day first). */
export function formatDate(value: string | null | undefined, _region?: string): string {
  if (!value) return '—';
  const calendarDay = value.length === 10;
  const date = new Date(calendarDay ? dayStartMs(value) : value);
  return Number.isNaN(date.getTime()) ? value : wordDay(partsOf(date, calendarDay));
}

/** An instant as the app stores or receives it: an ISO string, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

const asDate = (value: Instant): Date => (value instanceof Date ? value : new Date(value));

/*
 * Instants are shown in the practice's locale (never the laptop's: an en-US laptop would turn 03/04 into
 * March) and in the laptop's time zone, which is where the person reading them is.
 */

// Building a DateTimeFormat costs far more than using one (the status bar formats times on every render). A
// format keeps the time zone it was built in: the key holds the current offset, so a laptop that travelled
// (or crossed into daylight saving) gets a new one, and the time agrees with the date beside it.
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(region: string | undefined, timeStyle: 'short' | 'medium'): Intl.DateTimeFormat {
  const key = `${localeOf(region)}|${timeStyle}|${new Date().getTimezoneOffset()}`;
  let format = timeFormats.get(key);
  if (!format) timeFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(region), { timeStyle })));
  return format;
}

/**
 * A date and time: 'medium' "23 Nov 2026, 9:16 pm" (en-AU) / "23 Nov 2026, 21:16" (en-ZA); 'short'
 * "23/11/2026, 9:16 pm" where space is tight (the status bar), the date as the date fields take it.
 */
export function formatDateTime(
  value: Instant | null | undefined,
  region?: string,
  style: 'medium' | 'short' = 'medium',
): string {
  if (value == null || value === '') return '—';
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = partsOf(date, false);
  const time = timeFormat(region, 'short').format(date);
  return `${style === 'short' ? fieldDay(parts, region) : wordDay(parts)}, ${time}`;
}

/** A time of day to the second, "9:16:05 pm" / "21:16:05": when a check ran, a retry or a pause ends. */
export function formatTime(value: Instant | null | undefined, region?: string): string {
  if (value == null || value === '') return '—';
  const date = asDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : timeFormat(region, 'medium').format(date);
}

/** A count in the practice's locale: "12,345" (en-AU, en-GB), "12 345" (en-ZA). */
export function formatNumber(value: number | null | undefined, region?: string): string {
  if (value == null || !Number.isFinite(value)) return '—';
  // Number#toLocaleString with an explicit locale: the crash-recovery end-to-end test injects its fault
  // into the Settings screen through it.
  return value.toLocaleString(localeOf(region));
}

/*
 * Money. The contract sends amounts as plain numbers and says the currency "comes from the practice";
 * bills, payments and statements also carry a `currency` field. A record's own currency wins (an ANZ
 * practice may be Australian or New Zealand, and only the records say which); the region's usual
 * currency is the fallback. The locale follows the currency (NZD reads as en-NZ); any other currency is
 * written in the region's locale, which marks it unambiguously ("USD 10.00", "US$10,00").
 */
const CURRENCY_OF_REGION: Record<string, string> = { ANZ: 'AUD', UK: 'GBP', ZA: 'ZAR' };
const LOCALE_OF_CURRENCY: Record<string, string> = { AUD: 'en-AU', NZD: 'en-NZ', GBP: 'en-GB', ZAR: 'en-ZA' };

export function practiceCurrency(region?: string, recordCurrency?: string | null): string {
  const own = recordCurrency?.trim().toUpperCase();
  return own || CURRENCY_OF_REGION[region ?? ''] || 'AUD';
}

// Building a NumberFormat costs far more than using one; billing lists format thousands of amounts.
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
function moneyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  if (!moneyFormats.has(key)) {
    let format: Intl.NumberFormat | null = null;
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      // A malformed currency code from a record: shown plainly below rather than throwing in a render.
    }
    moneyFormats.set(key, format);
  }
  return moneyFormats.get(key) ?? null;
}

/**
 * The locale an amount is written in: the currency's own (AUD en-AU, NZD en-NZ, GBP en-GB, ZAR en-ZA),
 * else the region's. Amounts are shown (formatMoney) and read back from what staff type (money-input)
 * by this one rule, so the app never reads "1 234,50" differently from how it wrote it.
 */
export function moneyLocale(region?: string, recordCurrency?: string | null): { locale: string; currency: string } {
  const currency = practiceCurrency(region, recordCurrency);
  return { locale: LOCALE_OF_CURRENCY[currency] ?? localeOf(region), currency };
}

/** An amount in the practice's currency and locale: `formatMoney(1234.5, 'UK')` → "£1,234.50". */
export function formatMoney(
  amount: number | null | undefined,
  region?: string,
  recordCurrency?: string | null,
): string {
  if (amount == null || !Number.isFinite(amount)) return '—';
  const { locale, currency } = moneyLocale(region, recordCurrency);
  const format = moneyFormat(locale, currency);
  return format ? format.format(amount) : `${amount.toFixed(2)} ${currency}`;
}

/*
 * Phones. Stored numbers arrive however the practice typed them ("0412345678", "+61 412 345 678",
 * "(02) 5550 1234"). They are shown grouped the national way. A number that is not recognised — another
 * country, an extension, letters — is shown exactly as stored, and a result whose digits differ from the
 * input's national digits is never shown, so formatting cannot lose or invent a digit.
 */
type Country = 'AU' | 'NZ' | 'UK' | 'ZA';
const COUNTRY_CODES: Record<string, Record<string, Country>> = {
  ANZ: { '61': 'AU', '64': 'NZ' },
  UK: { '44': 'UK' },
  ZA: { '27': 'ZA' },
};

/** Splits `digits` into groups of the given sizes; the sizes must add up to its length. */
const groups = (digits: string, ...sizes: number[]): string[] => {
  let at = 0;
  return sizes.map((size) => digits.slice(at, (at += size)));
};

function australian(n: string): string | null {
  if (/^0[45]\d{8}$/.test(n)) return groups(n, 4, 3, 3).join(' ');
  if (/^0[2378][2-9]\d{7}$/.test(n)) return `(${n.slice(0, 2)}) ${groups(n.slice(2), 4, 4).join(' ')}`;
  if (/^1[38]00\d{6}$/.test(n)) return groups(n, 4, 3, 3).join(' ');
  if (/^13\d{4}$/.test(n)) return groups(n, 2, 2, 2).join(' ');
  if (/^[2-9]\d{7}$/.test(n)) return groups(n, 4, 4).join(' ');
  return null;
}

function newZealand(n: string): string | null {
  // Mobiles are 02x and six to eight more digits: 021 123 456, 021 123 4567, 021 1234 5678.
  if (/^02\d{7,9}$/.test(n))
    return n.length === 11 ? groups(n, 3, 4, 4).join(' ') : groups(n, 3, 3, n.length - 6).join(' ');
  if (/^0[34679]\d{7}$/.test(n)) return `(${n.slice(0, 2)}) ${groups(n.slice(2), 3, 4).join(' ')}`;
  if (/^0(800|508)\d{6,7}$/.test(n)) return groups(n, 4, 3, n.length - 7).join(' ');
  return null;
}

function british(n: string): string | null {
  if (/^02\d{9}$/.test(n)) return groups(n, 3, 4, 4).join(' ');
  if (/^07\d{9}$/.test(n)) return groups(n, 5, 6).join(' ');
  if (/^0[389]\d{9}$/.test(n)) return groups(n, 4, 3, 4).join(' ');
  if (/^0800\d{6}$/.test(n)) return groups(n, 4, 6).join(' ');
  if (/^01(1\d|\d1)\d{7}$/.test(n)) return groups(n, 4, 3, 4).join(' ');
  if (/^01\d{8,9}$/.test(n)) return groups(n, 5, n.length - 5).join(' ');
  return null;
}

function southAfrican(n: string): string | null {
  return /^0\d{9}$/.test(n) ? groups(n, 3, 3, 4).join(' ') : null;
}

/**
 * Without a country code, 02 followed by eight digits is both a Sydney landline and a ten-digit New
 * Zealand mobile. The way it was typed decides ("021 234 5678" is grouped as a mobile), then the
 * caller's hint, then Australia.
 */
function anz(
  n: string,
  stored: string,
  country: 'AU' | 'NZ' | undefined,
  hint: 'AU' | 'NZ' | undefined,
): string | null {
  if (country) return country === 'AU' ? australian(n) : newZealand(n);
  if (/^02\d{8}$/.test(n)) return /^\(?02\d\)?[\s.-]/.test(stored) || hint === 'NZ' ? newZealand(n) : australian(n);
  return australian(n) ?? newZealand(n);
}

export interface PhoneOptions {
  /** For ANZ practices: the country an ambiguous number without a country code belongs to. */
  country?: 'AU' | 'NZ';
}

/** A stored phone number in the region's readable national format, or exactly as stored if not recognised. */
export function formatPhone(value: string | null | undefined, region?: string, options: PhoneOptions = {}): string {
  const stored = (value ?? '').trim();
  if (!/^\+?[\d\s().\-/]+$/.test(stored)) return stored;
  const home = region === 'UK' || region === 'ZA' ? region : 'ANZ';
  const digits = stored.replace(/\D/g, '');
  let national = digits;
  let country: Country | undefined;
  const international = stored.startsWith('+') ? digits : /^00/.test(digits) ? digits.replace(/^00(11)?/, '') : null;
  if (international !== null) {
    const codes = COUNTRY_CODES[home]!;
    const code = Object.keys(codes).find((c) => international.startsWith(c));
    // Another country's number: its own conventions are not ours to guess.
    if (!code) return stored;
    country = codes[code];
    // "+44 (0)20 …": the bracketed trunk zero is written but not dialled after a country code.
    national = `0${international.slice(code.length).replace(/^0/, '')}`;
  }
  const formatted =
    home === 'UK'
      ? british(national)
      : home === 'ZA'
        ? southAfrican(national)
        : anz(national, stored, country === 'AU' || country === 'NZ' ? country : undefined, options.country);
  return formatted && formatted.replace(/\D/g, '') === national ? formatted : stored;
}
