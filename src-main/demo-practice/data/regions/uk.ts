/**
 * The United Kingdom (country code 'GB'; 'UK' is accepted too). VAT at 20%.
 *
 * Phone numbers come only from the ranges Ofcom keeps for drama (020 7946 0xxx, 0161 496 0xxx,
 * 07700 900xxx, …), so no generated number belongs to anyone. There are only a thousand drama
 * mobiles, so mobiles repeat across a large client list.
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
import { countryFor, digits, domainSlug, paddedInt, streetNumber, ukVatDigits } from './shared';
import { UK_NAMES } from './uk-names';
import {
  INWARD_LETTERS,
  UK_BUSINESS_PLACES,
  UK_NAMED_STREETS,
  UK_STREET_NAMES,
  UK_STREET_TYPES,
  UK_TOWNS,
} from './uk-places';

const COUNTRIES: readonly CountryInfo[] = [
  { country: 'United Kingdom', countryCode: 'GB', currency: 'GBP', locale: 'en-GB', timeZone: 'Europe/London' },
];

function checkCountry(countryCode: string | undefined): void {
  if (countryCode !== undefined) countryFor('UK', COUNTRIES, countryCode);
}

const NOUNS: readonly string[] = [
  'Oak',
  'Thistle',
  'Rose',
  'Lion',
  'Crown',
  'Bridge',
  'Mill',
  'Abbey',
  'Castle',
  'Vale',
  'Dale',
  'Moor',
  'Fen',
  'Heath',
  'Beacon',
  'Harbour',
  'Meadow',
  'Orchard',
  'Kingfisher',
  'Kestrel',
  'Heron',
  'Fox',
  'Badger',
  'Hawthorn',
  'Elm',
  'Ash',
  'Willow',
  'Birch',
  'Forge',
  'Anvil',
  'Chapel',
  'Priory',
  'Wharf',
  'Quay',
  'Lantern',
  'Stag',
  'Hare',
  'Swan',
  'Falcon',
  'Acorn',
  'Thorn',
  'Brook',
  'Fell',
  'Tor',
  'Combe',
  'Downs',
  'Weald',
  'Gate',
  'Arch',
  'Anchor',
];

const WORDS: BusinessWords = {
  places: UK_BUSINESS_PLACES,
  descriptors: [
    'Royal',
    'Northern',
    'Western',
    'Southern',
    'Eastern',
    'Red',
    'Golden',
    'Silver',
    'Green',
    'Old',
    'New',
    'Grand',
    'Black',
    'White',
    'Blue',
    'High',
    'Little',
    'Great',
    'Iron',
    'Copper',
    'Bright',
    'Hidden',
    'Wild',
    'Misty',
    'Amber',
    'Scarlet',
    'Hollow',
    'Upper',
    'Lower',
    'Twin',
    'Broad',
    'Long',
    'Crooked',
    'Quiet',
    'Merry',
    'Noble',
  ],
  nouns: NOUNS,
  trades: [
    ...COMMON_TRADES,
    'Lettings',
    'Estate Agents',
    'Groundworks',
    'Plastering',
    'Fish & Chips',
    'Tearooms',
    'Inns',
    'Garage',
    'Heating & Gas',
    'Chimney Sweeps',
    'Locksmiths',
    'Brewery',
    'Antiques',
  ],
  holdings: [
    'Holdings',
    'Investments',
    'Group',
    'Enterprises',
    'Properties',
    'Capital',
    'Ventures',
    'Estates',
    'Trading',
    'Developments',
  ],
};

const PROFESSIONS: readonly string[] = [
  'Solicitors',
  'Architects',
  'Surveyors',
  'Chartered Surveyors',
  'Consulting',
  'Partners',
  'Associates',
  'Advisory',
  'Wealth Management',
  'Legal',
  'Property Consultants',
  'Engineers',
  'Planning',
  'Actuaries',
  'Design',
];

function company(random: Random): string {
  const stem = tradingStem(random, WORDS, UK_NAMES, 'GB');
  return `${stem.text} ${random.weighted<string>([
    ['Ltd', 65],
    ['Limited', 34],
    ['PLC', 1],
  ])}`;
}

function llp(random: Random): string {
  const surname = (): string => makePersonName(random, UK_NAMES, 'GB').surname;
  return random.weighted<() => string>([
    [() => `${surname()} ${surname()} LLP`, 3],
    [() => `${surname()} & ${surname()} LLP`, 2],
    [() => `${surname()} ${random.pick(PROFESSIONS)} LLP`, 3],
    [() => `${random.pick(WORDS.descriptors)} ${random.pick(NOUNS)} ${random.pick(PROFESSIONS)} LLP`, 2],
    [() => `${random.pick(WORDS.places)} ${random.pick(PROFESSIONS)} LLP`, 1],
  ])();
}

function trust(random: Random): string {
  const { title } = familyTitle(random, UK_NAMES, 'GB');
  return random.weighted<() => string>([
    [() => `The ${title} Family Trust`, 3],
    [() => `The ${title} Discretionary Trust`, 3],
    [() => `The ${title} ${random.int(1978, 2023)} Settlement`, 2],
    [() => `The ${title} Will Trust`, 1],
    [() => `The ${title} Charitable Trust`, 1],
    [() => `${title} Grandchildren's Trust`, 1],
  ])();
}

function businessName(random: Random, countryCode?: string): BusinessName {
  checkCountry(countryCode);
  const entityType = random.weighted<EntityType>([
    ['Company', 46],
    ['Limited Liability Partnership', 4],
    ['Partnership', 8],
    ['Sole Trader', 18],
    ['Individual', 19],
    ['Trust', 5],
  ]);
  let name: string;
  if (entityType === 'Company') name = company(random);
  else if (entityType === 'Limited Liability Partnership') name = llp(random);
  else if (entityType === 'Partnership') name = partnershipName(random, WORDS, UK_NAMES, 'GB');
  else if (entityType === 'Sole Trader') name = soleTraderName(random, WORDS, UK_NAMES, 'GB');
  else if (entityType === 'Trust') name = trust(random);
  else name = individualName(random, UK_NAMES, 'GB');
  return { name, entityType };
}

function postcode(random: Random, districts: readonly string[]): string {
  const letter = (): string => INWARD_LETTERS.charAt(random.int(0, INWARD_LETTERS.length - 1));
  return `${random.pick(districts)} ${random.int(0, 9)}${letter()}${letter()}`;
}

function address(random: Random, countryCode: string): PostalAddress {
  checkCountry(countryCode);
  const town = random.weighted(UK_TOWNS.map((t) => [t, t.weight] as const));
  const street = random.chance(0.1)
    ? random.pick(UK_NAMED_STREETS)
    : `${random.pick(UK_STREET_NAMES)} ${random.pick(UK_STREET_TYPES)}`;
  const number = `${streetNumber(random)}`;
  const noun = (): string => random.pick(NOUNS);
  const [line1, line2] = random.weighted<() => [string, string | null]>([
    [() => [`${number} ${street}`, null], 55],
    [() => [`Flat ${random.int(1, 24)}, ${number} ${street}`, null], 12],
    [() => [`${noun()} ${random.pick(['House', 'Court', 'Chambers', 'Buildings'])}`, `${number} ${street}`], 12],
    [
      () => [
        `Unit ${random.int(1, 40)}`,
        `${noun()} ${random.pick(['Business Park', 'Industrial Estate', 'Trading Estate'])}`,
      ],
      7,
    ],
    [
      () => [
        random.pick([
          'Rose Cottage',
          'The Old Rectory',
          'The Barn',
          'Orchard House',
          'The Coach House',
          'Ivy Cottage',
          'The Old School House',
        ]),
        street,
      ],
      5,
    ],
    [() => [`Suite ${random.int(1, 9)}, ${number} ${street}`, null], 9],
  ])();
  return {
    line1,
    line2,
    city: town.town,
    state: town.county,
    postcode: postcode(random, town.districts),
    country: 'United Kingdom',
  };
}

/**
 * A landline's first digits by post town. Where Ofcom sets numbers aside for drama in the town's area (020 7946 0xxx,
 * 0161 496 0xxx, 028 9649 6xxx…) they come from there; elsewhere the town's own area code.
 */
const UK_LANDLINE_STEMS: Readonly<Record<string, string>> = {
  London: '020 7946 0',
  Manchester: '0161 496 0',
  Salford: '0161 496 0',
  Stockport: '0161 496 0',
  Leeds: '0113 496 0',
  Bradford: '01274 960',
  Huddersfield: '01484 960',
  Harrogate: '01423 960',
  York: '01904 960',
  Sheffield: '0114 496 0',
  Birmingham: '0121 496 0',
  Coventry: '024 7696 0',
  Leicester: '0116 496 0',
  Nottingham: '0115 496 0',
  Liverpool: '0151 496 0',
  Chester: '01244 960',
  Preston: '01772 960',
  Lancaster: '01524 960',
  'Newcastle upon Tyne': '0191 498 0',
  Bristol: '0117 496 0',
  Bath: '01225 960',
  Exeter: '01392 960',
  Southampton: '023 8096 0',
  Brighton: '01273 960',
  Reading: '0118 496 0',
  Oxford: '01865 960',
  Cambridge: '01223 960',
  'Milton Keynes': '01908 960',
  Norwich: '01603 960',
  Cardiff: '029 2018 0',
  Swansea: '01792 960',
  Glasgow: '0141 496 0',
  Edinburgh: '0131 496 0',
  Aberdeen: '01224 960',
  Belfast: '028 9649 6',
};

function landline(random: Random, countryCode: string, place: LandlinePlace): string {
  checkCountry(countryCode);
  const stem = UK_LANDLINE_STEMS[place.city];
  if (!stem) throw new Error(`No UK area code for ${place.city}`);
  // Drawn as the stream was when the format was picked at random (one number, and one more for the format that
  // picked a city's code), so every record after a phone keeps what the same seed gave it before.
  const drewACity = random.weighted<boolean>([
    [false, 30],
    [true, 50],
    [false, 4],
    [false, 4],
    [false, 3],
    [false, 9],
  ]);
  if (drewACity) random.next();
  return `${stem}${digits(random, 3)}`;
}

function mobile(random: Random, countryCode: string): string {
  checkCountry(countryCode);
  return `07700 900${digits(random, 3)}`;
}

function salesTaxNumber(random: Random, countryCode: string): string {
  checkCountry(countryCode);
  const vat = ukVatDigits(random);
  return `GB ${vat.slice(0, 3)} ${vat.slice(3, 7)} ${vat.slice(7)}`;
}

function companyRegistrationNumber(random: Random, countryCode: string, entityType?: EntityType): string {
  checkCountry(countryCode);
  if (entityType === 'Limited Liability Partnership') {
    return `${random.chance(0.9) ? 'OC' : 'SO'}${paddedInt(random, 300000, 449999, 6)}`;
  }
  return random.weighted<() => string>([
    [() => paddedInt(random, 100_000, 15_999_999, 8), 85],
    [() => `SC${paddedInt(random, 100000, 799999, 6)}`, 11],
    [() => `NI${paddedInt(random, 10000, 699999, 6)}`, 4],
  ])();
}

export const ukProfile: RegionProfile = {
  region: 'UK',
  countries: COUNTRIES,
  taxLabel: 'VAT',
  taxRate: 0.2,
  taxRateFor: (countryCode) => {
    checkCountry(countryCode);
    return 0.2;
  },
  personName: (random, countryCode) => {
    checkCountry(countryCode);
    return makePersonName(random, UK_NAMES, 'GB');
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
      detail: 'Quarterly VAT returns filed with HMRC under Making Tax Digital',
      job: 'VAT return',
      saleItemCode: 'ACC-VAT',
    };
  },
  offices: ['London', 'Manchester', 'Leeds', 'Bristol'],
  officeCountryCode: () => 'GB',
  practiceNames: [
    'Thames & Pennine Advisory',
    'Ashworth Pryce LLP',
    'Kestrel Lane Accountants',
    'Moorgate & Mersey Chartered Accountants',
    'Holloway Brook & Co',
    'Fernhill Tax & Business Advisers',
  ],
  emailDomainFor: (name, countryCode) => {
    checkCountry(countryCode);
    return `${domainSlug(name)}.co.uk`;
  },
  personalEmailDomains: [
    'gmail.com',
    'outlook.com',
    'hotmail.co.uk',
    'btinternet.com',
    'yahoo.co.uk',
    'icloud.com',
    'sky.com',
    'virginmedia.com',
    'live.co.uk',
    'talktalk.net',
    'aol.com',
  ],
};
