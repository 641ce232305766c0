import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import {
  applyExternalProjects,
  billCreateSchema,
  duplicateSchema,
  externalProjectsPutSchema,
  proposalUpdateResultSchema,
} from '../../src-preload/contract/partner-api';
import { clientReadId, type PracticeDb } from '../practice/practice-db';
import type { Effect } from './outbox-effect';

/**
 * Bills and proposal edits have no row of their own until the practice answers (the queued write shows
 * as a pending action on its client and proposal). Once done, the local copy catches up: an edit's
 * answer goes into the stored proposal, and a client whose bills or proposals gained a record has that
 * list marked stale, so opening the tab online reads it again instead of trusting a ten-minute-old copy.
 */
async function markStale(
  db: PracticeDb,
  entityKey: string | null | undefined,
  part: 'bills' | 'proposals',
): Promise<void> {
  if (entityKey) await db.clientReads.delete(clientReadId(entityKey, part));
}

const proposalKeyOf = (entry: OutboxEntry) => String(entry.payload.params['key'] ?? '');

const nothing = async () => {};

export const moneyEffects = {
  'bill.createAdhoc': {
    apply: nothing,
    async settle(db, entry) {
      const body = billCreateSchema.safeParse(entry.payload.body);
      await markStale(db, body.success ? body.data.entityKey : entry.entityKey, 'bills');
    },
    revert: nothing,
  },
  'proposal.duplicate': {
    apply: nothing,
    async settle(db, entry) {
      const body = duplicateSchema.safeParse(entry.payload.body);
      await markStale(db, (body.success ? body.data.entityKey : undefined) ?? entry.entityKey, 'proposals');
    },
    revert: nothing,
  },
  'proposal.renew': {
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
    apply: nothing,
    async settle(db, entry) {
      const now = entry.updatedAt;
      const result = proposalUpdateResultSchema.safeParse(entry.result);
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
    },
    revert: nothing,
  },
  'proposal.replaceExternalProjects': {
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
} satisfies Record<string, Effect>;
