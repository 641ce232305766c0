import type { PinOwner } from '../../src-preload/contract/client-facing';
import type { PracticeDb } from '../data/practice-db';
import { readMe } from '../who-am-i/who-am-i';

/**
 * Whose PIN "Show to client" asks for now: the practice's, for the staff member chosen as "This is me" on
 * this laptop (nobody, when none was chosen). Read from the practice's database at the moment it is needed,
 * so a choice made a moment ago in Settings, or another practice joined since, is never missed.
 */
export async function pinOwnerNow(db: PracticeDb): Promise<PinOwner> {
  return { practiceKey: db.practiceKey, userKey: (await readMe(db))?.userKey ?? null };
}
