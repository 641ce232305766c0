import { z } from 'zod';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import { contactCreateSchema, contactSchema, leadCreateSchema, leadNoteCreateSchema, leadNoteSchema, leadSchema, proposalDetailSchema, proposalSummarySchema } from '../../src-preload/contract/partner-api';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { readAllPages } from '../partner-api/paging';
import { verifyAdhocBill } from './verify-adhoc-bill';

/** `queuedAt`: when the entry was queued; a record made before then cannot be this write's. */
export type Verifier = (api: PartnerApiClient, params: Record<string, string | number>, body: unknown, queuedAt: string | null) => Promise<OutboxVerdict>;

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Reads that settle an interrupted create: if the record is there, the write arrived (and its record is
 * the result); if not, it did not, and sending again cannot double it. Only where the match is
 * unambiguous — two same-named contacts on one client could be a real pair, so a match also needs the
 * same email and mobile. Operations without a verifier become needs-review after an ambiguous send.
 */
export const verifiers: Partial<Record<OperationName, Verifier>> = {
  async 'contact.create'(api, params, body) {
    const wanted = contactCreateSchema.parse(body);
    const { data } = await api.request('GET', `/entities/${encodeURIComponent(String(params['entityKey']))}/contacts`, z.array(contactSchema), { priority: 'outbox' });
    const found = data.find((c) => !c.isDeleted && same(c.contactName, wanted.contactName) && same(c.contactSurname, wanted.contactSurname) && same(c.email, wanted.email) && same(c.mobile, wanted.mobile));
    return found ? { verdict: 'found', result: found } : { verdict: 'absent', note: 'The client has no contact with this name, email and mobile.' };
  },

  async 'lead.create'(api, _params, body) {
    const wanted = leadCreateSchema.parse(body);
    // searchFilter narrows to a page or two, read to its end by the one paging rule.
    const all = await readAllPages(async (pageNumber) => {
      const page = await api.list('/leads/list', leadSchema, { priority: 'outbox', query: { searchFilter: wanted.name, pageNumber } });
      return { data: page.data, rejected: page.rejected.length };
    }, (lead) => lead.leadKey);
    const matches = all.data.filter((l) => same(l.name, wanted.name) && same(l.surname, wanted.surname) && same(l.email, wanted.email) && same(l.companyName, wanted.companyName));
    if (matches.length > 1) return { verdict: 'unknown', reason: 'More than one lead with these details exists at the practice.' };
    return matches[0] ? { verdict: 'found', result: matches[0] } : { verdict: 'absent', note: `No lead named ${wanted.name} ${wanted.surname ?? ''} at the practice.`.replace(/ +\./, '.') };
  },

  async 'lead.addNote'(api, params, body) {
    const wanted = leadNoteCreateSchema.parse(body);
    const { data } = await api.request('GET', `/leads/${encodeURIComponent(String(params['leadKey']))}/notes`, z.array(leadNoteSchema), { priority: 'outbox' });
    const found = data.filter((n) => n.text.trim() === wanted.text.trim());
    if (found.length > 1) return { verdict: 'unknown', reason: 'This note appears more than once on the lead.' };
    return found[0] ? { verdict: 'found', result: found[0] } : { verdict: 'absent', note: 'The lead has no note with this text.' };
  },

  // A renewal leaves a mark nothing else does: a proposal of the client whose renewedFromKey is this one.
  async 'proposal.renew'(api, params) {
    const key = String(params['key']);
    const { data: source } = await api.request('GET', `/proposals/${encodeURIComponent(key)}`, proposalDetailSchema, { priority: 'outbox' });
    const page = await api.list('/proposals/list', proposalSummarySchema, { priority: 'outbox', query: { entityKey: source.entityKey } });
    const renewals = page.data.filter((p) => p.renewedFromKey === key);
    if (renewals.length > 1) return { verdict: 'unknown', reason: 'This proposal has been renewed more than once at the practice.' };
    const renewal = renewals[0];
    return renewal ? { verdict: 'found', result: { proposalKey: renewal.proposalKey, engagementKey: renewal.engagementKey, statusName: 'Draft' } } : { verdict: 'absent', note: 'The client has no proposal renewed from this one.' };
  },

  'bill.createAdhoc': verifyAdhocBill,

  // The contract lists no ID verifications or AML checks: only a finished check's certificate can be read,
  // which says nothing about a request sent minutes ago. Said plainly, so the person deciding knows.
  async 'identity.sendVerification'() {
    return { verdict: 'unknown', reason: 'The practice offers no list of ID verifications sent, so the app cannot check whether this one arrived. Ask the client whether the invitation came.' };
  },
  async 'identity.runAmlCheck'() {
    return { verdict: 'unknown', reason: 'The practice offers no list of AML checks, so the app cannot check whether this one ran. Look at the client in the practice before running it again.' };
  },
};
