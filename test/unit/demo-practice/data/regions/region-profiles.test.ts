import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRandom, type Random } from '../../../../../src-main/demo-practice/data/random';
import { ANZ_NAMES } from '../../../../../src-main/demo-practice/data/regions/anz-names';
import { allFirstNames, allSurnames, type NameData } from '../../../../../src-main/demo-practice/data/regions/names';
import {
  type EntityType,
  type Region,
  type RegionProfile,
  regionProfile,
} from '../../../../../src-main/demo-practice/data/regions/region-profile';
import { UK_NAMES } from '../../../../../src-main/demo-practice/data/regions/uk-names';
import { ZA_NAMES } from '../../../../../src-main/demo-practice/data/regions/za-names';

const CASES = [
  { region: 'ANZ', countryCode: 'AU' },
  { region: 'ANZ', countryCode: 'NZ' },
  { region: 'UK', countryCode: 'GB' },
  { region: 'ZA', countryCode: 'ZA' },
] as const satisfies readonly { region: Region; countryCode: string }[];

const SAMPLES = 400;

function times<T>(n: number, make: () => T): T[] {
  return Array.from({ length: n }, make);
}

/** One of everything a profile generates, in a fixed order. */
function fingerprint(profile: RegionProfile, countryCode: string, random: Random): unknown[] {
  return times(25, () => {
    const address = profile.address(random, countryCode);
    return [
      profile.personName(random, countryCode),
      profile.businessName(random, countryCode),
      address,
      profile.landline(random, countryCode, address),
      profile.mobile(random, countryCode),
      profile.salesTaxNumber(random, countryCode),
      profile.companyRegistrationNumber(random, countryCode),
    ];
  });
}

// Check-digit validators, written independently of the generators.
const digitsOf = (text: string): number[] => text.replace(/\D/g, '').split('').map(Number);

function validAbn(abn: string): boolean {
  const d = digitsOf(abn);
  if (d.length !== 11) return false;
  d[0] = (d[0] ?? 0) - 1;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  return d.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 89 === 0;
}

function validAcn(acn: string): boolean {
  const d = digitsOf(acn);
  const sum = d.slice(0, 8).reduce((s, digit, i) => s + digit * (8 - i), 0);
  return d.length === 9 && (10 - (sum % 10)) % 10 === d[8];
}

function validIrd(ird: string): boolean {
  const d = digitsOf(ird);
  const value = Number(d.join(''));
  if (d.length !== 9 || value < 10_000_000 || value > 150_000_000) return false;
  const base = d.slice(0, 8);
  for (const weights of [
    [3, 2, 7, 6, 5, 4, 3, 2],
    [7, 4, 3, 2, 5, 2, 7, 6],
  ]) {
    const remainder = base.reduce((s, digit, i) => s + digit * (weights[i] ?? 0), 0) % 11;
    const check = remainder === 0 ? 0 : 11 - remainder;
    if (check !== 10) return check === d[8];
  }
  return false;
}

function validUkVat(vat: string): boolean {
  const d = digitsOf(vat);
  const sum = d.slice(0, 7).reduce((s, digit, i) => s + digit * (8 - i), 0);
  const check = (d[7] ?? 0) * 10 + (d[8] ?? 0);
  return d.length === 9 && ((sum + check) % 97 === 0 || (sum + 55 + check) % 97 === 0);
}

function validLuhn(number: string): boolean {
  const d = digitsOf(number).reverse();
  const sum = d.reduce((s, digit, i) => {
    const v = i % 2 === 1 ? digit * 2 : digit;
    return s + (v > 9 ? v - 9 : v);
  }, 0);
  return sum % 10 === 0;
}

/** The first digits Australia Post gives each state's street postcodes. */
const AU_POSTCODE_BY_STATE: Readonly<Record<string, RegExp>> = {
  NSW: /^(1\d{3}|2[0-5]\d{2}|2[78]\d{2}|26[2-9]\d|29[2-9]\d)$/,
  ACT: /^(02\d{2}|26[01]\d|29[01]\d)$/,
  VIC: /^[38]\d{3}$/,
  QLD: /^[49]\d{3}$/,
  SA: /^5\d{3}$/,
  WA: /^6\d{3}$/,
  TAS: /^7\d{3}$/,
  NT: /^0[89]\d{2}$/,
};

const FORMATS = {
  AU: {
    landline: /^\(0[2378]\) \d{4} \d{4}$/,
    mobile: /^04\d{2} \d{3} \d{3}$/,
    postcode: /^\d{4}$/,
    salesTax: /^\d{2} \d{3} \d{3} \d{3}$/,
    registration: /^\d{3} \d{3} \d{3}$/,
    tld: '.com.au',
  },
  NZ: {
    landline: /^\(0[34679]\) [2-9]\d{2} \d{4}$/,
    mobile: /^02[01279] \d{3} \d{4}$/,
    postcode: /^\d{4}$/,
    salesTax: /^\d{3}-\d{3}-\d{3}$/,
    registration: /^\d{7}$/,
    tld: '.co.nz',
  },
  GB: {
    landline: /^(0\d{2} \d{4} \d{4}|01\d{2} \d{3} \d{4}|01\d{3} \d{6})$/,
    mobile: /^07\d{3} \d{6}$/,
    postcode: /^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/,
    salesTax: /^GB \d{3} \d{4} \d{2}$/,
    registration: /^(\d{8}|SC\d{6}|NI\d{6})$/,
    tld: '.co.uk',
  },
  ZA: {
    landline: /^0\d{2} \d{3} \d{4}$/,
    mobile: /^0[678]\d \d{3} \d{4}$/,
    postcode: /^\d{4}$/,
    salesTax: /^4\d{9}$/,
    registration: /^(19|20)\d{2}\/\d{6}\/07$/,
    tld: '.co.za',
  },
} as const;

const ZA_PROVINCES = new Set([
  'Gauteng',
  'Western Cape',
  'KwaZulu-Natal',
  'Eastern Cape',
  'Free State',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
]);

const ENTITY_TYPES: Readonly<Record<(typeof CASES)[number]['countryCode'], readonly EntityType[]>> = {
  AU: ['Company', 'Trust', 'Partnership', 'Sole Trader', 'Individual', 'Superannuation Fund'],
  NZ: ['Company', 'Trust', 'Partnership', 'Sole Trader', 'Individual'],
  GB: ['Company', 'Limited Liability Partnership', 'Trust', 'Partnership', 'Sole Trader', 'Individual'],
  ZA: ['Company', 'Close Corporation', 'Trust', 'Partnership', 'Sole Trader', 'Individual'],
};

const COMPANY_SUFFIX: Readonly<Record<(typeof CASES)[number]['countryCode'], RegExp>> = {
  AU: / Pty (Ltd|Limited)$/,
  NZ: /^(?!.*\bPty\b).* (Limited|Ltd)$/,
  GB: / (Ltd|Limited|PLC)$/,
  ZA: /( \(Pty\) Ltd| Inc)$/,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('regional data profiles', () => {
  it('are a pure function of the Random: same seed, same output; another seed, other output', () => {
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const now = vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now used');
    });
    for (const { region, countryCode } of CASES) {
      const profile = regionProfile(region);
      const first = fingerprint(profile, countryCode, createRandom(42));
      expect(fingerprint(profile, countryCode, createRandom(42))).toEqual(first);
      expect(fingerprint(profile, countryCode, createRandom(43))).not.toEqual(first);
    }
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });

  it('carry the right countries, currencies, locales, time zones and tax rates', () => {
    expect(regionProfile('ANZ').countries).toEqual([
      { country: 'Australia', countryCode: 'AU', currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' },
      { country: 'New Zealand', countryCode: 'NZ', currency: 'NZD', locale: 'en-NZ', timeZone: 'Pacific/Auckland' },
    ]);
    expect(regionProfile('UK').countries).toEqual([
      { country: 'United Kingdom', countryCode: 'GB', currency: 'GBP', locale: 'en-GB', timeZone: 'Europe/London' },
    ]);
    expect(regionProfile('ZA').countries).toEqual([
      { country: 'South Africa', countryCode: 'ZA', currency: 'ZAR', locale: 'en-ZA', timeZone: 'Africa/Johannesburg' },
    ]);
    expect(regionProfile('ANZ')).toMatchObject({ region: 'ANZ', taxLabel: 'GST', taxRate: 0.1 });
    expect(regionProfile('UK')).toMatchObject({ region: 'UK', taxLabel: 'VAT', taxRate: 0.2 });
    expect(regionProfile('ZA')).toMatchObject({ region: 'ZA', taxLabel: 'VAT', taxRate: 0.15 });
    expect(regionProfile('ANZ').taxRateFor('AU')).toBe(0.1);
    expect(regionProfile('ANZ').taxRateFor('NZ')).toBe(0.15);
    expect(regionProfile('UK').taxRateFor('GB')).toBe(0.2);
    expect(regionProfile('UK').taxRateFor('UK')).toBe(0.2);
    expect(regionProfile('ZA').taxRateFor('ZA')).toBe(0.15);
    for (const { region } of CASES) {
      for (const { locale, timeZone, currency } of regionProfile(region).countries) {
        expect(() => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1)).not.toThrow();
        expect(() => new Intl.DateTimeFormat(locale, { timeZone }).format(0)).not.toThrow();
      }
    }
  });

  it('refuse a country outside the region', () => {
    const random = createRandom(1);
    expect(() => regionProfile('ANZ').taxRateFor('GB')).toThrow(/ANZ/);
    expect(() => regionProfile('UK').address(random, 'AU')).toThrow(/UK/);
    expect(() => regionProfile('ZA').mobile(random, 'NZ')).toThrow(/ZA/);
  });

  describe.each(CASES)('$region / $countryCode', ({ region, countryCode }) => {
    const profile = regionProfile(region);
    const formats = FORMATS[countryCode];
    const random = createRandom(42).fork(`${region}-${countryCode}`);

    it('formats phone numbers nationally', () => {
      for (const phone of times(SAMPLES, () =>
        profile.landline(random, countryCode, profile.address(random, countryCode)),
      ))
        expect(phone).toMatch(formats.landline);
      for (const phone of times(SAMPLES, () => profile.mobile(random, countryCode)))
        expect(phone).toMatch(formats.mobile);
    });

    it('writes addresses with real-looking postcodes, states and country', () => {
      const country = profile.countries.find((c) => c.countryCode === countryCode)?.country;
      for (const address of times(SAMPLES, () => profile.address(random, countryCode))) {
        expect(address.postcode).toMatch(formats.postcode);
        expect(address.country).toBe(country);
        expect(address.line1.length).toBeGreaterThan(3);
        expect(address.city.length).toBeGreaterThan(2);
        if (countryCode === 'AU') {
          expect(Object.keys(AU_POSTCODE_BY_STATE)).toContain(address.state);
          expect(address.postcode).toMatch(AU_POSTCODE_BY_STATE[address.state ?? ''] ?? /^$/);
        } else if (countryCode === 'NZ') {
          expect(address.state).toBeNull();
        } else if (countryCode === 'ZA') {
          expect(ZA_PROVINCES.has(address.state ?? '')).toBe(true);
        }
      }
    });

    it('issues sales-tax numbers in the national format with valid check digits', () => {
      const validator = { AU: validAbn, NZ: validIrd, GB: validUkVat, ZA: validLuhn }[countryCode];
      for (const number of times(SAMPLES, () => profile.salesTaxNumber(random, countryCode))) {
        expect(number).toMatch(formats.salesTax);
        expect(validator(number), number).toBe(true);
      }
    });

    it('issues company registration numbers in the national format', () => {
      for (const number of times(SAMPLES, () => profile.companyRegistrationNumber(random, countryCode))) {
        expect(number).toMatch(formats.registration);
        if (countryCode === 'AU') expect(validAcn(number), number).toBe(true);
      }
      if (countryCode === 'GB') {
        for (const number of times(50, () =>
          profile.companyRegistrationNumber(random, 'GB', 'Limited Liability Partnership'),
        )) {
          expect(number).toMatch(/^(OC|SO)\d{6}$/);
        }
      }
      if (countryCode === 'ZA') {
        for (const number of times(50, () => profile.companyRegistrationNumber(random, 'ZA', 'Close Corporation'))) {
          expect(number).toMatch(/^(19|20)\d{2}\/\d{6}\/23$/);
        }
      }
    });

    it('names businesses with the legal suffix and entity types of the country', () => {
      const seen = new Set<EntityType>();
      for (const { name, entityType } of times(2000, () => profile.businessName(random, countryCode))) {
        seen.add(entityType);
        expect(name.trim()).toBe(name);
        expect(name).not.toMatch(/\s{2}|undefined|null/);
        if (entityType === 'Company') expect(name).toMatch(COMPANY_SUFFIX[countryCode]);
        if (entityType === 'Close Corporation') expect(name).toMatch(/ CC$/);
        if (entityType === 'Limited Liability Partnership') expect(name).toMatch(/ LLP$/);
        if (entityType === 'Trust') expect(name).toMatch(/trust|settlement/i);
        if (entityType === 'Superannuation Fund') expect(name).toMatch(/Fund|SMSF/);
      }
      expect([...seen].sort()).toEqual([...ENTITY_TYPES[countryCode]].sort());
    });

    it('has variety enough for a practice of 20,000 clients', () => {
      const seeded = createRandom(42);
      const businesses = new Set(times(5000, () => profile.businessName(seeded, countryCode).name));
      expect(businesses.size).toBeGreaterThanOrEqual(4500);
      const people = new Set(
        times(5000, () => {
          const person = profile.personName(seeded, countryCode);
          return `${person.firstName} ${person.surname}`;
        }),
      );
      expect(people.size).toBeGreaterThanOrEqual(2000);
      const genders = new Set(times(2000, () => profile.personName(seeded, countryCode).gender));
      expect([...genders].sort()).toEqual(['f', 'm', 'x']);
    });

    it('makes e-mail domains from business names with the country TLD', () => {
      for (const { name } of times(200, () => profile.businessName(random, countryCode))) {
        const domain = profile.emailDomainFor(name, countryCode);
        expect(domain.endsWith(formats.tld)).toBe(true);
        expect(domain).toMatch(/^[a-z0-9]{1,63}(\.[a-z]{2,3}){1,2}$/);
      }
      expect(profile.personalEmailDomains.length).toBeGreaterThanOrEqual(5);
      expect(profile.personalEmailDomains).toContain('gmail.com');
    });

    it('lists offices and practice names', () => {
      expect(profile.offices.length).toBeGreaterThanOrEqual(3);
      expect(profile.offices.length).toBeLessThanOrEqual(4);
      expect(profile.practiceNames.length).toBeGreaterThanOrEqual(4);
      expect(profile.practiceNames.length).toBeLessThanOrEqual(6);
    });
  });

  it('makes e-mail domains that drop legal suffixes, accents and punctuation', () => {
    expect(regionProfile('ANZ').emailDomainFor('Blue Wren Landscaping Pty Ltd')).toBe('bluewrenlandscaping.com.au');
    expect(regionProfile('ANZ').emailDomainFor('Red Pōhutukawa Vineyards Limited', 'NZ')).toBe(
      'redpohutukawavineyards.co.nz',
    );
    expect(regionProfile('UK').emailDomainFor("O'Brien & Wiśniewski LLP")).toBe('obrienandwisniewski.co.uk');
    expect(regionProfile('ZA').emailDomainFor('Van der Merwe Boerdery (Pty) Ltd')).toBe('vandermerweboerdery.co.za');
    expect(regionProfile('ANZ').emailDomainFor('Smith Holdings Pty Ltd ATF The Smith Family Trust')).toBe(
      'smithholdings.com.au',
    );
    expect(regionProfile('UK').emailDomainFor('Liam Kelly t/a Kestrel Plumbing')).toBe('kestrelplumbing.co.uk');
  });

  it.each([
    ['ANZ', ANZ_NAMES, /[āēīōū]/],
    ['UK', UK_NAMES, /[łńśźżąęó]/],
    ['ZA', ZA_NAMES, /[éë]/],
  ] as const)(
    '%s name lists are large, mixed and exercise diacritics, apostrophes and hyphens',
    (_region, names: NameData, marks) => {
      const first = allFirstNames(names);
      const surnames = allSurnames(names);
      expect(first.length).toBeGreaterThanOrEqual(120);
      expect(surnames.length).toBeGreaterThanOrEqual(120);
      expect(names.groups.length).toBeGreaterThanOrEqual(4);
      const everything = [...first, ...surnames];
      expect(everything.some((n) => marks.test(n))).toBe(true);
      expect(everything.some((n) => /[éëāł]/.test(n))).toBe(true);
      expect(surnames.some((n) => n.includes("'"))).toBe(true);
      expect(everything.some((n) => n.includes('-'))).toBe(true);
    },
  );

  it('keeps Māori names with their macrons and gives Polish women the feminine surname', () => {
    const anzFirst = allFirstNames(ANZ_NAMES);
    expect(anzFirst).toEqual(expect.arrayContaining(['Aroha', 'Tāne']));
    expect(allSurnames(ANZ_NAMES)).toContain('Ngata');
    const random = createRandom(42);
    const women = times(20000, () => regionProfile('UK').personName(random)).filter((p) => p.gender === 'f');
    expect(women.some((p) => /(ska|cka)$/.test(p.surname))).toBe(true);
    expect(women.some((p) => /(ski|cki)$/.test(p.surname))).toBe(false);
  });

  it('gives New Zealand more Māori and Pasifika names than Australia', () => {
    const maori = new Set(ANZ_NAMES.groups.find((g) => g.label.startsWith('Māori'))?.surnames);
    const share = (countryCode: string): number => {
      const random = createRandom(7);
      const people = times(4000, () => regionProfile('ANZ').personName(random, countryCode));
      return people.filter((p) => maori.has(p.surname)).length / people.length;
    };
    expect(share('NZ')).toBeGreaterThan(share('AU') * 3);
  });
});
