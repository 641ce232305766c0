import type { Companion } from '../../src-preload/contract/companion';
import type { OutboxEntry, OutboxOutcome, OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../db/practice-db';
import { readOpenEntries, readQueue, saveEntry } from './outbox-db';
import { applyOutcome, applyVerdict, iso, markSending, recoveryFor, resolveRefs } from './outbox-state';

export interface ReplayerDeps {
  db: PracticeDb;
  practiceKey: string;
  companion: Pick<Companion, 'outbox'>;
  /** Online, credentials that can write, and not paused for credentials. */
  canSend(): boolean;
  /** A 401: the whole outbox waits until the credentials are entered again. */
  onUnauthorized(): void;
  now?: () => number;
}

export interface DrainReport {
  delivered: number;
  failed: number;
  needsReview: number;
  /** When the next entry in backoff may go (the caller schedules a drain then). */
  nextAttemptAt: number | null;
  /** Stopped early: offline, read-only, paused, or main did not answer. */
  stopped: boolean;
}

/**
 * Replays the outbox in order, one entry at a time, through main (which sends under the request
 * budget at outbox priority). Each entry is stored as `sending` before the request goes out; an entry
 * found `sending` when a drain starts was interrupted (crash, closed window) and is settled first:
 * idempotent ones are sent again, others only after a read proves they did not arrive.
 * Drains never overlap: a request for one while one runs makes it run once more at the end.
 */
export function createOutboxReplayer(deps: ReplayerDeps) {
  const now = deps.now ?? Date.now;
  let running: Promise<DrainReport> | null = null;
  let again = false;

  const ask = <T>(call: () => Promise<T>): Promise<T | null> => call().catch(() => null);

  async function settleInterrupted(entry: OutboxEntry, report: DrainReport): Promise<void> {
    if (recoveryFor(entry) === 'resend') {
      await saveEntry(deps.db, { ...entry, status: 'pending', notBefore: null, updatedAt: iso(now()) });
      return;
    }
    const verdict = await ask(() => deps.companion.outbox.verify({ practiceKey: deps.practiceKey, entryId: entry.id, operation: entry.operation, payload: entry.payload }));
    if (!verdict) return; // cannot tell now (offline): it stays `sending` until a read can settle it
    const next = applyVerdict(entry, verdict as OutboxVerdict, now());
    if (next.status === 'needs-review') report.needsReview++;
    if (next.status === 'done') report.delivered++;
    await saveEntry(deps.db, next);
  }

  async function sendOne(entry: OutboxEntry, payload: OutboxEntry['payload'], report: DrainReport): Promise<'continue' | 'stop'> {
    const sending = markSending({ ...entry, payload }, now());
    await saveEntry(deps.db, sending); // durable before anything leaves
    const outcome = await ask(() => deps.companion.outbox.send({ practiceKey: deps.practiceKey, entryId: entry.id, operation: entry.operation, payload }));
    if (!outcome) {
      report.stopped = true; // main did not answer: the entry stays `sending`, settled by the next drain
      return 'stop';
    }
    let next = applyOutcome(sending, outcome as OutboxOutcome, now());
    if (outcome.kind === 'ambiguous') {
      const verdict = await ask(() => deps.companion.outbox.verify({ practiceKey: deps.practiceKey, entryId: entry.id, operation: entry.operation, payload }));
      next = verdict ? applyVerdict(next, verdict as OutboxVerdict, now()) : next;
    }
    await saveEntry(deps.db, next);
    if (next.status === 'done') report.delivered++;
    if (next.status === 'failed') report.failed++;
    if (next.status === 'needs-review') report.needsReview++;
    if (outcome.kind === 'unauthorized') {
      deps.onUnauthorized();
      report.stopped = true;
      return 'stop';
    }
    return next.status === 'sending' ? 'stop' : 'continue';
  }

  async function drainOnce(): Promise<DrainReport> {
    const report: DrainReport = { delivered: 0, failed: 0, needsReview: 0, nextAttemptAt: null, stopped: false };
    if (!deps.canSend()) return { ...report, stopped: true };
    for (const entry of await readOpenEntries(deps.db)) if (entry.status === 'sending') await settleInterrupted(entry, report);

    for (;;) {
      if (!deps.canSend()) return { ...report, stopped: true };
      const { open, byId } = await readQueue(deps.db);
      let next: { entry: OutboxEntry; payload: OutboxEntry['payload'] } | null = null;
      for (const entry of open) {
        if (entry.status !== 'pending') continue;
        const due = entry.notBefore ? Date.parse(entry.notBefore) : 0;
        if (due > now()) {
          // In order: what comes after an entry in backoff waits for it (it may depend on it).
          report.nextAttemptAt = due;
          break;
        }
        const readiness = resolveRefs(entry, (id) => byId.get(id));
        if (!readiness.ready) continue; // waits for (or is blocked by) another entry; the screen says which
        next = { entry, payload: readiness.payload };
        break;
      }
      if (!next) return report;
      if ((await sendOne(next.entry, next.payload, report)) === 'stop') return report;
    }
  }

  return {
    drain(): Promise<DrainReport> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const total: DrainReport = { delivered: 0, failed: 0, needsReview: 0, nextAttemptAt: null, stopped: false };
        do {
          again = false;
          const report = await drainOnce();
          total.delivered += report.delivered;
          total.failed += report.failed;
          total.needsReview += report.needsReview;
          total.nextAttemptAt = report.nextAttemptAt;
          total.stopped = report.stopped;
        } while (again);
        return total;
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
export type OutboxReplayer = ReturnType<typeof createOutboxReplayer>;
