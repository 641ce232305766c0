import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../data/practice-db';
import { readOpenEntries } from './outbox-db';
import { effectOf } from '../effects/local-effects';
import type { SyncedRow } from '../effects/outbox-effect';

const keyOfRecord: Record<SyncedRow['table'], (record: unknown) => unknown> = {
  contacts: (record) => (record as { entityContactID?: unknown }).entityContactID,
  onboardings: (record) => (record as { onboardingKey?: unknown }).onboardingKey,
};

export const rowsEditedLocally = (resource: string): resource is SyncedRow['table'] =>
  Object.hasOwn(keyOfRecord, resource);

/**
 * Runs inside a sync page's ingest transaction, after its rows were stored: every unsent local edit of
 * one of those rows (an edited contact, recipients, a completed onboarding) is applied again on top, in
 * queue order, so the screen keeps showing what the user typed — marked as not yet sent — instead of the
 * practice's older copy. The entry's undo becomes the practice's newest version of the row. When the
 * practice answers, its record replaces both (the effect's settle).
 */
export async function reapplyUnsent(
  db: PracticeDb,
  table: SyncedRow['table'],
  records: readonly unknown[],
): Promise<void> {
  const keys = new Set(records.map(keyOfRecord[table]));
  if (keys.size === 0) return;
  for (const entry of await readOpenEntries(db)) {
    const row = effectOf(entry.operation)?.editsSyncedRow;
    if (row?.table !== table) continue;
    const key = row.keyOf(entry);
    if (key === null || !keys.has(key)) continue;
    // As of when it was queued: what the user did then, not now.
    const applied = await effectOf(entry.operation)!.apply(db, entry, entry.createdAt);
    if (applied && applied.undo !== undefined)
      await db.outbox.put({ ...entry, undo: applied.undo } satisfies OutboxEntry);
  }
}
