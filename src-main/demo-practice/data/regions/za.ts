/**
 * South Africa. VAT at 15%; companies are "(Pty) Ltd", close corporations "CC", professional
 * companies "Inc"; CIPC numbers read year/sequence/type (07 private company, 23 close corporation).
 */
import type { Random } from '../random';
import {
  type BusinessWords,
  COMMON_TRADES,
  familyTitle,
  individualName,
  makePersonName,
  partnershipName,
  soleTraderName,
  tradingStem,
} from './names';
import type {
  BusinessName,
  CountryInfo,
  EntityType,
  LandlinePlace,
  PostalAddress,
  RegionProfile,
} from './region-types';
import {
  capitaliseFirst,
  countryFor,
  digits,
  domainSlug,
  ordinal,
  paddedInt,
  streetNumber,
  withLuhnDigit,
} from './shared';
import { ZA_NAMES } from './za-names';
import { ZA_BUSINESS_PLACES, ZA_LOCALITIES, ZA_STREET_NAMES, ZA_STREET_TYPES } from './za-places';

const COUNTRIES: readonly CountryInfo[] = [
  { country: 'South Africa', countryCode: 'ZA', currency: 'ZAR', locale: 'en-ZA', timeZone: 'Africa/Johannesburg' },
];

function checkCountry(countryCode: string | undefined): void {
  if (countryCode !== undefined) countryFor('ZA', COUNTRIES, countryCode);
}

const AFRIKAANS_SURNAMES: ReadonlySet<string> = new Set(
  ZA_NAMES.groups.filter((g) => g.label === 'Afrikaans').flatMap((g) => g.surnames.map((s) => s.toLowerCase())),
);

const NOUNS: readonly string[] = [
  'Protea',
  'Baobab',
  'Acacia',
  'Marula',
  'Fynbos',
  'Kloof',
  'Berg',
  'Ridge',
  'Vlei',
  'Eagle',
  'Rhino',
  'Leopard',
  'Kudu',
  'Springbok',
  'Impala',
  'Sable',
  'Lesedi',
  'Ubuntu',
  'Imbali',
  'Thuthuka',
  'Masakhane',
  'Umoya',
  'Khaya',
  'Ikhwezi',
  'Tswelopele',
  'Kopano',
  'Reef',
  'Summit',
  'Harbour',
  'Peak',
  'Valley',
  'River',
  'Stone',
  'Crest',
  'Star',
  'Horizon',
  'Bay',
  'Bridge',
  'Gate',
  'Oak',
  'Jacaranda',
  'Aloe',
  'Yellowwood',
  'Stinkwood',
  'Kingfisher',
  'Hornbill',
  'Lion',
  'Elephant',
  'Buffalo',
  'Kraal',
];

const WORDS: BusinessWords = {
  places: ZA_BUSINESS_PLACES,
  descriptors: [
    'Blue',
    'Golden',
    'Silver',
    'Southern',
    'Cape',
    'African',
    'Sun',
    'Red',
    'Green',
    'Royal',
    'Grand',
    'Great',
    'Wild',
    'True',
    'Bright',
    'Mountain',
    'Copper',
    'Platinum',
    'Diamond',
    'Iron',
    'Coastal',
    'Rainbow',
    'Twin',
    'Black',
    'White',
    'Crystal',
    'Savanna',
    'Highveld',
    'Ocean',
    'Desert',
    'Thunder',
    'Amber',
    'Mighty',
    'Noble',
  ],
  nouns: NOUNS,
  trades: [
    ...COMMON_TRADES,
    'Boerdery',
    'Vervoer',
    'Eiendomme',
    'Panelbeaters',
    'Security Services',
    'Tyres & Exhausts',
    'Taverns',
    'Braai Supplies',
    'Game Lodge',
    'Safaris',
    'Wine Estate',
    'Citrus',
    'Mining Supplies',
    'Bakkie Hire',
  ],
  holdings: [
    'Holdings',
    'Investments',
    'Beleggings',
    'Group',
    'Enterprises',
    'Properties',
    'Capital',
    'Ventures',
    'Trading',
    'Projects',
  ],
};

function company(random: Random): string {
  if (random.chance(0.04)) {
    const surname = makePersonName(random, ZA_NAMES, 'ZA').surname;
    const practice = random.pick([
      'Attorneys',
      'Attorneys & Conveyancers',
      'Consulting Engineers',
      'Architects',
      'Dental',
      'Medical Practice',
    ]);
    return `${capitaliseFirst(surname)} ${practice} Inc`;
  }
  return `${tradingStem(random, WORDS, ZA_NAMES, 'ZA').text} (Pty) Ltd`;
}

function trust(random: Random): string {
  const { title, surname } = familyTitle(random, ZA_NAMES, 'ZA');
  const family = AFRIKAANS_SURNAMES.has(surname.toLowerCase()) && random.chance(0.5) ? 'Familietrust' : 'Family Trust';
  return random.weighted<() => string>([
    [() => `${title} ${family}`, 5],
    [() => `${title} Trust`, 2],
    [() => `${title} Investment Trust`, 2],
    [() => `${title} Testamentary Trust`, 1],
    [() => `${tradingStem(random, WORDS, ZA_NAMES, 'ZA').text} Trust`, 1],
    [() => `${random.pick(WORDS.descriptors)} ${random.pick(NOUNS)} Trust`, 1],
    [() => `Trustees for the time being of the ${title} ${family}`, 0.5],
  ])();
}

function businessName(random: Random, countryCode?: string): BusinessName {
  checkCountry(countryCode);
  const entityType = random.weighted<EntityType>([
    ['Company', 38],
    ['Close Corporation', 9],
    ['Trust', 11],
    ['Partnership', 6],
    ['Sole Trader', 15],
    ['Individual', 21],
  ]);
  let name: string;
  if (entityType === 'Company') name = company(random);
  else if (entityType === 'Close Corporation') name = `${tradingStem(random, WORDS, ZA_NAMES, 'ZA').text} CC`;
  else if (entityType === 'Trust') name = trust(random);
  else if (entityType === 'Partnership') name = partnershipName(random, WORDS, ZA_NAMES, 'ZA');
  else if (entityType === 'Sole Trader') name = soleTraderName(random, WORDS, ZA_NAMES, 'ZA');
  else name = individualName(random, ZA_NAMES, 'ZA');
  return { name, entityType };
}

function address(random: Random, countryCode: string): PostalAddress {
  checkCountry(countryCode);
  const locality = random.weighted(ZA_LOCALITIES.map((l) => [l, l.weight] as const));
  const street = `${random.pick(ZA_STREET_NAMES)} ${random.pick(ZA_STREET_TYPES)}`;
  const number = `${streetNumber(random)}`;
  const line1 = random.weighted<() => string>([
    [() => `${number} ${street}`, 56],
    [
      () =>
        `Unit ${random.int(1, 40)}, ${random.pick(NOUNS)} ${random.pick(['Office Park', 'Business Park', 'Industrial Park', 'Square'])}, ${number} ${street}`,
      14,
    ],
    [
      () =>
        `Unit ${random.int(1, 120)}, ${random.pick(NOUNS)} ${random.pick(['Gardens', 'Estate', 'Court', 'Villas', 'Mews'])}`,
      14,
    ],
    [() => `${ordinal(random.int(1, 25))} Floor, ${random.pick(NOUNS)} House, ${number} ${street}`, 6],
    [() => `PO Box ${random.int(10, 99999)}`, 10],
  ])();
  return {
    line1,
    line2: locality.suburb,
    city: locality.city,
    state: locality.province,
    postcode: locality.postcode,
    country: 'South Africa',
  };
}

/** South Africa's area codes by city. */
const ZA_AREA_CODES: Readonly<Record<string, string>> = {
  'Cape Town': '021',
  Stellenbosch: '021',
  Paarl: '021',
  'Somerset West': '021',
  George: '044',
  Johannesburg: '011',
  Germiston: '011',
  Midrand: '011',
  'Kempton Park': '011',
  Boksburg: '011',
  Pretoria: '012',
  Centurion: '012',
  Durban: '031',
  Pietermaritzburg: '033',
  Ballito: '032',
  Gqeberha: '041',
  'East London': '043',
  Makhanda: '046',
  Bloemfontein: '051',
  Polokwane: '015',
  Mbombela: '013',
  eMalahleni: '013',
  Rustenburg: '014',
  Potchefstroom: '018',
  Mahikeng: '018',
  Kimberley: '053',
  Upington: '054',
};

function landline(random: Random, countryCode: string, place: LandlinePlace): string {
  checkCountry(countryCode);
  const area = ZA_AREA_CODES[place.city];
  if (!area) throw new Error(`No South African area code for ${place.city}`);
  // One number is drawn where the area code used to be drawn at random, so every record after a phone keeps
  // what the same seed gave it before.
  random.next();
  return `${area} ${random.int(2, 9)}${digits(random, 2)} ${digits(random, 4)}`;
}

const MOBILE_PREFIXES: readonly string[] = [
  '060',
  '061',
  '062',
  '063',
  '064',
  '065',
  '066',
  '067',
  '068',
  '071',
  '072',
  '073',
  '074',
  '076',
  '078',
  '079',
  '081',
  '082',
  '083',
  '084',
];

function mobile(random: Random, countryCode: string): string {
  checkCountry(countryCode);
  return `${random.pick(MOBILE_PREFIXES)} ${digits(random, 3)} ${digits(random, 4)}`;
}

function salesTaxNumber(random: Random, countryCode: string): string {
  checkCountry(countryCode);
  return withLuhnDigit(`4${digits(random, 8)}`);
}

function companyRegistrationNumber(random: Random, countryCode: string, entityType?: EntityType): string {
  checkCountry(countryCode);
  if (entityType === 'Close Corporation') return `${random.int(1985, 2010)}/${paddedInt(random, 1, 199999, 6)}/23`;
  return `${random.int(1995, 2024)}/${paddedInt(random, 1, 999999, 6)}/07`;
}

export const zaProfile: RegionProfile = {
  region: 'ZA',
  countries: COUNTRIES,
  taxLabel: 'VAT',
  taxRate: 0.15,
  taxRateFor: (countryCode) => {
    checkCountry(countryCode);
    return 0.15;
  },
  personName: (random, countryCode) => {
    checkCountry(countryCode);
    return makePersonName(random, ZA_NAMES, 'ZA');
  },
  businessName,
  address,
  landline,
  mobile,
  salesTaxNumber,
  companyRegistrationNumber,
  salesTaxWork: (countryCode) => {
    checkCountry(countryCode);
    return {
      service: 'VAT returns',
      detail: 'VAT201 returns submitted to SARS every two months',
      job: 'VAT201 return',
      saleItemCode: 'ACC-VAT',
    };
  },
  offices: ['Cape Town', 'Johannesburg', 'Durban', 'Pretoria'],
  officeCountryCode: () => 'ZA',
  practiceNames: [
    'Table Bay Chartered Accountants',
    'Highveld Advisory',
    'Umhlanga Ridge Accountants',
    'Protea Tax & Accounting',
    'Drakensberg Partners Inc',
    'Karoo & Coast Advisory',
  ],
  emailDomainFor: (name, countryCode) => {
    checkCountry(countryCode);
    return `${domainSlug(name)}.co.za`;
  },
  personalEmailDomains: [
    'gmail.com',
    'outlook.com',
    'mweb.co.za',
    'webmail.co.za',
    'telkomsa.net',
    'icloud.com',
    'yahoo.com',
    'vodamail.co.za',
    'absamail.co.za',
    'iafrica.com',
  ],
};
