import type { ProposalDetail, ProposalUpdateResult } from '../../../src-preload/contract/partner-api';
import { shiftDay, utcDay } from '../../../src-preload/contract/iso-day';
import { round2 } from '../data/dates';
import { badRequest, notFound } from '../http/api-problem';
import type { PracticeState } from '../state/practice-state';

/**
 * Proposals as the demo keeps them: finding one, pricing its lines, the result of an update, and new
 * drafts (duplicate, renew, adhoc, from a template).
 */
export function findProposal(practice: PracticeState, key: string): ProposalDetail {
  const proposal = practice.proposals.get(key);
  if (!proposal) throw notFound(`Proposal ${key} was not found.`);
  return proposal;
}

export type LineInput = { serviceID: number; quantity?: number | undefined; price?: number | undefined };

export function pricedLine(practice: PracticeState, input: LineInput, where: string) {
  const service = practice.services.find((s) => s.serviceID === input.serviceID);
  if (!service) throw badRequest(`${where}: service ${input.serviceID} is not in the catalog.`);
  const price = input.price ?? service.price;
  const quantity = input.quantity ?? 1;
  const taxAmount = round2(price * quantity * practice.profile.taxRate);
  return {
    serviceID: service.serviceID,
    serviceName: service.name,
    price,
    quantity,
    taxAmount,
    lineTotal: round2(price * quantity + taxAmount),
  };
}

export function recalculate(proposal: ProposalDetail): void {
  proposal.servicesTotal = round2(proposal.pricing.services.reduce((sum, line) => sum + line.lineTotal, 0));
  proposal.pricing.servicesTotal = proposal.servicesTotal;
  proposal.pricing.invoicesTotal = round2(proposal.pricing.invoices.reduce((sum, invoice) => sum + invoice.amount, 0));
}

/** Editing an accepted proposal changes what was agreed, so its billing needs a person to review it. */
export function updateResult(proposal: ProposalDetail): ProposalUpdateResult {
  const { pricing } = proposal;
  return {
    engagementKey: proposal.engagementKey,
    statusName: proposal.statusName,
    billingNeedsReview: proposal.statusName === 'Accepted',
    pricing: {
      engagementKey: pricing.engagementKey,
      name: pricing.name,
      statusName: proposal.statusName,
      createBills: pricing.createBills,
      servicesTotal: pricing.servicesTotal,
      invoicesTotal: pricing.invoicesTotal,
      services: pricing.services,
    },
    section: null,
  };
}

/** A new Draft copying pricing, billings and jobs (contract, States: duplicate and renew). */
export function copyAsDraft(
  practice: PracticeState,
  source: ProposalDetail,
  now: Date,
  overrides: Partial<ProposalDetail>,
): ProposalDetail {
  const engagementKey = crypto.randomUUID();
  const copy: ProposalDetail = structuredClone({
    ...source,
    proposalKey: crypto.randomUUID(),
    engagementKey,
    statusName: 'Draft' as const,
    createdOn: now.toISOString(),
    sentOn: null,
    acceptedOn: null,
    renewedFromKey: null,
    updatedOn: now.toISOString(),
    externalProjects: [],
    ...overrides,
  });
  copy.pricing.engagementKey = engagementKey;
  copy.pricing.statusName = 'Draft';
  practice.proposals.set(copy.proposalKey, copy);
  return copy;
}

/** A proposal's term runs a year: it ends 364 days after the day it starts. */
const termEndsOn = (startsOn: string): string => shiftDay(startsOn, 364);

/** A renewal's term: from the day after the proposal's ends (today when it has no end), for a year. */
export function renewalTerm(proposal: ProposalDetail, now: Date): { startsOn: string; endsOn: string } {
  const startsOn = proposal.endsOn ? shiftDay(proposal.endsOn, 1) : utcDay(now);
  return { startsOn, endsOn: termEndsOn(startsOn) };
}

export function newDraft(
  practice: PracticeState,
  now: Date,
  entityKey: string,
  name: string,
  createdByKey: string,
  lines: ReturnType<typeof pricedLine>[],
): ProposalDetail {
  const engagementKey = crypto.randomUUID();
  const startsOn = shiftDay(utcDay(now), 14);
  const proposal: ProposalDetail = {
    proposalKey: crypto.randomUUID(),
    engagementKey,
    entityKey,
    name,
    statusName: 'Draft',
    servicesTotal: 0,
    createdOn: now.toISOString(),
    sentOn: null,
    acceptedOn: null,
    startsOn,
    endsOn: termEndsOn(startsOn),
    renewedFromKey: null,
    updatedOn: now.toISOString(),
    signatoryName: null,
    signatoryEmail: null,
    createdByKey,
    pricing: {
      engagementKey,
      name,
      statusName: 'Draft',
      createBills: false,
      servicesTotal: 0,
      invoicesTotal: 0,
      services: lines,
      invoices: [],
      recurringBillings: [],
      jobs: [],
    },
    externalProjects: [],
  };
  recalculate(proposal);
  practice.proposals.set(proposal.proposalKey, proposal);
  return proposal;
}

export const created = (p: ProposalDetail) => ({
  proposalKey: p.proposalKey,
  engagementKey: p.engagementKey,
  statusName: 'Draft' as const,
});
