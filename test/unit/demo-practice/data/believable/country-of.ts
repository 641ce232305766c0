import { AU_LOCALITIES, NZ_LOCALITIES } from '../../../../../src-main/demo-practice/data/regions/anz-places';
import { UK_TOWNS } from '../../../../../src-main/demo-practice/data/regions/uk-places';
import { ZA_LOCALITIES } from '../../../../../src-main/demo-practice/data/regions/za-places';

// What a client's details look like in each country, written from the place tables and the national
// formats rather than from the generator, so a client of one country drawn with another's details shows.

export type CountryCode = 'AU' | 'NZ' | 'GB' | 'ZA';

/** The country a place (an office's city) is in, from the place tables. */
export function countryOfPlace(place: string): CountryCode | undefined {
  if (AU_LOCALITIES.some((l) => l.suburb === place)) return 'AU';
  if (NZ_LOCALITIES.some((l) => l.city === place)) return 'NZ';
  if (UK_TOWNS.some((t) => t.town === place)) return 'GB';
  if (ZA_LOCALITIES.some((l) => l.city === place)) return 'ZA';
  return undefined;
}

const auLastLines = new Set(AU_LOCALITIES.map((l) => `${l.suburb} ${l.state} ${l.postcode}`));
const nzLastLines = new Set(NZ_LOCALITIES.map((l) => `${l.city} ${l.postcode}`));
const zaLastLines = new Set(ZA_LOCALITIES.map((l) => `${l.city} ${l.province} ${l.postcode}`));

function isUkLastLine(line: string): boolean {
  const match = /^(.*) ([A-Z]{1,2}\d[A-Z\d]?) \d[A-Z]{2}$/.exec(line);
  if (!match) return false;
  const [, place, district] = match;
  return UK_TOWNS.some(
    (t) => [t.town, `${t.town} ${t.county ?? ''}`.trim()].includes(place ?? '') && t.districts.includes(district ?? ''),
  );
}

/** True if the last address line (town, state or county, postcode) is a real place of the country. */
export function isLocalityOf(country: CountryCode, lastLine: string): boolean {
  if (country === 'AU') return auLastLines.has(lastLine);
  if (country === 'NZ') return nzLastLines.has(lastLine);
  if (country === 'ZA') return zaLastLines.has(lastLine);
  return isUkLastLine(lastLine);
}

interface NationalFormats {
  mobile: RegExp;
  landline: RegExp;
  salesTaxNumber: RegExp;
  /** The top-level domain a business of the country uses. */
  businessDomain: RegExp;
}

export const FORMATS: Readonly<Record<CountryCode, NationalFormats>> = {
  AU: {
    mobile: /^04\d{2} \d{3} \d{3}$/,
    landline: /^\(0[2378]\) \d{4} \d{4}$/,
    salesTaxNumber: /^\d{2} \d{3} \d{3} \d{3}$/,
    businessDomain: /\.com\.au$/,
  },
  NZ: {
    mobile: /^02\d \d{3} \d{4}$/,
    landline: /^\(0[34679]\) \d{3} \d{4}$/,
    salesTaxNumber: /^\d{3}-\d{3}-\d{3}$/,
    businessDomain: /\.co\.nz$/,
  },
  GB: {
    mobile: /^07\d{3} \d{6}$/,
    landline: /^0\d{2,4} \d{3,6}(?: \d{3,4})?$/,
    salesTaxNumber: /^GB \d{3} \d{4} \d{2}$/,
    businessDomain: /\.co\.uk$/,
  },
  ZA: {
    mobile: /^0[678]\d \d{3} \d{4}$/,
    landline: /^0\d{2} \d{3} \d{4}$/,
    salesTaxNumber: /^4\d{9}$/,
    businessDomain: /\.co\.za$/,
  },
};

const COUNTRY_TLD: Readonly<Record<CountryCode, string>> = { AU: '.au', NZ: '.nz', GB: '.uk', ZA: '.za' };

/** An e-mail address at a domain of another country (a New Zealander at bigpond.com.au, say). */
export function isForeignEmail(country: CountryCode, email: string): boolean {
  return (Object.keys(COUNTRY_TLD) as CountryCode[]).some((c) => c !== country && email.endsWith(COUNTRY_TLD[c]));
}
