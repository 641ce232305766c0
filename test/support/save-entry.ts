import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../../src-renderer/data/practice-db';
import { saveEntryIf } from '../../src-renderer/outbox/outbox-db';

/**
 * Stores a changed entry over the one stored now, to set up a state: through the queue's own
 * compare-and-set (`saveEntryIf`), so a done entry settles its local effect in the same transaction.
 */
export async function saveEntry(db: PracticeDb, entry: OutboxEntry): Promise<void> {
  const stored = await db.outbox.where('id').equals(entry.id).first();
  if (!stored) throw new Error(`No entry ${entry.id} is stored: enqueue it first.`);
  if (!(await saveEntryIf(db, entry, stored))) throw new Error(`Entry ${entry.id} changed while it was saved.`);
}
