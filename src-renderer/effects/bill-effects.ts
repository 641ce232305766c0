import { billCreateSchema } from '../../src-preload/contract/partner-api';
import type { Effect } from './outbox-effect';
import { markStale, nothing } from './effect-helpers';

/**
 * A bill has no row of its own until the practice answers (the queued write shows as a pending action
 * on its client). Once done, the client's bills are marked stale so the tab reads them again online.
 */
export const billEffects = {
  'bill.createAdhoc': {
    tables: ['clientReads'],
    apply: nothing,
    async settle(db, entry) {
      const body = billCreateSchema.safeParse(entry.payload.body);
      await markStale(db, body.success ? body.data.entityKey : entry.entityKey, 'bills');
    },
    revert: nothing,
  },
} satisfies Record<'bill.createAdhoc', Effect>;
