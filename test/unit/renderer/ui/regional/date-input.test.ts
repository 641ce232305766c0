import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInputFormats, dateInputText, parseDateInput } from '../../../../../src-renderer/ui/regional/date-input';

const regions = Object.keys(dateInputFormats) as (keyof typeof dateInputFormats)[];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Every calendar day from 1900 to 2199, as ISO. */
const isoDay = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('dates typed in the practice’s order', () => {
  it.each(regions)('%s: every date written the practice’s way reads back as itself', (region) => {
    fc.assert(
      fc.property(isoDay, (iso) => {
        const text = dateInputText(iso, region);
        expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(parseDateInput(text, region)).toEqual({ ok: true, value: iso });
      }),
    );
  });

  it.each(regions)('%s: day first, with or without leading zeros, other separators and two-digit years', (region) => {
    fc.assert(
      fc.property(
        isoDay.filter((d) => d >= '2000-01-01' && d <= '2099-12-31'),
        fc.constantFrom('/', '-', '.', ' '),
        (iso, sep) => {
          const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
          expect(parseDateInput(`${d}${sep}${m}${sep}${y}`, region)).toEqual({ ok: true, value: iso });
          expect(parseDateInput(`${pad(d)}${sep}${pad(m)}${sep}${pad(y % 100)}`, region)).toEqual({
            ok: true,
            value: iso,
          });
          // Year first (ISO, as copied from another system) has one reading in every region.
          expect(parseDateInput(iso, region)).toEqual({ ok: true, value: iso });
        },
      ),
    );
  });

  it('reads 03/04/2026 as 3 April, never March', () => {
    for (const region of regions)
      expect(parseDateInput('03/04/2026', region)).toEqual({ ok: true, value: '2026-04-03' });
  });

  it('reads a month by name, as the app shows dates', () => {
    expect(parseDateInput('23 Nov 2026', 'ANZ')).toEqual({ ok: true, value: '2026-11-23' });
    expect(parseDateInput('1 September 2026', 'UK')).toEqual({ ok: true, value: '2026-09-01' });
    expect(parseDateInput('5-sept-26', 'ZA')).toEqual({ ok: true, value: '2026-09-05' });
  });

  it('blank is "not given"', () => {
    expect(parseDateInput('  ', 'ANZ')).toEqual({ ok: true, value: undefined });
  });

  it('refuses what is not one real date, saying why in words', () => {
    const message = (text: string) => {
      const read = parseDateInput(text, 'ANZ');
      return read.ok ? null : read.message;
    };
    // A US-ordered date: the day comes first here.
    expect(message('11/23/2026')).toMatch(/There is no month 23: the day comes first/);
    expect(message('30/02/2026')).toMatch(/^February 2026 has 28 days, so there is no day 30\./);
    expect(message('29/02/2028')).toBeNull();
    expect(message('23/11')).toMatch(/Add the year/);
    expect(message('tomorrow')).toMatch(/This is not a date\. Type it like 23\/11\/2026 \(dd\/mm\/yyyy\)/);
    expect(message('23 Foo 2026')).toMatch(/"Foo" is not a month/);
    expect(message('2026-13-01')).toMatch(/There is no month 13/);
  });

  it('anything typed either reads as a real ISO date or gives a message, never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...regions), (text, region) => {
        const read = parseDateInput(text, region);
        if (read.ok && read.value !== undefined) expect(dateInputText(read.value, region)).not.toBe(read.value);
        if (!read.ok) expect(read.message.length).toBeGreaterThan(10);
      }),
    );
  });
});
