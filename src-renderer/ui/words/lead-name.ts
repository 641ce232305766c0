import type { Lead } from '../../../src-preload/contract/partner-api';

/**
 * "Ana Silva", or the company when a lead has no usable name. With the wording, not the leads screen: the
 * leads' operations name a lead in their summaries too, and they sit below the screens.
 */
export function leadName(lead: Pick<Lead, 'name' | 'surname' | 'companyName'>): string {
  return [lead.name, lead.surname].filter(Boolean).join(' ') || lead.companyName || 'Unnamed lead';
}
