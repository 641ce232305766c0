import type { Lead } from '../../../src-preload/contract/partner-api';
import { foldForSearch } from '../../search';

/** A lead's status, or '' for any. */
export interface LeadView {
  query: string;
  status: string;
}

interface IndexedLead {
  lead: Lead;
  /** Folded name, surname, company, email and mobile, plus the mobile's digits alone. */
  search: string;
}

/**
 * One snapshot of the leads, most recently changed first (what someone following up wants on top),
 * each with its search text computed once, so a keystroke is a single pass.
 */
export function indexLeads(leads: readonly Lead[]): readonly IndexedLead[] {
  // Timestamps may carry different offsets, so they are compared as instants, parsed once each.
  const time = new Map(leads.map((l) => [l.leadKey, Date.parse(l.updatedOn) || 0]));
  return [...leads]
    .sort((a, b) => time.get(b.leadKey)! - time.get(a.leadKey)! || a.leadID - b.leadID)
    .map((lead) => ({
      lead,
      search: foldForSearch(
        [lead.name, lead.surname, lead.companyName, lead.email, lead.mobile, lead.mobile?.replace(/\D/g, '')].join(' '),
      ),
    }));
}

/**
 * The leads a view shows. Case- and accent-insensitive over name, company, email and mobile; three or
 * more digits also match a mobile however it was typed ("0412 345" finds "0412345678").
 */
export function filterLeads(index: readonly IndexedLead[], view: LeadView): Lead[] {
  const needle = foldForSearch(view.query.trim());
  const digits = view.query.replace(/\D/g, '');
  const byDigits = digits.length >= 3;
  const result: Lead[] = [];
  for (const { lead, search } of index) {
    if (view.status && lead.statusName !== view.status) continue;
    if (needle && !search.includes(needle) && !(byDigits && search.includes(digits))) continue;
    result.push(lead);
  }
  return result;
}
