import type { z } from 'zod';
import type { Clock } from './clock';

/** What the queue keeps on each stored row besides the item itself. */
export interface ItemState {
  /** Attempts made so far (0 for a new row). */
  attempts: number;
  /** Not tried again before this instant (ISO); null when due now. */
  nextTryAt: string | null;
  /** The last failure's words (for the screen and the log), null when none. */
  lastError: string | null;
}

/** What one attempt at an item came to. */
export type ItemOutcome =
  /** Finished (the item removed or completed its own row). */
  | { kind: 'done' }
  /** Nothing can be done now (offline, another practice): this run ends, the item keeps its attempts. */
  | { kind: 'stop' }
  /** Failed in a way that may pass: tried again after a backoff, up to `maxAttempts`. */
  | { kind: 'retry'; message: string }
  /** Failed for good: handed to `gaveUp` at once. */
  | { kind: 'fail'; message: string };

export interface ItemQueueDefinition<T> {
  /** Checks a stored row before it runs (Signal's `parseData`): a row that fails is removed and reported. */
  schema: z.ZodType<T>;
  idOf(item: T): string;
  /** Items with the same key run in the order stored; one waiting for its retry holds back the later ones. */
  keyOf(item: T): string;
  stateOf(item: T): ItemState;
  /** Whether the row still needs work (default: every row does). */
  pending?(item: T): boolean;
  maxAttempts: number;
  /** Exponential backoff: `firstMs` after the first failure, doubling, never more than `maxMs`. */
  backoff: { firstMs: number; maxMs: number };
  run(item: T, attempt: { signal: AbortSignal; number: number }): Promise<ItemOutcome>;
  /** Keeps the queue's state on the item's row. */
  saveState(item: T, state: ItemState): Promise<void>;
  /** The item failed for good or used up its attempts: say so, and remove or close its row. */
  gaveUp(item: T, message: string): Promise<void>;
  /** Removes a stored row that does not parse (`raw` as stored). */
  removeUnreadable(raw: unknown): Promise<void>;
  /** The words kept (and shown on giving up) for an attempt that threw; default its own message. */
  describeError?(error: unknown): string;
}

export interface ItemQueueRun {
  signal: AbortSignal;
  clock: Pick<Clock, 'now'>;
  /** Stored rows, oldest first, as stored (parsed here). */
  rows: unknown[];
  /** Asks for another run at that time (JobRunner.wakeAt): the earliest retry due. */
  wakeAt(epochMs: number): void;
  /** An item's attempt threw, or a row did not parse: the error as thrown, with the item and attempt. */
  report(error: unknown, about: { itemId: string | null; attempt: number }): void;
}

/** The pause after attempt `n` (1-based) failed. */
export const backoffMs = (backoff: { firstMs: number; maxMs: number }, attempt: number): number =>
  Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, attempt - 1));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One pass over a table-backed queue (in the shape of Signal Desktop's JobQueue): each stored row is parsed,
 * then run when due, one at a time; a failure that may pass is tried again after an exponential backoff up to
 * `maxAttempts`, its attempts and last error kept on the row (so a restart resumes them); a thrown error is
 * reported as thrown (its stack kept) with the item's id and attempt; per key, items run in order. The job that
 * owns the queue calls this from its run; the runner wakes it at the earliest retry.
 */
export async function runItemQueue<T>(def: ItemQueueDefinition<T>, run: ItemQueueRun): Promise<void> {
  const items: T[] = [];
  for (const raw of run.rows) {
    const parsed = def.schema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else {
      run.report(new Error('A stored background-job row did not match its schema.', { cause: parsed.error }), {
        itemId: null,
        attempt: 0,
      });
      await def.removeUnreadable(raw);
    }
  }
  const held = new Set<string>();
  let wake: number | null = null;
  const later = (at: number): void => void (wake = wake === null ? at : Math.min(wake, at));

  for (const item of items) {
    if (run.signal.aborted) return;
    if (def.pending && !def.pending(item)) continue;
    const key = def.keyOf(item);
    if (held.has(key)) continue;
    const state = def.stateOf(item);
    const due = state.nextTryAt === null ? 0 : Date.parse(state.nextTryAt);
    if (due > run.clock.now()) {
      held.add(key);
      later(due);
      continue;
    }
    const attempt = state.attempts + 1;
    let outcome: ItemOutcome;
    try {
      outcome = await def.run(item, { signal: run.signal, number: attempt });
    } catch (error) {
      if (run.signal.aborted) return;
      run.report(error, { itemId: def.idOf(item), attempt });
      outcome = { kind: 'retry', message: (def.describeError ?? messageOf)(error) };
    }
    if (run.signal.aborted) return;
    if (outcome.kind === 'done') continue;
    if (outcome.kind === 'stop') break;
    if (outcome.kind === 'fail' || attempt >= def.maxAttempts) {
      await def.gaveUp(item, outcome.message);
      continue;
    }
    const next = run.clock.now() + backoffMs(def.backoff, attempt);
    await def.saveState(item, {
      attempts: attempt,
      nextTryAt: new Date(next).toISOString(),
      lastError: outcome.message,
    });
    held.add(key);
    later(next);
  }
  if (wake !== null && !run.signal.aborted) run.wakeAt(wake);
}
