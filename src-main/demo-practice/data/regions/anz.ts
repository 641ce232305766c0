/**
 * Australia and New Zealand. A practice is one or the other; the country code picks the suffixes
 * (Pty Ltd / Limited), number formats and tax rate (GST 10% / 15%).
 *
 * Australian landlines use the ranges ACMA sets aside for fiction ((0X) 5550 xxxx, (0X) 7010 xxxx).
 */
import type { Random } from '../random';
import {
  AU_LOCALITIES,
  AU_NAMED_STREETS,
  AU_STREET_NAMES,
  AU_STREET_TYPES,
  NZ_LOCALITIES,
  NZ_STREET_NAMES,
  NZ_STREET_TYPES,
} from './anz-places';
import { AU_WORDS, HOLDINGS, NZ_WORDS } from './anz-business-words';
import { ANZ_NAMES } from './anz-names';
import { familyTitle, individualName, makePersonName, partnershipName, soleTraderName, tradingStem } from './names';
import type {
  BusinessName,
  CountryInfo,
  EntityType,
  LandlinePlace,
  PostalAddress,
  RegionProfile,
  SalesTaxWork,
} from './region-types';
import { abnDigits, acnDigits, countryFor, digits, domainSlug, irdDigits, streetNumber } from './shared';

const COUNTRIES: readonly CountryInfo[] = [
  { country: 'Australia', countryCode: 'AU', currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' },
  { country: 'New Zealand', countryCode: 'NZ', currency: 'NZD', locale: 'en-NZ', timeZone: 'Pacific/Auckland' },
];

type AnzCountry = 'AU' | 'NZ';

function country(countryCode: string | undefined): AnzCountry {
  return countryFor('ANZ', COUNTRIES, countryCode ?? 'AU').countryCode as AnzCountry;
}

function company(random: Random, cc: AnzCountry): string {
  const stem = tradingStem(random, cc === 'AU' ? AU_WORDS : NZ_WORDS, ANZ_NAMES, cc);
  if (cc === 'AU') return `${stem.text} ${random.chance(0.94) ? 'Pty Ltd' : 'Pty Limited'}`;
  return `${stem.text} ${random.chance(0.7) ? 'Limited' : 'Ltd'}`;
}

function trust(random: Random, cc: AnzCountry): string {
  const words = cc === 'AU' ? AU_WORDS : NZ_WORDS;
  const { title, surname } = familyTitle(random, ANZ_NAMES, cc);
  const suffix = cc === 'AU' ? 'Pty Ltd' : 'Limited';
  return random.weighted<() => string>([
    [() => `The ${title} Family Trust`, 5],
    [() => `${title} Family Trust`, 3],
    [() => `${title} Discretionary Trust`, cc === 'AU' ? 2 : 0.5],
    [() => `${title} Investment Trust`, 1],
    [() => `${tradingStem(random, words, ANZ_NAMES, cc).text} ${cc === 'AU' ? 'Unit Trust' : 'Trust'}`, 2],
    [() => `${random.pick(words.descriptors)} ${random.pick(words.nouns)} Trust`, cc === 'NZ' ? 2 : 0.5],
    [() => `${surname} ${random.pick(HOLDINGS)} ${suffix} ATF The ${title} Family Trust`, cc === 'AU' ? 2 : 0.3],
  ])();
}

function superFund(random: Random): string {
  const { title, surname } = familyTitle(random, ANZ_NAMES, 'AU');
  return random.weighted<() => string>([
    [() => `${title} Superannuation Fund`, 4],
    [() => `${title} Super Fund`, 3],
    [() => `The ${title} Family Super Fund`, 2],
    [() => `${surname} Super Pty Ltd ATF ${title} Superannuation Fund`, 2],
    [() => `${title} SMSF`, 1],
    [() => `${title} Retirement Fund`, 1],
  ])();
}

function businessName(random: Random, countryCode?: string): BusinessName {
  const cc = country(countryCode);
  const words = cc === 'AU' ? AU_WORDS : NZ_WORDS;
  const entityType = random.weighted<EntityType>(
    cc === 'AU'
      ? [
          ['Company', 38],
          ['Trust', 14],
          ['Partnership', 7],
          ['Sole Trader', 15],
          ['Individual', 19],
          ['Superannuation Fund', 7],
        ]
      : [
          ['Company', 42],
          ['Trust', 17],
          ['Partnership', 8],
          ['Sole Trader', 15],
          ['Individual', 18],
        ],
  );
  let name: string;
  if (entityType === 'Company') name = company(random, cc);
  else if (entityType === 'Trust') name = trust(random, cc);
  else if (entityType === 'Partnership') name = partnershipName(random, words, ANZ_NAMES, cc);
  else if (entityType === 'Sole Trader') name = soleTraderName(random, words, ANZ_NAMES, cc);
  else if (entityType === 'Superannuation Fund') name = superFund(random);
  else name = individualName(random, ANZ_NAMES, cc);
  return { name, entityType };
}

function auAddress(random: Random): PostalAddress {
  const locality = random.weighted(AU_LOCALITIES.map((l) => [l, l.weight] as const));
  const street = random.chance(0.12)
    ? random.pick(AU_NAMED_STREETS)
    : `${random.pick(AU_STREET_NAMES)} ${random.pick(AU_STREET_TYPES)}`;
  const number = `${streetNumber(random)}`;
  const [line1, line2] = random.weighted<() => [string, string | null]>([
    [() => [`${number} ${street}`, null], 58],
    [() => [`${random.int(1, 24)}/${number} ${street}`, null], 8],
    [() => [`Unit ${random.int(1, 40)}, ${number} ${street}`, null], 6],
    [
      () => [
        random.chance(0.5)
          ? `Level ${random.int(1, 30)}`
          : `Suite ${random.int(1, 12)}0${random.int(1, 9)}, Level ${random.int(1, 12)}`,
        `${number} ${street}`,
      ],
      16,
    ],
    [() => [`Shop ${random.int(1, 30)}`, `${number} ${street}`], 5],
    [() => [`PO Box ${random.int(10, 9999)}`, null], 7],
  ])();
  return {
    line1,
    line2,
    city: locality.suburb,
    state: locality.state,
    postcode: locality.postcode,
    country: 'Australia',
  };
}

function nzAddress(random: Random): PostalAddress {
  const locality = random.weighted(NZ_LOCALITIES.map((l) => [l, l.weight] as const));
  const street = `${random.pick(NZ_STREET_NAMES)} ${random.pick(NZ_STREET_TYPES)}`;
  const number = `${streetNumber(random)}`;
  const line1 = random.weighted<() => string>([
    [() => `${number} ${street}`, 62],
    [() => `${random.int(1, 12)}/${number} ${street}`, 12],
    [() => `Flat ${random.int(1, 8)}, ${number} ${street}`, 4],
    [() => `Level ${random.int(1, 20)}, ${number} ${street}`, 14],
    [() => `PO Box ${random.int(10, 99999)}`, 8],
  ])();
  return {
    line1,
    line2: locality.suburb,
    city: locality.city,
    state: null,
    postcode: locality.postcode,
    country: 'New Zealand',
  };
}

/** Australia's geographic area codes follow the state or territory. */
const AU_AREA_CODES: Readonly<Record<string, string>> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  SA: '08',
  WA: '08',
  NT: '08',
};

/** New Zealand's area codes follow the city (the North Island's regions, and 03 for the whole South Island). */
const NZ_AREA_CODES: Readonly<Record<string, string>> = {
  Auckland: '09',
  Whangārei: '09',
  Hamilton: '07',
  Tauranga: '07',
  Rotorua: '07',
  Napier: '06',
  Hastings: '06',
  'New Plymouth': '06',
  'Palmerston North': '06',
  Wellington: '04',
  'Lower Hutt': '04',
  Nelson: '03',
  Christchurch: '03',
  Queenstown: '03',
  Dunedin: '03',
  Invercargill: '03',
};

function landline(random: Random, countryCode: string, place: LandlinePlace): string {
  const au = country(countryCode) === 'AU';
  const area = au ? AU_AREA_CODES[place.state ?? ''] : NZ_AREA_CODES[place.city];
  if (!area)
    throw new Error(`No ${au ? 'Australian' : 'New Zealand'} area code for ${place.city} ${place.state ?? ''}`);
  // One number is drawn where the area code used to be drawn at random, so every record after a phone keeps
  // what the same seed gave it before (tests and benchmarks name clients by it).
  random.next();
  if (au) return `(${area}) ${random.pick(['5550', '7010'])} ${digits(random, 4)}`;
  return `(${area}) ${random.int(2, 9)}${digits(random, 2)} ${digits(random, 4)}`;
}

function mobile(random: Random, countryCode: string): string {
  if (country(countryCode) === 'AU') return `04${digits(random, 2)} ${digits(random, 3)} ${digits(random, 3)}`;
  const prefix = random.weighted<string>([
    ['021', 40],
    ['027', 34],
    ['022', 16],
    ['029', 5],
    ['020', 5],
  ]);
  return `${prefix} ${random.int(1, 9)}${digits(random, 2)} ${digits(random, 4)}`;
}

function salesTaxNumber(random: Random, countryCode: string): string {
  if (country(countryCode) === 'AU') {
    const abn = abnDigits(random);
    return `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;
  }
  const ird = irdDigits(random);
  return `${ird.slice(0, 3)}-${ird.slice(3, 6)}-${ird.slice(6)}`;
}

function companyRegistrationNumber(random: Random, countryCode: string): string {
  if (country(countryCode) === 'AU') {
    const acn = acnDigits(random);
    return `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)}`;
  }
  return String(random.int(1_000_000, 8_999_999));
}

/** Australia lodges business activity statements (GST with PAYG) with the ATO; New Zealand files GST returns with Inland Revenue. */
const SALES_TAX_WORK: Readonly<Record<AnzCountry, SalesTaxWork>> = {
  AU: {
    service: 'Business activity statements (BAS)',
    detail: 'Quarterly BAS: GST, PAYG withholding and instalments, lodged with the ATO',
    job: 'BAS lodgement',
    saleItemCode: 'ACC-BAS',
  },
  NZ: {
    service: 'GST returns',
    detail: 'GST returns prepared and filed with Inland Revenue',
    job: 'GST return',
    saleItemCode: 'ACC-GST',
  },
};

export const anzProfile: RegionProfile = {
  region: 'ANZ',
  countries: COUNTRIES,
  taxLabel: 'GST',
  taxRate: 0.1,
  taxRateFor: (countryCode) => (country(countryCode) === 'AU' ? 0.1 : 0.15),
  personName: (random, countryCode) =>
    makePersonName(random, ANZ_NAMES, countryCode === undefined ? undefined : country(countryCode)),
  businessName,
  address: (random, countryCode) => (country(countryCode) === 'AU' ? auAddress(random) : nzAddress(random)),
  landline,
  mobile,
  salesTaxNumber,
  companyRegistrationNumber,
  salesTaxWork: (countryCode) => SALES_TAX_WORK[country(countryCode)],
  offices: ['Sydney', 'Parramatta', 'Melbourne', 'Auckland'],
  officeCountryCode: (office) => (office === 'Auckland' ? 'NZ' : 'AU'),
  practiceNames: [
    'Harbourside Accounting',
    'Southern Cross Advisory',
    'Wattle & Kauri Partners',
    'Blackwood Tasman Chartered Accountants',
    'Coastline Tax & Business',
    'Ironbark Accountants',
  ],
  emailDomainFor: (name, countryCode) => `${domainSlug(name)}${country(countryCode) === 'NZ' ? '.co.nz' : '.com.au'}`,
  personalEmailDomains: [
    'gmail.com',
    'outlook.com',
    'hotmail.com',
    'icloud.com',
    'yahoo.com.au',
    'bigpond.com',
    'optusnet.com.au',
    'iinet.net.au',
    'tpg.com.au',
    'xtra.co.nz',
    'orcon.net.nz',
    'slingshot.co.nz',
  ],
};
