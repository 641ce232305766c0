import type { PracticeDb } from '../data/practice-db';

/**
 * Entries not yet sent or settled, for the navigation badge and the sign-out warning. Counted on the
 * status index, without parsing: an unreadable stored entry is unsent too. Apart from outbox-db.ts, which
 * parses entries with the contract's schemas, so the shell's badge counts without loading them.
 */
export function countOpen(db: PracticeDb): Promise<number> {
  return db.outbox.where('status').noneOf(['done', 'discarded']).count();
}
