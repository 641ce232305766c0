/**
 * Person names and the building blocks of business names, shared by the regional profiles.
 * The lists themselves live in anz-names.ts, uk-names.ts and za-names.ts.
 */
import type { Random } from '../random';
import { capitaliseFirst, initialOf, possessive } from './shared';

export type Gender = 'f' | 'm' | 'x';

export interface PersonName {
  firstName: string;
  surname: string;
  gender: Gender;
}

/** One strand of a region's population mix. */
export interface NameGroup {
  label: string;
  /** Relative share of the region's population. */
  weight: number;
  /** Overrides of weight per country code (e.g. more Māori and Pasifika names in NZ than in AU). */
  weightByCountry?: Readonly<Record<string, number>>;
  female: readonly string[];
  male: readonly string[];
  surnames: readonly string[];
  /** Languages with gendered surnames (Kowalski → Kowalska). */
  feminineSurname?: (surname: string) => string;
}

export interface NameData {
  groups: readonly NameGroup[];
  /** Given names used by people of any gender; people who record gender 'x' get one of these. */
  unisex: readonly string[];
}

/** Every distinct first name in the data (for tests and for search fixtures). */
export function allFirstNames(data: NameData): string[] {
  return [...new Set([...data.groups.flatMap((g) => [...g.female, ...g.male]), ...data.unisex])];
}

export function allSurnames(data: NameData): string[] {
  return [...new Set(data.groups.flatMap((g) => g.surnames))];
}

function groupWeight(group: NameGroup, countryCode: string | undefined): number {
  return (countryCode === undefined ? undefined : group.weightByCountry?.[countryCode]) ?? group.weight;
}

function pickGroup(random: Random, data: NameData, countryCode: string | undefined): NameGroup {
  return random.weighted(data.groups.map((g) => [g, groupWeight(g, countryCode)] as const));
}

function inGenderedForm(surname: string, group: NameGroup, gender: Gender): string {
  return gender === 'f' && group.feminineSurname ? group.feminineSurname(surname) : surname;
}

/** A surname from the region: mostly from the person's own group, sometimes another, occasionally double-barrelled. */
function surnameFor(
  random: Random,
  data: NameData,
  group: NameGroup,
  gender: Gender,
  countryCode: string | undefined,
): string {
  const home = random.chance(0.82) ? group : pickGroup(random, data, countryCode);
  let surname = inGenderedForm(random.pick(home.surnames), home, gender);
  if (random.chance(0.025) && !surname.includes('-')) {
    const otherGroup = pickGroup(random, data, countryCode);
    const other = inGenderedForm(random.pick(otherGroup.surnames), otherGroup, gender);
    if (other !== surname && !other.includes('-')) surname = `${surname}-${capitaliseFirst(other)}`;
  }
  return surname;
}

function givenName(random: Random, data: NameData, group: NameGroup, gender: Gender): string {
  if (gender === 'x' || random.chance(0.03)) return random.pick(data.unisex);
  return random.pick(gender === 'f' ? group.female : group.male);
}

/** A person and the strand of the population their given name came from. */
function drawPerson(
  random: Random,
  data: NameData,
  countryCode: string | undefined,
): { person: PersonName; group: NameGroup } {
  const gender = random.weighted<Gender>([
    ['f', 49],
    ['m', 49],
    ['x', 2],
  ]);
  const group = pickGroup(random, data, countryCode);
  const firstName = givenName(random, data, group, gender);
  const surname = surnameFor(random, data, group, gender, countryCode);
  return { person: { firstName, surname, gender }, group };
}

export function makePersonName(random: Random, data: NameData, countryCode?: string): PersonName {
  return drawPerson(random, data, countryCode).person;
}

/** Vocabulary for the name-like part of a business name. */
export interface BusinessWords {
  /** Places (suburbs, towns, regions) that businesses are named after. */
  places: readonly string[];
  /** First halves of invented names: "Blue", "Southern", "Golden". */
  descriptors: readonly string[];
  /** Second halves: "Wattle", "Harbour", "Kestrel". */
  nouns: readonly string[];
  /** What the business does: "Plumbing", "Physiotherapy", "Constructions". */
  trades: readonly string[];
  /** Words for investment and group companies: "Holdings", "Investments", "Nominees". */
  holdings: readonly string[];
}

export const COMMON_TRADES: readonly string[] = [
  'Plumbing',
  'Electrical',
  'Carpentry',
  'Landscaping',
  'Painting & Decorating',
  'Roofing',
  'Building',
  'Constructions',
  'Civil',
  'Concreting',
  'Tiling',
  'Flooring',
  'Glass & Glazing',
  'Air Conditioning',
  'Refrigeration',
  'Pest Control',
  'Cleaning Services',
  'Removals',
  'Transport',
  'Logistics',
  'Couriers',
  'Freight',
  'Motors',
  'Auto Repairs',
  'Smash Repairs',
  'Tyres',
  'Mechanical',
  'Engineering',
  'Fabrication',
  'Welding',
  'Joinery',
  'Cabinets',
  'Kitchens',
  'Bathrooms',
  'Pools',
  'Fencing',
  'Scaffolding',
  'Surveying',
  'Architects',
  'Design',
  'Interiors',
  'Consulting',
  'Advisory',
  'Management',
  'Solutions',
  'Technologies',
  'IT Services',
  'Software',
  'Digital',
  'Media',
  'Marketing',
  'Printing',
  'Signs',
  'Photography',
  'Events',
  'Catering',
  'Cafe',
  'Bakery',
  'Kitchen',
  'Butchers',
  'Foods',
  'Wines',
  'Brewing',
  'Coffee',
  'Florist',
  'Hair Studio',
  'Beauty',
  'Barbers',
  'Fitness',
  'Yoga',
  'Physiotherapy',
  'Dental',
  'Medical',
  'Pharmacy',
  'Optometry',
  'Veterinary Clinic',
  'Chiropractic',
  'Psychology',
  'Podiatry',
  'Childcare',
  'Tutoring',
  'Music School',
  'Dance Academy',
  'Realty',
  'Property',
  'Property Management',
  'Developments',
  'Finance',
  'Insurance Brokers',
  'Mortgage Brokers',
  'Financial Planning',
  'Legal',
  'Recruitment',
  'Labour Hire',
  'Security',
  'Trading',
  'Imports',
  'Exports',
  'Wholesale',
  'Supplies',
  'Hardware',
  'Timber',
  'Nursery',
  'Garden Centre',
  'Farming',
  'Agriculture',
  'Horticulture',
  'Equine',
  'Boat Hire',
  'Travel',
  'Tours',
  'Accommodation',
  'Motel',
  'Studio',
  'Gallery',
  'Furniture',
  'Textiles',
  'Fashion',
  'Jewellers',
  'Pet Supplies',
  'Dog Grooming',
  'Automotive',
  'Marine',
  'Aviation',
  'Solar',
  'Energy',
];

export interface TradingStem {
  /** The name before any legal suffix, e.g. "Blue Wren Landscaping". */
  text: string;
  /** True if the stem already ends in a trade (so a company built on it needs nothing more). */
  hasTrade: boolean;
}

/** A person-style surname for a business: capitalised, sometimes a second surname from another person. */
function businessSurname(random: Random, data: NameData, countryCode: string | undefined): string {
  return capitaliseFirst(makePersonName(random, data, countryCode).surname);
}

/** "JMK", "A.B.", "R & S": initials as firms use them. */
export function firmInitials(random: Random): string {
  const letters = 'ABCDEFGHJKLMNPRSTVW';
  const letter = (): string => letters.charAt(random.int(0, letters.length - 1));
  return random.weighted<() => string>([
    [() => `${letter()}${letter()}${letter()}`, 4],
    [() => `${letter()}${letter()}`, 3],
    [() => `${letter()} & ${letter()}`, 2],
  ])();
}

/** The name-like part of a company or trading name, with enough entropy for tens of thousands of clients. */
export function tradingStem(random: Random, words: BusinessWords, names: NameData, countryCode?: string): TradingStem {
  const trade = (): string => random.pick(words.trades);
  const surname = (): string => businessSurname(random, names, countryCode);
  const invented = (): string => `${random.pick(words.descriptors)} ${random.pick(words.nouns)}`;
  const kind = random.weighted<string>([
    ['surname-trade', 20],
    ['place-trade', 14],
    ['invented-trade', 28],
    ['noun-trade', 8],
    ['two-surnames-trade', 7],
    ['initials-trade', 6],
    ['surname-holdings', 9],
    ['invented-holdings', 5],
    ['possessive-trade', 3],
  ]);
  switch (kind) {
    case 'surname-trade':
      return { text: `${surname()} ${trade()}`, hasTrade: true };
    case 'place-trade':
      return { text: `${random.pick(words.places)} ${trade()}`, hasTrade: true };
    case 'invented-trade':
      return { text: `${invented()} ${trade()}`, hasTrade: true };
    case 'noun-trade':
      return { text: `${random.pick(words.nouns)} ${trade()}`, hasTrade: true };
    case 'two-surnames-trade': {
      const first = surname();
      let second = surname();
      if (second === first) second = surname();
      return { text: `${first} & ${second} ${trade()}`, hasTrade: true };
    }
    case 'initials-trade':
      return { text: `${firmInitials(random)} ${trade()}`, hasTrade: true };
    case 'surname-holdings': {
      const initials = random.weighted<() => string>([
        [() => '', 5],
        [() => `${firmInitials(random).replace(/ & /g, '')} `, 2],
        [() => `${initialOf(makePersonName(random, names, countryCode).firstName)} `, 3],
      ])();
      return { text: `${initials}${surname()} ${random.pick(words.holdings)}`, hasTrade: false };
    }
    case 'invented-holdings':
      return { text: `${invented()} ${random.pick(words.holdings)}`, hasTrade: false };
    default:
      return { text: `${possessive(makePersonName(random, names, countryCode).firstName)} ${trade()}`, hasTrade: true };
  }
}

/** A stem that says what the business does (no "Holdings" for a sole trader's trading name). */
function tradingName(random: Random, words: BusinessWords, names: NameData, countryCode: string | undefined): string {
  for (;;) {
    const stem = tradingStem(random, words, names, countryCode);
    if (stem.hasTrade) return stem.text;
  }
}

/** A sole trader as they appear on a client list: "Sarah Nguyen Bookkeeping", "J Smith Electrical", "Liam O'Brien t/a Coastal Plumbing". */
export function soleTraderName(random: Random, words: BusinessWords, names: NameData, countryCode?: string): string {
  const person = makePersonName(random, names, countryCode);
  const full = `${person.firstName} ${person.surname}`;
  const trade = random.pick(words.trades);
  return random.weighted<() => string>([
    [() => `${full} ${trade}`, 4],
    [() => `${initialOf(person.firstName)} ${capitaliseFirst(person.surname)} ${trade}`, 3],
    [() => `${full} t/a ${tradingName(random, words, names, countryCode)}`, 2],
    [() => `${possessive(capitaliseFirst(person.surname))} ${trade}`, 1],
    [() => full, 2],
  ])();
}

/** An individual client under their full legal name, as tax clients are recorded: "Aroha Mere Ngata", "Peter Smith". */
export function individualName(random: Random, names: NameData, countryCode?: string): string {
  const { person, group } = drawPerson(random, names, countryCode);
  if (!random.chance(0.7)) return `${person.firstName} ${person.surname}`;
  const middleGroup = random.chance(0.75) ? group : pickGroup(random, names, countryCode);
  const middle = givenName(random, names, middleGroup, person.gender);
  return middle === person.firstName
    ? `${person.firstName} ${person.surname}`
    : `${person.firstName} ${middle} ${person.surname}`;
}

/** "Nguyen & Patel", "J & M Smith", "Smith Bros", "Kowalski & Okafor Plumbing". */
export function partnershipName(random: Random, words: BusinessWords, names: NameData, countryCode?: string): string {
  const a = makePersonName(random, names, countryCode);
  const b = makePersonName(random, names, countryCode);
  const sa = capitaliseFirst(a.surname);
  const sb = capitaliseFirst(b.surname);
  return random.weighted<() => string>([
    [() => `${sa} & ${sb}`, 4],
    [() => `${sa} & ${sb} ${random.pick(words.trades)}`, 2],
    [() => `${initialOf(a.firstName)} & ${initialOf(b.firstName)} ${sa}`, 3],
    [() => `${a.firstName} & ${b.firstName} ${a.surname}`, 2],
    [() => `${sa} ${random.pick(['Bros', 'Brothers', '& Sons', '& Co', '& Daughters', 'Partners'])}`, 2],
    [() => `${sa}, ${sb} & ${capitaliseFirst(makePersonName(random, names, countryCode).surname)}`, 1],
  ])();
}

export interface FamilyTitle {
  /** "Smith", "J & M Smith", "Sarah Nguyen". */
  title: string;
  /** The family's surname, capitalised, for a trustee company named to match. */
  surname: string;
}

/** The names a family trust, super fund or settlement is called after. */
export function familyTitle(random: Random, names: NameData, countryCode?: string): FamilyTitle {
  const a = makePersonName(random, names, countryCode);
  const surname = capitaliseFirst(a.surname);
  const partner = (): PersonName => makePersonName(random, names, countryCode);
  const title = random.weighted<() => string>([
    [() => surname, 1.5],
    [() => `${initialOf(a.firstName)} & ${initialOf(partner().firstName)} ${surname}`, 4],
    [() => `${a.firstName} ${a.surname}`, 3],
    [() => `${a.firstName} & ${partner().firstName} ${a.surname}`, 1],
  ])();
  return { title, surname };
}
