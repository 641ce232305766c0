import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  numberInputText,
  parseNumberInput,
  type TypedNumber,
} from '../../../../../src-renderer/ui/regional/money-input';
import { formatMoney, moneyLocale } from '../../../../../src-renderer/ui/regional/regional-format';

/** The four ways the app writes money: region and currency as formatMoney takes them. */
const LOCALES = [
  { region: 'ANZ', currency: 'AUD', locale: 'en-AU' },
  { region: 'ANZ', currency: 'NZD', locale: 'en-NZ' },
  { region: 'UK', currency: 'GBP', locale: 'en-GB' },
  { region: 'ZA', currency: 'ZAR', locale: 'en-ZA' },
] as const;

const za = { locale: 'en-ZA', currency: 'ZAR' };
const au = { locale: 'en-AU', currency: 'AUD' };
const gb = { locale: 'en-GB', currency: 'GBP' };
const valueOf = (result: TypedNumber) => (result.ok ? result.value : `error: ${result.message}`);
const messageOf = (result: TypedNumber) => (result.ok ? `read as ${result.value}` : result.message);

describe('moneyLocale: one rule for showing and reading amounts', () => {
  it('the currency decides the locale, then the region', () => {
    expect(moneyLocale('ZA')).toEqual({ locale: 'en-ZA', currency: 'ZAR' });
    expect(moneyLocale('UK')).toEqual({ locale: 'en-GB', currency: 'GBP' });
    expect(moneyLocale('ANZ')).toEqual({ locale: 'en-AU', currency: 'AUD' });
    expect(moneyLocale('ANZ', 'nzd')).toEqual({ locale: 'en-NZ', currency: 'NZD' });
    expect(moneyLocale('ZA', 'USD')).toEqual({ locale: 'en-ZA', currency: 'USD' });
    expect(moneyLocale(undefined)).toEqual({ locale: 'en-AU', currency: 'AUD' });
  });
});

describe('parseNumberInput in en-ZA (comma decimals, space thousands)', () => {
  it('reads what the app shows and what staff type', () => {
    expect(valueOf(parseNumberInput('1 234,50', za))).toBe(1234.5);
    expect(valueOf(parseNumberInput('1234,5', za))).toBe(1234.5);
    expect(valueOf(parseNumberInput('1\u00A0234\u00A0567,89', za))).toBe(1234567.89);
    expect(valueOf(parseNumberInput('1\u202F234,5', za))).toBe(1234.5);
    expect(valueOf(parseNumberInput(formatMoney(1234.5, 'ZA'), za))).toBe(1234.5);
    expect(valueOf(parseNumberInput('R1234', za))).toBe(1234);
    expect(valueOf(parseNumberInput('1 234,50 ZAR', za))).toBe(1234.5);
    expect(valueOf(parseNumberInput('zar 12', za))).toBe(12);
    expect(valueOf(parseNumberInput('1,5', { locale: 'en-ZA' }))).toBe(1.5);
    expect(valueOf(parseNumberInput('0,500', za))).toBe(0.5);
  });

  it('a decimal point is read where it cannot be a thousands separator', () => {
    expect(valueOf(parseNumberInput('1234.50', za))).toBe(1234.5);
    expect(valueOf(parseNumberInput('1 234.5', za))).toBe(1234.5);
    expect(valueOf(parseNumberInput('1234.567', za))).toBe(1234.567);
  });

  it('negative: a leading minus (either side of the symbol), a true minus sign, or brackets', () => {
    expect(valueOf(parseNumberInput('-R 1 234,50', za))).toBe(-1234.5);
    expect(valueOf(parseNumberInput('R -1 234,50', za))).toBe(-1234.5);
    expect(valueOf(parseNumberInput('\u22125', za))).toBe(-5);
    expect(valueOf(parseNumberInput('(R 1 234,50)', za))).toBe(-1234.5);
    expect(valueOf(parseNumberInput('R (10)', za))).toBe(-10);
    expect(valueOf(parseNumberInput('-0', za))).toBe(0);
    expect(Object.is(valueOf(parseNumberInput('-0', za)), -0)).toBe(false);
  });

  it('"1,234" and "1.234" are refused as ambiguous, with what to type instead', () => {
    for (const text of ['1,234', '1.234', '12,345', 'R 123,456']) {
      const result = parseNumberInput(text, za);
      expect(result.ok, text).toBe(false);
    }
    // Money has two decimals: the one plausible reading is one thousand two hundred and thirty-four.
    expect(parseNumberInput('1,234', za)).toEqual({
      ok: false,
      message:
        '"1,234" could be 1 234 or a mistake: amounts have two decimals, here after a comma, and spaces separate thousands. For 1 234, type 1 234.',
      suggestion: '1 234',
    });
    expect(parseNumberInput('-1.234', za)).toMatchObject({ ok: false, suggestion: '-1 234' });
    expect(messageOf(parseNumberInput('1,234', za))).not.toContain('1,2340');
    // A quantity may have three decimals: the message says how to type them, the suggestion is the whole.
    expect(parseNumberInput('1,234', { locale: 'en-ZA' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('for 1 and a fraction, add a fourth decimal') as unknown,
      suggestion: '1 234',
    });
  });

  it('layouts of other locales are refused rather than misread', () => {
    expect(messageOf(parseNumberInput('1,234,567', za))).toBe(
      'There is more than one comma: here a comma marks the decimals and spaces separate thousands. Type it like 1 234,50.',
    );
    expect(messageOf(parseNumberInput('1,234.50', za))).toBe(
      'Use a comma for the decimals and spaces between thousands. Type it like 1 234,50.',
    );
    expect(messageOf(parseNumberInput('1.234.567', za))).toContain('Use spaces between thousands');
    expect(messageOf(parseNumberInput('12 34,5', za))).toContain('not grouped in threes');
  });
});

describe('parseNumberInput in en-AU, en-NZ, en-GB (point decimals, comma thousands)', () => {
  it("reads the locale's layout, with or without the symbol or code", () => {
    expect(valueOf(parseNumberInput('1,234.50', au))).toBe(1234.5);
    expect(valueOf(parseNumberInput('$1,234.50', au))).toBe(1234.5);
    expect(valueOf(parseNumberInput('-$1,234.50', au))).toBe(-1234.5);
    expect(valueOf(parseNumberInput('AUD 1,234', au))).toBe(1234);
    expect(valueOf(parseNumberInput('1 234.50', au))).toBe(1234.5);
    expect(valueOf(parseNumberInput('£2,500', gb))).toBe(2500);
    expect(valueOf(parseNumberInput('NZ$10', { locale: 'en-NZ', currency: 'NZD' }))).toBe(10);
    expect(valueOf(parseNumberInput('1.234', au))).toBe(1.234);
    expect(valueOf(parseNumberInput('7.5', { locale: 'en-GB' }))).toBe(7.5);
  });

  it('a decimal comma is refused, not swallowed as a thousands separator', () => {
    expect(messageOf(parseNumberInput('1234,50', au))).toBe(
      'The thousands are not grouped in threes (a comma separates thousands here; the decimals follow a point). Type it like 1,234.50.',
    );
    expect(parseNumberInput('1,5', gb).ok).toBe(false);
    expect(parseNumberInput('1,2,3', au).ok).toBe(false);
  });

  it("another currency's symbol, letters, exponents and stray signs are not numbers", () => {
    for (const text of [
      'R 12',
      'abc',
      '12abc',
      '1e5',
      'Infinity',
      'NaN',
      '$',
      '-',
      '5-',
      '1-2',
      '((5))',
      '(5',
      '+-5',
    ]) {
      expect(parseNumberInput(text, au).ok, text).toBe(false);
    }
  });
});

describe('blank', () => {
  it('is "not given", not zero', () => {
    expect(parseNumberInput('', za)).toEqual({ ok: true, value: undefined });
    expect(parseNumberInput('  \u00A0 ', au)).toEqual({ ok: true, value: undefined });
  });
});

describe('numberInputText: a stored number back in the form', () => {
  it('is written in the locale and read back unchanged, even where three decimals would be ambiguous', () => {
    expect(numberInputText(1234.5, 'en-ZA')).toBe('1234,5');
    expect(numberInputText(1.234, 'en-ZA')).toBe('1,2340');
    expect(numberInputText(-0.5, 'en-AU')).toBe('-0.5');
    for (const value of [1.234, 0.001, 999.999, 1234.5678, 7.5, 120.5]) {
      for (const { locale } of LOCALES)
        expect(valueOf(parseNumberInput(numberInputText(value, locale), { locale }))).toBe(value);
    }
  });
});

describe('properties', () => {
  const cents = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }).map((c) => c / 100);
  const withoutSymbol = (text: string) => text.replace(/[R$£]|NZ\$|A\$/g, '').trim();

  for (const { region, currency, locale } of LOCALES) {
    it(`${locale}: parse(formatMoney(x)) === x, with and without the symbol`, () => {
      fc.assert(
        fc.property(cents, (x) => {
          const shown = formatMoney(x, region, currency);
          const read = parseNumberInput(shown, { locale, currency });
          const bare = parseNumberInput(withoutSymbol(shown), { locale, currency });
          const asQuantity = parseNumberInput(withoutSymbol(shown), { locale });
          return read.ok && read.value === x && bare.ok && bare.value === x && asQuantity.ok && asQuantity.value === x;
        }),
        { numRuns: 300 },
      );
    });
  }

  it('two decimal separators never give a number', () => {
    const digits = fc.stringMatching(/^[0-9]{1,4}$/);
    fc.assert(
      fc.property(digits, digits, digits, fc.constantFrom(...LOCALES), (a, b, c, { locale, currency }) => {
        const mark = locale === 'en-ZA' ? ',' : '.';
        return !parseNumberInput(`${a}${mark}${b}${mark}${c}`, { locale, currency }).ok;
      }),
      { numRuns: 300 },
    );
    expect(parseNumberInput('1,2,3', za).ok).toBe(false);
    expect(parseNumberInput('1.2.3', au).ok).toBe(false);
  });

  for (const { locale, currency } of LOCALES) {
    it(`${locale}: every suggestion in a refusal is itself accepted, as money and as a quantity`, () => {
      const typed = fc.oneof(
        fc.string({ unit: fc.constantFrom(...'0123456789,. -R$£()'.split('')), maxLength: 12 }),
        fc
          .tuple(fc.integer({ min: 1, max: 999 }), fc.stringMatching(/^[0-9]{3}$/), fc.constantFrom(',', '.'))
          .map(([whole, fraction, mark]) => `${whole}${mark}${fraction}`),
      );
      fc.assert(
        fc.property(typed, fc.boolean(), (text, asMoney) => {
          const options = asMoney ? { locale, currency } : { locale };
          const read = parseNumberInput(text, options);
          if (read.ok || read.suggestion === undefined) return true;
          const again = parseNumberInput(read.suggestion, options);
          return again.ok && again.value !== undefined && read.message.includes(`type ${read.suggestion}`);
        }),
        { numRuns: 500 },
      );
    });
  }

  it('en-ZA: one to three digits, a lone comma or point, then three digits is always refused as ambiguous', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.stringMatching(/^[0-9]{3}$/),
        fc.constantFrom(',', '.'),
        (whole, fraction, mark) => {
          const result = parseNumberInput(`${whole}${mark}${fraction}`, za);
          // ... with the one plausible reading for money, which the field accepts: the thousands.
          const suggested = !result.ok && result.suggestion ? parseNumberInput(result.suggestion, za) : null;
          return (
            !result.ok &&
            result.message.includes('could be') &&
            suggested?.ok === true &&
            suggested.value === whole * 1000 + Number(fraction)
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
