import { adhocProposalSchema, fromTemplateSchema } from '../../src-preload/contract/partner-api';
import type { Effect } from './outbox-effect';
import { markStale, nothing } from './effect-helpers';

/**
 * A new proposal has no row until the practice answers: the client's Proposals tab lists its open entry
 * as a Draft waiting to be sent (features/clients/tabs/NewProposal.tsx) — a row keyed by anything but the
 * practice's key would be dropped, or doubled, by the next read of the list. Once done, the client's list
 * is marked stale, so the tab reads it again and the practice's own row, with its own pricing, takes the
 * place of the waiting one. (No pricing here: this module is in the start bundle, the editor's is not.)
 */
export const newProposalEffect = {
  tables: ['clientReads'],
  apply: nothing,
  async settle(db, entry) {
    const adhoc = adhocProposalSchema.safeParse(entry.payload.body);
    const fromTemplate = fromTemplateSchema.safeParse(entry.payload.body);
    const entityKey = adhoc.success ? adhoc.data.entityKey : fromTemplate.success ? fromTemplate.data.entityKey : null;
    await markStale(db, entityKey ?? entry.entityKey, 'proposals');
  },
  revert: nothing,
} satisfies Effect;
