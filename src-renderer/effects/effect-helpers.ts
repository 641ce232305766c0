import { clientReadId, type PracticeDb } from '../data/practice-db';

/** For the parts of an effect with nothing to do (a bill has no row here until the practice answers). */
export const nothing = async (): Promise<void> => {};

/**
 * A client whose bills or proposals gained a record has that list marked stale, so opening the tab
 * online reads it again instead of trusting a ten-minute-old copy.
 */
export async function markStale(
  db: PracticeDb,
  entityKey: string | null | undefined,
  part: 'bills' | 'proposals',
): Promise<void> {
  if (entityKey) await db.clientReads.delete(clientReadId(entityKey, part));
}
