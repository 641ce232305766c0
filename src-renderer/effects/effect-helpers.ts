import type { IndexableType, Table } from 'dexie';
import type { z } from 'zod';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import { clientReadId, type PracticeDb } from '../data/practice-db';
import type { Effect, Pending } from './outbox-effect';

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

/**
 * How a create shown at once as a placeholder row ends: settled, the placeholder gives way to the practice's
 * record (when its answer parses as one); reverted, the placeholder simply goes. The placeholder is found by
 * its key (derived from the entry), not by scanning the table, since settle runs once per sent entry.
 */
export function placeholderEnds<T, K extends IndexableType>(
  table: (db: PracticeDb) => Table<Pending<T>, K>,
  placeholderKey: (entry: OutboxEntry) => K,
  recordSchema: z.ZodType<T>,
): Pick<Effect, 'settle' | 'revert'> {
  const drop = async (db: PracticeDb, entry: OutboxEntry): Promise<void> => {
    await table(db).delete(placeholderKey(entry));
  };
  return {
    async settle(db, entry) {
      await drop(db, entry);
      const created = recordSchema.safeParse(entry.result);
      if (created.success) await table(db).put(created.data as Pending<T>);
    },
    revert: drop,
  };
}
