import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInputFormats, dateInputText, parseDateInput } from '../../../../../src-renderer/ui/regional/date-input';
import { formatDate, formatDateTime } from '../../../../../src-renderer/ui/regional/regional-format';

/*
 * One date style per region: what the screens show (formatDate, formatDateTime, the status bar's short
 * style) is what the date fields read back, to the same day, with four-digit years and one month style.
 */
const regions = Object.keys(dateInputFormats) as (keyof typeof dateInputFormats)[];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const range = { min: new Date(Date.UTC(1900, 0, 2)), max: new Date(Date.UTC(2199, 11, 30)), noInvalidDate: true };
const isoDay = fc.date(range).map((d) => d.toISOString().slice(0, 10));
/** The calendar day of an instant where the reader is (the laptop's zone), as ISO. */
const localDay = (d: Date) => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** "24 Nov 2026, 8:16 am" → "24 Nov 2026": the date part of a date and time. */
const datePart = (text: string) => plain(text).split(', ')[0]!;

describe('one date style per region, read back by the date fields', () => {
  it.each(regions)('%s: every calendar day shown reads back through the date field as itself', (region) => {
    fc.assert(
      fc.property(isoDay, (iso) => {
        const shown = formatDate(iso, region);
        expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
        expect(parseDateInput(shown, region)).toEqual({ ok: true, value: iso });
      }),
      { numRuns: 300 },
    );
  });

  it.each(regions)('%s: every instant, long and short (the status bar), reads back as its own day', (region) => {
    fc.assert(
      fc.property(fc.date(range), (instant) => {
        const day = localDay(instant);
        const short = datePart(formatDateTime(instant, region, 'short'));
        // The status bar writes the date exactly as the date fields take it: same order, four-digit year.
        expect(short).toBe(dateInputText(day, region));
        expect(parseDateInput(short, region)).toEqual({ ok: true, value: day });
        const medium = datePart(formatDateTime(instant, region));
        expect(medium).toBe(formatDate(day, region));
        expect(parseDateInput(medium, region)).toEqual({ ok: true, value: day });
      }),
      { numRuns: 300 },
    );
  });

  it('one month style: three letters everywhere, never "Sept" or "June"; four-digit years in the status bar', () => {
    for (const region of regions) {
      expect(formatDate('2026-09-30', region)).toBe('30 Sep 2026');
      expect(formatDate('2025-06-13', region)).toBe('13 Jun 2025');
      expect(formatDate('2026-02-13', region)).toBe('13 Feb 2026');
    }
    const evening = new Date(2026, 10, 26, 14, 32);
    expect(plain(formatDateTime(evening, 'ZA', 'short'))).toBe('26/11/2026, 14:32');
    expect(plain(formatDateTime(evening, 'ANZ', 'short'))).toBe('26/11/2026, 2:32 pm');
    expect(plain(formatDateTime(evening, 'UK'))).toBe('26 Nov 2026, 14:32');
  });
});

describe('refusals suggest what to type', () => {
  it('a month-first date is refused with the day-first one, which the field accepts', () => {
    expect(parseDateInput('11/23/2026', 'ZA')).toEqual({
      ok: false,
      message: 'There is no month 23: the day comes first, then the month. For 23 Nov 2026, type 23/11/2026.',
      suggestion: '23/11/2026',
    });
    // No real date either way: no suggestion.
    expect(parseDateInput('02/30/2026', 'ANZ')).toMatchObject({ ok: false });
    expect(parseDateInput('02/30/2026', 'ANZ')).not.toHaveProperty('suggestion');
  });

  it.each(regions)('%s: every suggestion is itself accepted, and as the same numbers swapped', (region) => {
    const part = fc.integer({ min: 0, max: 40 });
    fc.assert(
      fc.property(part, part, fc.integer({ min: 1890, max: 2210 }), fc.constantFrom('/', '-', '.'), (a, b, y, s) => {
        const read = parseDateInput(`${a}${s}${b}${s}${y}`, region);
        if (read.ok || read.suggestion === undefined) return true;
        const again = parseDateInput(read.suggestion, region);
        return again.ok && again.value === `${pad(y, 4)}-${pad(a)}-${pad(b)}`;
      }),
      { numRuns: 500 },
    );
  });
});
