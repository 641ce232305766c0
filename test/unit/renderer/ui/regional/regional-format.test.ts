import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../../src-main/demo-practice/data/random';
import { regionProfile } from '../../../../../src-main/demo-practice/data/regions/region-profile';
import { formatMoney, formatPhone, practiceCurrency } from '../../../../../src-renderer/ui/regional/regional-format';

// ICU separates some groups and symbols with no-break or narrow no-break spaces; compare the visible text.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const digitsOf = (text: string) => text.replace(/\D/g, '');

describe('formatPhone: national formats per region', () => {
  it.each([
    ['ANZ', '0412345678', '0412 345 678'],
    ['ANZ', '+61 412 345 678', '0412 345 678'],
    ['ANZ', '0011 61 412 345 678', '0412 345 678'],
    ['ANZ', '0255501234', '(02) 5550 1234'],
    ['ANZ', '+61 (0)2 5550 1234', '(02) 5550 1234'],
    ['ANZ', '07-7010-1234', '(07) 7010 1234'],
    ['ANZ', '1300123456', '1300 123 456'],
    ['ANZ', '131234', '13 12 34'],
    ['ANZ', '93231234', '9323 1234'],
    ['ANZ', '092345678', '(09) 234 5678'],
    ['ANZ', '+64 9 234 5678', '(09) 234 5678'],
    ['ANZ', '+64 21 234 5678', '021 234 5678'],
    ['ANZ', '021 2345678', '021 234 5678'],
    ['ANZ', '021234567', '021 234 567'],
    ['ANZ', '02212345678', '022 1234 5678'],
    ['ANZ', '0800123456', '0800 123 456'],
    ['UK', '02079460123', '020 7946 0123'],
    ['UK', '+44 (0)20 7946 0123', '020 7946 0123'],
    ['UK', '00442079460123', '020 7946 0123'],
    ['UK', '01134960123', '0113 496 0123'],
    ['UK', '01214960123', '0121 496 0123'],
    ['UK', '01632960123', '01632 960123'],
    ['UK', '+447700900123', '07700 900123'],
    ['UK', '03001234567', '0300 123 4567'],
    ['UK', '0800123456', '0800 123456'],
    ['ZA', '0821234567', '082 123 4567'],
    ['ZA', '+27 11 234 5678', '011 234 5678'],
    ['ZA', '0027 21 555 0123', '021 555 0123'],
  ])('%s %s → %s', (region, stored, expected) => {
    expect(formatPhone(stored, region)).toBe(expected);
  });

  it('reads an unprefixed 02 + eight digits as it was typed: NZ mobile grouping, else an Australian landline', () => {
    expect(formatPhone('027 123 4567', 'ANZ')).toBe('027 123 4567');
    expect(formatPhone('02 7123 4567', 'ANZ')).toBe('(02) 7123 4567');
    expect(formatPhone('0271234567', 'ANZ')).toBe('(02) 7123 4567');
    expect(formatPhone('0271234567', 'ANZ', { country: 'NZ' })).toBe('027 123 4567');
  });

  it.each([
    ['ANZ', '+1 415 555 0100'],
    ['ANZ', '+44 20 7946 0123'],
    ['UK', '+61 412 345 678'],
    ['UK', '020 7946 0123 ext 12'],
    ['ANZ', '1300 FLOWERS'],
    ['ANZ', '12345'],
    ['ZA', '082 123 456'],
    ['UK', '0207946012'],
    ['ZA', '082+1234567'],
  ])('shows %s %s exactly as stored when it is not recognised', (region, stored) => {
    expect(formatPhone(stored, region)).toBe(stored);
  });

  it('is empty for a missing number and trims surrounding space', () => {
    expect(formatPhone(null, 'ANZ')).toBe('');
    expect(formatPhone(undefined, 'UK')).toBe('');
    expect(formatPhone('  0412345678 ', 'ANZ')).toBe('0412 345 678');
  });

  // The demo practice writes numbers the way each country writes them; typed without spaces, or with the
  // country code, they must come back the same. NZ mobiles typed as bare digits need the country hint.
  it.each([
    ['ANZ', 'AU'],
    ['ANZ', 'NZ'],
    ['UK', 'GB'],
    ['ZA', 'ZA'],
  ] as const)(
    'restores the %s (%s) demo numbers from bare digits and from international form',
    (region, countryCode) => {
      const profile = regionProfile(region);
      const random = createRandom(7);
      const dialling = { AU: '61', NZ: '64', GB: '44', ZA: '27' }[countryCode];
      for (let i = 0; i < 300; i++) {
        const place = profile.address(random, countryCode);
        for (const stored of [profile.landline(random, countryCode, place), profile.mobile(random, countryCode)]) {
          const options = countryCode === 'NZ' ? { country: 'NZ' as const } : {};
          expect(formatPhone(stored, region, options)).toBe(stored);
          expect(formatPhone(digitsOf(stored), region, options)).toBe(stored);
          expect(formatPhone(`+${dialling} ${digitsOf(stored).slice(1)}`, region)).toBe(stored);
        }
      }
    },
  );

  it('never loses or invents a digit, whatever it is given', () => {
    const random = createRandom(11);
    const prefixes = ['', '', '+', '+61 ', '+64', '+44 (0)', '+27 ', '00', '0011 61 ', '+1 '];
    const separators = ['', '', '', ' ', '-', '(', ')', '.'];
    let recognised = 0;
    for (let i = 0; i < 20_000; i++) {
      let stored = random.pick(prefixes) + (random.chance(0.8) ? '0' : '');
      for (let j = random.int(5, 11); j > 0; j--) stored += random.pick(separators) + String(random.int(0, 9));
      for (const region of ['ANZ', 'UK', 'ZA']) {
        const shown = formatPhone(stored, region);
        if (shown === stored) continue;
        recognised++;
        const digits = digitsOf(stored);
        if (/^(\+|00)/.test(stored)) {
          // Only the international prefix and a country code (with a written trunk 0) become the trunk 0.
          expect(digitsOf(shown)[0], stored).toBe('0');
          expect(digits, `${region} ${stored} → ${shown}`).toMatch(
            new RegExp(`^(00|0011)?(61|64|44|27)0?${digitsOf(shown).slice(1)}$`),
          );
        } else {
          expect(digitsOf(shown), `${region} ${stored} → ${shown}`).toBe(digits);
        }
      }
    }
    // Enough of the random numbers must be recognised for the check above to mean anything.
    expect(recognised).toBeGreaterThan(2_000);
  });
});

describe('formatMoney: the practice currency in its locale', () => {
  it.each([
    [1234.5, 'ANZ', undefined, '$1,234.50'],
    [1234.5, 'ANZ', 'NZD', '$1,234.50'],
    [1234.5, 'UK', undefined, '£1,234.50'],
    [1234.5, 'ZA', undefined, 'R 1 234,50'],
    [-80, 'UK', 'GBP', '-£80.00'],
    [0.1 + 0.2, 'ANZ', 'AUD', '$0.30'],
  ])('%d in %s (%s) → %s', (amount, region, currency, expected) => {
    expect(plain(formatMoney(amount, region, currency))).toBe(expected);
  });

  it("formats a currency that is not one of the regions' in the practice's locale, with an unambiguous symbol", () => {
    expect(plain(formatMoney(10, 'ANZ', 'USD'))).toBe('USD 10.00');
    expect(plain(formatMoney(1234.5, 'ZA', 'USD'))).toBe('US$1 234,50');
  });

  it('takes the currency from the record, else from the region', () => {
    expect(practiceCurrency('ANZ')).toBe('AUD');
    expect(practiceCurrency('ANZ', 'nzd')).toBe('NZD');
    expect(practiceCurrency('UK')).toBe('GBP');
    expect(practiceCurrency('ZA')).toBe('ZAR');
    expect(practiceCurrency(undefined)).toBe('AUD');
  });

  it('shows a dash for a missing amount and never throws on a malformed currency code', () => {
    expect(formatMoney(null, 'UK')).toBe('—');
    expect(formatMoney(Number.NaN, 'UK')).toBe('—');
    expect(formatMoney(12, 'UK', 'POUNDS')).toBe('12.00 POUNDS');
  });
});
