import { z } from 'zod';
import { countOf } from '../../src-preload/contract/counts';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import {
  contactCreateSchema,
  contactSchema,
  leadCreateSchema,
  leadNoteCreateSchema,
  leadNoteSchema,
  leadSchema,
  proposalDetailSchema,
  proposalSummarySchema,
} from '../../src-preload/contract/partner-api';
import { readAllPages } from '../partner-api/paging';
import { verifyAdhocBill } from './verify-adhoc-bill';
import { verifyAdhocProposal, verifyProposalFromTemplate } from './verify-new-proposal';
import type { Verifier } from './verify-context';

/**
 * "Absent" must mean nothing that could be this write exists: a record with the same name but other
 * details may be this one, changed at the practice since (sending again would double it), so it is
 * "unknown" and a person decides.
 */
function settleByName<T>(sameName: T[], exact: (record: T) => boolean, what: string): OutboxVerdict {
  const exactly = sameName.filter(exact);
  if (exactly.length === 1 && sameName.length === 1) return { verdict: 'found', result: exactly[0] };
  if (sameName.length === 0) return { verdict: 'absent', note: `No ${what} with this name at the practice.` };
  return {
    verdict: 'unknown',
    reason: `The practice has ${sameName.length === 1 ? `a ${what}` : countOf(sameName.length, what)} with this name but not exactly these details: it may be this one, changed since.`,
  };
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Reads that settle an interrupted create: if the record is there, the write arrived (and its record is
 * the result); if not, it did not, and sending again cannot double it. Only where the match is
 * unambiguous — two same-named contacts on one client could be a real pair, so a match also needs the
 * same email and mobile. Operations without a verifier become needs-review after an ambiguous send.
 */
export const verifiers: Partial<Record<OperationName, Verifier>> = {
  async 'contact.create'(api, params, body, { claimed }) {
    const wanted = contactCreateSchema.parse(body);
    const { data } = await api.request(
      'GET',
      `/entities/${encodeURIComponent(String(params['entityKey']))}/contacts`,
      z.array(contactSchema),
      { priority: 'outbox' },
    );
    const sameName = data.filter(
      (c) =>
        !claimed.has(c.entityContactID) &&
        same(c.contactName, wanted.contactName) &&
        same(c.contactSurname, wanted.contactSurname),
    );
    return settleByName(
      sameName,
      (c) => !c.isDeleted && same(c.email, wanted.email) && same(c.mobile, wanted.mobile),
      'contact of the client',
    );
  },

  async 'lead.create'(api, _params, body, { claimed }) {
    const wanted = leadCreateSchema.parse(body);
    // searchFilter narrows to a page or two, read to its end by the one paging rule.
    const all = await readAllPages(
      async (pageNumber) => {
        const page = await api.list('/leads/list', leadSchema, {
          priority: 'outbox',
          query: { searchFilter: wanted.name, pageNumber },
        });
        return { data: page.data, rejected: page.rejected.length };
      },
      (lead) => lead.leadKey,
    );
    const sameName = all.data.filter(
      (l) => !claimed.has(l.leadKey) && same(l.name, wanted.name) && same(l.surname, wanted.surname),
    );
    return settleByName(
      sameName,
      (l) => same(l.email, wanted.email) && same(l.companyName, wanted.companyName),
      'lead',
    );
  },

  async 'lead.addNote'(api, params, body) {
    const wanted = leadNoteCreateSchema.parse(body);
    const { data } = await api.request(
      'GET',
      `/leads/${encodeURIComponent(String(params['leadKey']))}/notes`,
      z.array(leadNoteSchema),
      { priority: 'outbox' },
    );
    const found = data.filter((n) => n.text.trim() === wanted.text.trim());
    if (found.length > 1) return { verdict: 'unknown', reason: 'This note appears more than once on the lead.' };
    return found[0]
      ? { verdict: 'found', result: found[0] }
      : { verdict: 'absent', note: 'The lead has no note with this text.' };
  },

  // A renewal leaves a mark nothing else does: a proposal of the client whose renewedFromKey is this one.
  async 'proposal.renew'(api, params) {
    const key = String(params['key']);
    const { data: source } = await api.request('GET', `/proposals/${encodeURIComponent(key)}`, proposalDetailSchema, {
      priority: 'outbox',
    });
    const page = await api.list('/proposals/list', proposalSummarySchema, {
      priority: 'outbox',
      query: { entityKey: source.entityKey },
    });
    const renewals = page.data.filter((p) => p.renewedFromKey === key);
    if (renewals.length > 1)
      return { verdict: 'unknown', reason: 'This proposal has been renewed more than once at the practice.' };
    const renewal = renewals[0];
    return renewal
      ? {
          verdict: 'found',
          result: { proposalKey: renewal.proposalKey, engagementKey: renewal.engagementKey, statusName: 'Draft' },
        }
      : { verdict: 'absent', note: 'The client has no proposal renewed from this one.' };
  },

  'proposal.createFromTemplate': verifyProposalFromTemplate,
  'proposal.create': verifyAdhocProposal,

  'bill.createAdhoc': verifyAdhocBill,

  // The contract lists no ID verifications or AML checks: only a finished check's certificate can be read,
  // which says nothing about a request sent minutes ago. Said plainly, so the person deciding knows.
  async 'identity.sendVerification'() {
    return {
      verdict: 'unknown',
      reason:
        'The practice offers no list of ID verifications sent, so the app cannot check whether this one arrived. Ask the client whether the invitation came.',
    };
  },
  async 'identity.runAmlCheck'() {
    return {
      verdict: 'unknown',
      reason:
        'The practice offers no list of AML checks, so the app cannot check whether this one ran. Look at the client in the practice before running it again.',
    };
  },
};
