import type { Table } from 'dexie';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../data/practice-db';

// The shapes every operation's local effect shares. Each domain's effects live with its operations
// (effects/<domain>-effects.ts); the outbox machinery reads them through effects/local-effects.ts.

/** A record shown before the practice has it: marked with the entry that will create or change it. */
export type Pending<T> = T & { pendingOutboxId?: string };

/** The practice database's tables an effect may read or write (the outbox itself is always in the transaction). */
export type EffectTable = Exclude<
  { [K in keyof PracticeDb]: PracticeDb[K] extends Table ? K : never }[keyof PracticeDb],
  'outbox'
>;

/**
 * The local effect of a queued write, applied in the same Dexie transaction as the entry itself
 * (see outbox-db.ts), so the screens show it at once and a crash cannot separate the two:
 * - apply: on queue (and again after an edit),
 * - settle: once done, the placeholder gives way to the practice's own record,
 * - revert: on discard, the local data goes back to what it was.
 * Writes without a row of their own (bills, proposal edits …) show as "pending actions" on the client
 * and catch up once done (see billing/bill-effects.ts and proposals/proposal-effects.ts).
 */
export interface Effect {
  /**
   * Every table apply, settle and revert touch. The outbox transaction takes exactly these (and the
   * outbox): a table left out makes Dexie refuse the effect, so the list cannot drift from the code.
   */
  tables: readonly EffectTable[];
  apply(db: PracticeDb, entry: OutboxEntry, now: string): Promise<{ undo: unknown } | void>;
  settle(db: PracticeDb, entry: OutboxEntry): Promise<void>;
  revert(db: PracticeDb, entry: OutboxEntry): Promise<void>;
  /**
   * The synced row the effect edits in place. A sync page carrying that row would hide the edit, so the
   * page's ingest applies the effect again on top (outbox/reapply-unsent.ts) until the practice answers.
   */
  editsSyncedRow?: SyncedRow;
}

/** An operation that changes nothing on this laptop until the practice answers, and why. */
export interface NoLocalEffect {
  noLocalEffect: string;
}

/** Every operation has one or the other: a missing effect is a decision written down, not a hole. */
export type EffectPart = Effect | NoLocalEffect;

export const noLocalEffect = (reason: string): NoLocalEffect => ({ noLocalEffect: reason });

export const isLocalEffect = (part: EffectPart): part is Effect => !('noLocalEffect' in part);

export interface SyncedRow {
  table: 'contacts' | 'onboardings';
  /** The row's key in an entry (null: the row is itself still pending). */
  keyOf(entry: OutboxEntry): string | number | null;
}
