import { operations, type OperationDef } from '../../src-preload/contract/outbox/operations';
import { validateQueuedPayload } from '../../src-preload/contract/outbox/payload-check';
import { outboxEntrySchema, type OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../data/practice-db';
import { effectOf, entryTables } from '../effects/local-effects';
import { discard, iso, newEntry, requeue, type NewEntry } from './outbox-state';

export class OutboxValidationError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues.map((i) => i.message).join(' '));
    this.name = 'OutboxValidationError';
  }
}

/**
 * Every stored entry, parsed: the database is a border too (an older build or a damaged file must not
 * crash the replayer). Entries that do not parse are counted and left untouched for export.
 */
export async function readEntries(db: PracticeDb): Promise<{ entries: OutboxEntry[]; unreadable: unknown[] }> {
  const entries: OutboxEntry[] = [];
  const unreadable: unknown[] = [];
  for (const raw of await db.outbox.orderBy('seq').toArray()) {
    const parsed = outboxEntrySchema.safeParse(raw);
    if (parsed.success) entries.push(parsed.data);
    else unreadable.push(raw);
  }
  return { entries, unreadable };
}

/**
 * The entries not yet at the practice (pending, sending, failed, needs review), parsed, in queue order.
 * Read on the status index: screens showing what is pending for a client, proposal or onboarding run
 * this in live queries, and done entries pile up over months.
 */
export async function readOpenEntries(db: PracticeDb): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('status').noneOf(['done', 'discarded']).toArray();
  return rows
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .flatMap((raw) => {
      const parsed = outboxEntrySchema.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    });
}

/**
 * Entries whose earlier attempt may still land at the practice after `now` (landing-hold.ts), of any
 * status: read on their own sparse index, so months of done entries are not.
 */
export async function readLandingHolds(db: PracticeDb, now: number): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('mayLandUntil').above(new Date(now).toISOString()).toArray();
  return rows.flatMap((raw) => {
    const parsed = outboxEntrySchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * What the replayer needs: the open entries in queue order, and by id every entry they wait on (an open
 * one, or a done one whose result holds the key to use). Done entries pile up over months; reading them
 * all before every send would make each send slower than the last.
 */
export async function readQueue(db: PracticeDb): Promise<{ open: OutboxEntry[]; byId: Map<string, OutboxEntry> }> {
  const open = await readOpenEntries(db);
  const byId = new Map(open.map((e) => [e.id, e]));
  const refs = new Set(
    open
      .flatMap((e) => Object.values(e.payload.params).flatMap((v) => (typeof v === 'object' ? [v.outboxRef] : [])))
      .filter((id) => !byId.has(id)),
  );
  if (refs.size > 0) {
    for (const raw of await db.outbox
      .where('id')
      .anyOf([...refs])
      .toArray()) {
      const parsed = outboxEntrySchema.safeParse(raw);
      if (parsed.success) byId.set(parsed.data.id, parsed.data);
    }
  }
  return { open, byId };
}

/**
 * Keys of the records other entries of the same operation created (their results), so a verification
 * read does not take a look-alike this laptop made for this write. Read whole, but only on the rare
 * path of an attempt with no answer.
 */
export async function claimedByOthers(db: PracticeDb, entry: OutboxEntry): Promise<(string | number)[]> {
  const key = (operations[entry.operation] as OperationDef).resultKey;
  if (!key) return [];
  const { entries } = await readEntries(db);
  return entries
    .flatMap((other) => {
      const value =
        other.id !== entry.id && other.operation === entry.operation
          ? (other.result as Record<string, unknown> | null)?.[key]
          : undefined;
      return typeof value === 'string' || typeof value === 'number' ? [value] : [];
    })
    .slice(-1000);
}

/** Queues a write: validated against the contract, stored with its local effect in one transaction. */
export async function enqueue(db: PracticeDb, input: NewEntry, now: number = Date.now()): Promise<OutboxEntry> {
  const valid = validateQueuedPayload(input.operation, input.payload);
  if (!valid.ok) throw new OutboxValidationError(valid.issues);
  return db.transaction('rw', entryTables(db, input.operation), async () => {
    let entry = newEntry(input, now);
    const applied = await effectOf(entry.operation)?.apply(db, entry, iso(now));
    if (applied) entry = { ...entry, undo: applied.undo ?? null };
    const seq = await db.outbox.add(entry);
    return { ...entry, seq };
  });
}

/** Another window, tab or the replayer changed the entry after it was read. */
export class StaleEntryError extends Error {
  constructor() {
    super('This action changed while you were looking at it (it may be going out right now). Look again and retry.');
    this.name = 'StaleEntryError';
  }
}

/** Same entry, same version: status and updatedAt as they were read. */
async function isUnchanged(db: PracticeDb, expected: OutboxEntry): Promise<boolean> {
  const current = await db.outbox.where('id').equals(expected.id).first();
  return current !== undefined && current.status === expected.status && current.updatedAt === expected.updatedAt;
}

/**
 * Stores a changed entry only if the stored one is still `expected` (compare-and-set in one Dexie
 * transaction): a discard between reading the queue and marking `sending` is never overwritten.
 * Once done, its placeholder gives way to the practice's record in the same transaction.
 */
export async function saveEntryIf(db: PracticeDb, entry: OutboxEntry, expected: OutboxEntry): Promise<boolean> {
  return db.transaction('rw', entryTables(db, entry.operation), async () => {
    if (!(await isUnchanged(db, expected))) return false;
    await store(db, entry);
    return true;
  });
}

async function store(db: PracticeDb, entry: OutboxEntry): Promise<void> {
  await db.outbox.put(entry);
  if (entry.status === 'done') await effectOf(entry.operation)?.settle(db, entry);
}

export async function discardEntry(db: PracticeDb, entry: OutboxEntry, now: number = Date.now()): Promise<void> {
  await db.transaction('rw', entryTables(db, entry.operation), async () => {
    if (!(await isUnchanged(db, entry))) throw new StaleEntryError();
    await db.outbox.put(discard(entry, now));
    await effectOf(entry.operation)?.revert(db, entry);
  });
}

/** Edit and resubmit (or plain "retry now" without a change): back to pending, local effect redone. */
export async function resubmit(
  db: PracticeDb,
  entry: OutboxEntry,
  change?: { payload: OutboxEntry['payload']; summary: string },
  now: number = Date.now(),
  consent: { sendAgain?: boolean } = {},
): Promise<OutboxEntry> {
  if (change) {
    const valid = validateQueuedPayload(entry.operation, change.payload);
    if (!valid.ok) throw new OutboxValidationError(valid.issues);
  }
  return db.transaction('rw', entryTables(db, entry.operation), async () => {
    if (!(await isUnchanged(db, entry))) throw new StaleEntryError();
    let next = requeue(entry, now, change, consent);
    if (change) {
      const effect = effectOf(entry.operation);
      await effect?.revert(db, entry);
      const applied = await effect?.apply(db, next, iso(now));
      if (applied) next = { ...next, undo: applied.undo ?? null };
    }
    await db.outbox.put(next);
    return next;
  });
}
