import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../practice/practice-db';

// The shapes every effect module shares. They live apart from optimistic-effects.ts, which gathers the effects,
// so that money-effects.ts and onboarding-effects.ts do not import the module that imports them.

/** A record shown before the practice has it: marked with the entry that will create or change it. */
export type Pending<T> = T & { pendingOutboxId?: string };

/**
 * The local effect of each queued write, applied in the same Dexie transaction as the entry itself
 * (see outbox-db.ts), so the screens show it at once and a crash cannot separate the two:
 * - apply: on queue (and again after an edit),
 * - settle: once done, the placeholder gives way to the practice's own record,
 * - revert: on discard, the local data goes back to what it was.
 * Writes without a row of their own (eForms, ID checks, bills, proposal edits …) show as "pending actions"
 * on the client (see money-effects.ts for how bills and proposals catch up once done).
 */
export interface Effect {
  apply(db: PracticeDb, entry: OutboxEntry, now: string): Promise<{ undo: unknown } | void>;
  settle(db: PracticeDb, entry: OutboxEntry): Promise<void>;
  revert(db: PracticeDb, entry: OutboxEntry): Promise<void>;
  /**
   * The synced row the effect edits in place. A sync page carrying that row would hide the edit, so the
   * page's ingest applies the effect again on top (outbox/reapply-unsent.ts) until the practice answers.
   */
  editsSyncedRow?: SyncedRow;
}

export interface SyncedRow {
  table: 'contacts' | 'onboardings';
  /** The row's key in an entry (null: the row is itself still pending). */
  keyOf(entry: OutboxEntry): string | number | null;
}
