import type { Random } from './random';
import type { EntityType, RegionProfile } from './regions/region-profile';

/** The country-code top-level domain, as it ends a mail domain ('GB' → '.uk'). */
const tldOf = (countryCode: string): string => `.${countryCode === 'GB' ? 'uk' : countryCode.toLowerCase()}`;

/**
 * The personal mail domains people of one country of the region use: the region's list without the
 * other countries' national domains (a New Zealander's mail is not at optusnet.com.au).
 */
export function localEmailDomains(region: RegionProfile, countryCode: string): readonly string[] {
  const foreign = region.countries.filter((c) => c.countryCode !== countryCode).map((c) => tldOf(c.countryCode));
  return region.personalEmailDomains.filter((domain) => !foreign.some((tld) => domain.endsWith(tld)));
}

/** The legal forms a prospect's business is written with: a company, a close corporation or an LLP. */
const COMPANY_FORMS: ReadonlySet<EntityType> = new Set([
  'Company',
  'Close Corporation',
  'Limited Liability Partnership',
]);

/**
 * A company's name for a lead's business ("Blue Wren Landscaping Pty Ltd"), never a person's name, a
 * partnership of surnames or a family trust as the region's client mix would sometimes give.
 */
export function companyName(random: Random, region: RegionProfile, countryCode: string): string {
  for (;;) {
    const business = region.businessName(random, countryCode);
    if (COMPANY_FORMS.has(business.entityType)) return business.name;
  }
}
