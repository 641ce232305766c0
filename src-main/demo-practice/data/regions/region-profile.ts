/**
 * Regional data profiles for the demo-practice generator: names, business names, addresses, phone
 * numbers, tax and company numbers as they look in Australia and New Zealand (ANZ), the United
 * Kingdom (UK) and South Africa (ZA). Every generator takes the Random it draws from, so the output
 * is a pure function of the seed.
 */
import { anzProfile } from './anz';
import type { Region, RegionProfile } from './region-types';
import { ukProfile } from './uk';
import { zaProfile } from './za';

export type { PersonName } from './names';
export type { BusinessName, CountryInfo, EntityType, PostalAddress, Region, RegionProfile } from './region-types';

const PROFILES: Readonly<Record<Region, RegionProfile>> = { ANZ: anzProfile, UK: ukProfile, ZA: zaProfile };

export function regionProfile(region: Region): RegionProfile {
  return PROFILES[region];
}
