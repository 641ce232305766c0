import type { Lead } from '../../../src-preload/contract/partner-api';
import type { StatusColour } from '../onboardings/onboarding-status-colour';

/**
 * A lead status's colour by where the lead stands in the pipeline: new (to act on) blue, contacted (waiting
 * on the prospect) amber, qualified (a likely client) violet, converted (won) green, lost red. Complete by
 * type: a status added to the contract fails the build here until it has a colour.
 */
export const leadStatusColour = {
  New: 'blue',
  Contacted: 'amber',
  Qualified: 'violet',
  Converted: 'green',
  Lost: 'red',
} as const satisfies Record<Lead['statusName'], StatusColour | 'violet'>;
