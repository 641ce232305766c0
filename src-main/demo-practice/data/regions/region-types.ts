import type { Random } from '../random';
import type { PersonName } from './names';

// The shapes of a regional profile, apart from region-profile.ts (which picks among anz.ts, uk.ts and za.ts)
// so that the profiles do not import the module that imports them.

export type Region = 'ANZ' | 'UK' | 'ZA';

export interface PostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
}

export interface CountryInfo {
  country: string;
  /** ISO 3166-1 alpha-2; the United Kingdom is 'GB' (profiles also accept 'UK'). */
  countryCode: string;
  currency: string;
  locale: string;
  timeZone: string;
}

export type EntityType =
  | 'Company'
  | 'Trust'
  | 'Partnership'
  | 'Sole Trader'
  | 'Individual'
  | 'Superannuation Fund'
  | 'Close Corporation'
  | 'Limited Liability Partnership';

export interface BusinessName {
  name: string;
  entityType: EntityType;
}

/** Where a landline is: its area code follows the state (Australia) or the town (elsewhere). */
export type LandlinePlace = Pick<PostalAddress, 'city' | 'state'>;

/** The periodic sales-tax work of a country, in its own words: Australia's BAS, New Zealand's GST, VAT elsewhere. */
export interface SalesTaxWork {
  /** The catalogue service: "Business activity statements (BAS)". */
  service: string;
  detail: string;
  /** A job or a one-off line: "BAS lodgement". */
  job: string;
  /** The ledger sale item's code: "ACC-BAS". */
  saleItemCode: string;
}

export interface RegionProfile {
  region: Region;
  /** Practices in ANZ may be Australian or New Zealand; pick per practice. The first is the default. */
  countries: readonly CountryInfo[];
  /** 'GST' for ANZ, 'VAT' for UK and ZA. */
  taxLabel: string;
  /** The rate of the default (first) country. */
  taxRate: number;
  /** AU 0.10, NZ 0.15, GB 0.20, ZA 0.15. Throws for a country outside the region. */
  taxRateFor(countryCode: string): number;
  /** A person from the region's population mix; a country code (ANZ: 'AU' or 'NZ') tunes the mix. */
  personName(random: Random, countryCode?: string): PersonName;
  /** A client as it would appear on a practice's client list, with the legal suffix of the country (default: the first). */
  businessName(random: Random, countryCode?: string): BusinessName;
  address(random: Random, countryCode: string): PostalAddress;
  /**
   * National display format: AU "(02) 5550 1234", NZ "(09) 123 4567", UK "020 7946 0123", ZA "021 555 0123",
   * with the area code of the place it is written beside (an Adelaide address has an (08) number). Throws for a
   * place the region does not know.
   */
  landline(random: Random, countryCode: string, place: LandlinePlace): string;
  /** AU "0412 345 678", NZ "021 123 4567", UK "07700 900123", ZA "082 555 0123". */
  mobile(random: Random, countryCode: string): string;
  /** AU ABN "51 824 753 556", NZ GST "123-456-789", UK VAT "GB 123 4567 89", ZA VAT "4123456789"; all with valid check digits. */
  salesTaxNumber(random: Random, countryCode: string): string;
  /**
   * AU ACN "123 456 789", NZ company number "1234567", UK Companies House "01234567" / "SC123456"
   * ("OC123456" for an LLP), ZA CIPC "2019/123456/07" ("/23" for a close corporation).
   */
  companyRegistrationNumber(random: Random, countryCode: string, entityType?: EntityType): string;
  /** The sales-tax work as a practice of the country (default: the first) names it. */
  salesTaxWork(countryCode: string): SalesTaxWork;
  /** 3–4 office names for a practice in the region. */
  offices: readonly string[];
  /** The country an office is in ('NZ' for the ANZ practice's Auckland office): its clients are of that country. */
  officeCountryCode(office: string): string;
  /** 4–6 accounting-practice names for the region. */
  practiceNames: readonly string[];
  /** "Blue Wren Landscaping Pty Ltd" → "bluewrenlandscaping.com.au" (TLD of the country; default: the first). */
  emailDomainFor(name: string, countryCode?: string): string;
  /** Free and ISP mail domains individuals use in the region. */
  personalEmailDomains: readonly string[];
}
