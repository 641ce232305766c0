import { z } from 'zod';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import {
  applyExternalProjects,
  duplicateSchema,
  externalProjectsPutSchema,
  proposalUpdateResultSchema,
} from '../../src-preload/contract/partner-api';
import { newProposalEffect } from './new-proposal-effect';
import type { Effect } from './outbox-effect';
import { markStale, nothing } from './effect-helpers';
import type { PracticeDb } from '../data/practice-db';

const proposalKeyOf = (entry: OutboxEntry) => String(entry.payload.params['key'] ?? '');

/** What a services write is done with: the practice's pricing, in an update result or as read. */
const practicePricingSchema = z.object({
  pricing: proposalUpdateResultSchema.shape.pricing.pick({ services: true, servicesTotal: true, invoicesTotal: true }),
});

/** The stored detail and summary take the practice's lines and totals. */
async function takePracticePricing(db: PracticeDb, entry: OutboxEntry): Promise<void> {
  const now = entry.updatedAt;
  const result = practicePricingSchema.safeParse(entry.result);
  if (!result.success) return;
  const key = proposalKeyOf(entry);
  const { pricing } = result.data;
  const detail = await db.proposalDetails.get(key);
  if (detail)
    await db.proposalDetails.put({
      ...detail,
      servicesTotal: pricing.servicesTotal,
      updatedOn: now,
      pricing: {
        ...detail.pricing,
        services: pricing.services,
        servicesTotal: pricing.servicesTotal,
        invoicesTotal: pricing.invoicesTotal,
      },
    });
  await db.proposals.update(key, { servicesTotal: pricing.servicesTotal, updatedOn: now });
}

/**
 * Proposal writes have no row of their own until the practice answers (they show as pending actions on
 * the proposal and its client). Once done, the local copy catches up: an edit's answer goes into the
 * stored proposal, and a client that gained a proposal has its list marked stale.
 */
export const proposalEffects = {
  'proposal.createFromTemplate': newProposalEffect,
  'proposal.create': newProposalEffect,
  'proposal.duplicate': {
    tables: ['clientReads'],
    apply: nothing,
    async settle(db, entry) {
      const body = duplicateSchema.safeParse(entry.payload.body);
      await markStale(db, (body.success ? body.data.entityKey : undefined) ?? entry.entityKey, 'proposals');
    },
    revert: nothing,
  },
  'proposal.renew': {
    tables: ['proposals', 'proposalDetails', 'clientReads'],
    apply: nothing,
    async settle(db, entry) {
      const now = entry.updatedAt;
      // Contract (States): the original becomes Renewed.
      const key = proposalKeyOf(entry);
      await db.proposals.update(key, { statusName: 'Renewed', updatedOn: now });
      const detail = await db.proposalDetails.get(key);
      if (detail)
        await db.proposalDetails.put({
          ...detail,
          statusName: 'Renewed',
          updatedOn: now,
          pricing: { ...detail.pricing, statusName: 'Renewed' },
        });
      await markStale(db, entry.entityKey, 'proposals');
    },
    revert: nothing,
  },
  'proposal.replaceServices': {
    tables: ['proposalDetails', 'proposals'],
    apply: nothing,
    settle: takePracticePricing,
    revert: nothing,
  },
  // A line edit settles the same way: its answer (or, when every line already was as edited, the lines
  // main read before sending) is the whole pricing as the practice has it.
  'proposal.editServices': {
    tables: ['proposalDetails', 'proposals'],
    apply: nothing,
    settle: takePracticePricing,
    revert: nothing,
  },
  'proposal.replaceExternalProjects': {
    tables: ['proposalDetails'],
    apply: nothing,
    async settle(db, entry) {
      const now = entry.updatedAt;
      const body = externalProjectsPutSchema.safeParse(entry.payload.body);
      const detail = await db.proposalDetails.get(proposalKeyOf(entry));
      if (body.success && detail)
        await db.proposalDetails.put({
          ...detail,
          updatedOn: now,
          externalProjects: applyExternalProjects(detail.externalProjects, body.data.externalProjects),
        });
    },
    revert: nothing,
  },
} satisfies Record<
  | 'proposal.createFromTemplate'
  | 'proposal.create'
  | 'proposal.duplicate'
  | 'proposal.renew'
  | 'proposal.replaceServices'
  | 'proposal.editServices'
  | 'proposal.replaceExternalProjects',
  Effect
>;
