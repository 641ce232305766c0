import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, formatTime } from '../../../../../src-renderer/ui/regional/regional-format';

// ICU separates some parts with no-break or narrow no-break spaces; compare the visible text.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/*
 * The laptop here is German, in Sydney: every formatter asked for "the default locale" answers in de-DE
 * ("24.11.2026, 08:16"), as Node does when LANG=de_DE. The practice's formats must not notice.
 */
const GERMAN = 'de-DE';
const saved = {
  tz: process.env['TZ'],
  DateTimeFormat: Intl.DateTimeFormat,
  NumberFormat: Intl.NumberFormat,
  dateToLocaleString: Date.prototype.toLocaleString,
  dateToLocaleDateString: Date.prototype.toLocaleDateString,
  dateToLocaleTimeString: Date.prototype.toLocaleTimeString,
  numberToLocaleString: Number.prototype.toLocaleString,
};

beforeAll(() => {
  process.env['TZ'] = 'Australia/Sydney';
  const orGerman = (locales: unknown) => (locales === undefined || locales === null ? GERMAN : locales);
  const { DateTimeFormat, NumberFormat } = saved;
  Intl.DateTimeFormat = function (locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    return new DateTimeFormat(orGerman(locales) as Intl.LocalesArgument, options);
  } as typeof Intl.DateTimeFormat;
  Intl.NumberFormat = function (locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
    return new NumberFormat(orGerman(locales) as Intl.LocalesArgument, options);
  } as typeof Intl.NumberFormat;
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const original = Date.prototype[name];
    Date.prototype[name] = function (this: Date, locales?: Intl.LocalesArgument, options?: object) {
      return original.call(this, orGerman(locales) as Intl.LocalesArgument, options);
    };
  }
  Number.prototype.toLocaleString = function (this: number, locales?: Intl.LocalesArgument, options?: object) {
    return saved.numberToLocaleString.call(this, orGerman(locales) as Intl.LocalesArgument, options);
  };
});

afterAll(() => {
  if (saved.tz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = saved.tz;
  Intl.DateTimeFormat = saved.DateTimeFormat;
  Intl.NumberFormat = saved.NumberFormat;
  Date.prototype.toLocaleString = saved.dateToLocaleString;
  Date.prototype.toLocaleDateString = saved.dateToLocaleDateString;
  Date.prototype.toLocaleTimeString = saved.dateToLocaleTimeString;
  Number.prototype.toLocaleString = saved.numberToLocaleString;
});

const instant = '2026-11-23T21:16:05Z'; // 8:16 am on the 24th in Sydney

describe('dates, times and counts in the practice locale, not the laptop one', () => {
  it('the laptop really is German here: what the app used to call shows German', () => {
    expect(plain(new Date(instant).toLocaleString())).toBe('24.11.2026, 08:16:05');
    expect((1234567.5).toLocaleString()).toBe('1.234.567,5');
  });

  it('an Australian and a South African practice show the same instant each its own way', () => {
    expect(plain(formatDateTime(instant, 'ANZ'))).toBe('24 Nov 2026, 8:16 am');
    expect(plain(formatDateTime(instant, 'ZA'))).toBe('24 Nov 2026, 08:16');
    expect(plain(formatDateTime(instant, 'UK'))).toBe('24 Nov 2026, 08:16');
    // The status bar's short style: the date as the date fields take it, with a four-digit year.
    expect(plain(formatDateTime(instant, 'ANZ', 'short'))).toBe('24/11/2026, 8:16 am');
    expect(plain(formatDateTime(instant, 'ZA', 'short'))).toBe('24/11/2026, 08:16');
    expect(plain(formatTime(instant, 'ANZ'))).toBe('8:16:05 am');
    expect(plain(formatTime(instant, 'ZA'))).toBe('08:16:05');
  });

  it('takes an ISO string, epoch milliseconds or a Date; shows a dash for nothing and unreadable text as it is', () => {
    const ms = Date.parse(instant);
    expect(formatTime(ms, 'ZA')).toBe(formatTime(instant, 'ZA'));
    expect(formatDateTime(new Date(ms), 'ANZ')).toBe(formatDateTime(instant, 'ANZ'));
    expect(formatDateTime(null, 'ANZ')).toBe('—');
    expect(formatTime(undefined, 'ZA')).toBe('—');
    expect(formatTime('', 'ZA')).toBe('—');
    expect(formatDateTime('not a date', 'ZA')).toBe('not a date');
  });

  it('counts: grouped the practice way', () => {
    expect(formatNumber(1234567, 'ANZ')).toBe('1,234,567');
    expect(formatNumber(1234567, 'UK')).toBe('1,234,567');
    expect(plain(formatNumber(1234567, 'ZA'))).toBe('1 234 567');
    expect(formatNumber(null, 'ZA')).toBe('—');
    expect(formatNumber(Number.NaN, 'ANZ')).toBe('—');
  });
});
