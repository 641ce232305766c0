import type { Companion } from '../../src-preload/contract/companion';
import { validatePayload } from '../../src-preload/contract/outbox/payload-check';
import type { OutboxEntry, OutboxOutcome, OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PracticeDb } from '../data/practice-db';
import { claimedByOthers, readLandingHolds, readOpenEntries, readQueue, saveEntryIf } from './outbox-db';
import { holdForLateLanding, landingHoldOn } from './landing-hold';
import { eformQuotaWaitUntil, spendsEformQuota } from './eform-quota-hold';
import {
  applyOutcome,
  applyVerdict,
  awaitingSecondCheck,
  iso,
  markSending,
  recoveryFor,
  refuse,
  resolveRefs,
} from './outbox-state';

/** The part of the Web Locks API the replayer uses (navigator.locks in a window). */
export interface OutboxLocks {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface ReplayerDeps {
  db: PracticeDb;
  practiceKey: string;
  companion: Pick<Companion, 'outbox'>;
  /** Online, credentials that can write, and not paused for credentials. */
  canSend(): boolean;
  /** A 401: the whole outbox waits until the credentials are entered again. */
  onUnauthorized(): void;
  now?: () => number;
  /**
   * One replayer at a time across every window and tab of this practice: two would both read an entry
   * as pending and both send it. Default: the browser's Web Locks; absent (Node tests), the in-process
   * guard below is the only one.
   */
  locks?: OutboxLocks | null;
}

const browserLocks = (): OutboxLocks | null =>
  (globalThis.navigator as { locks?: OutboxLocks } | undefined)?.locks ?? null;

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
  const soonest = (report: DrainReport, at: number) => {
    report.nextAttemptAt = report.nextAttemptAt === null ? at : Math.min(report.nextAttemptAt, at);
  };
  /**
   * A read for the entry's last attempt. Main places that attempt on the practice's clock: from its answer's
   * Date header when one came, else from the read's less how long ago it went out (a duration on this
   * laptop's clock, whose error cancels) — never from this laptop's clock itself.
   */
  const verify = (entry: OutboxEntry, payload: OutboxEntry['payload']) =>
    ask(async () => {
      const claimed = await claimedByOthers(deps.db, entry);
      const sentAt = Date.parse(entry.lastSentAt ?? entry.updatedAt);
      return deps.companion.outbox.verify({
        practiceKey: deps.practiceKey,
        entryId: entry.id,
        operation: entry.operation,
        payload,
        entityKey: entry.entityKey,
        queuedAt: entry.createdAt,
        sentAgoMs: Math.max(0, Math.round(now() - sentAt)),
        ...(entry.sentAtPractice ? { sentAtPractice: entry.sentAtPractice } : {}),
        claimed,
      });
    });

  /** Counts a settled entry and asks for the next drain when it waits for a second check. */
  function tally(next: OutboxEntry, report: DrainReport): void {
    if (next.status === 'done') report.delivered++;
    if (next.status === 'failed') report.failed++;
    if (next.status === 'needs-review') report.needsReview++;
    if (awaitingSecondCheck(next, now())) soonest(report, Date.parse(next.notBefore!));
  }

  async function settleInterrupted(entry: OutboxEntry, report: DrainReport): Promise<void> {
    if (awaitingSecondCheck(entry, now())) {
      soonest(report, Date.parse(entry.notBefore!));
      return;
    }
    if (recoveryFor(entry) === 'resend') {
      // The interrupted attempt may still be at the practice: later writes to its record wait for it.
      const resend = holdForLateLanding({ ...entry, status: 'pending', notBefore: null, updatedAt: iso(now()) }, now());
      await saveEntryIf(deps.db, resend, entry);
      return;
    }
    const verdict = await verify(entry, entry.payload);
    if (!verdict) return; // cannot tell now (offline): it stays `sending` until a read can settle it
    const next = applyVerdict(entry, verdict as OutboxVerdict, now());
    if (await saveEntryIf(deps.db, next, entry)) tally(next, report);
  }

  async function sendOne(
    entry: OutboxEntry,
    payload: OutboxEntry['payload'],
    report: DrainReport,
  ): Promise<'continue' | 'stop'> {
    // The rules main applies, applied here first: an entry changed in the database since it was queued is
    // refused before it is marked `sending` (main would refuse it too), kept with what was wrong.
    const valid = validatePayload(entry.operation, payload);
    if (!valid.ok) {
      const refused = refuse(entry, valid.issues, now());
      if (await saveEntryIf(deps.db, refused, entry)) tally(refused, report);
      return 'continue';
    }
    // Stored with its references resolved: after a crash, the check reads for the record this request named.
    const stored = markSending({ ...entry, payload }, now());
    // Durable before anything leaves, and only if nobody changed the entry since it was read (a discard).
    if (!(await saveEntryIf(deps.db, stored, entry))) return 'continue';
    const outcome = await ask(() =>
      deps.companion.outbox.send({
        practiceKey: deps.practiceKey,
        entryId: entry.id,
        operation: entry.operation,
        payload,
        entityKey: entry.entityKey,
      }),
    );
    if (!outcome) {
      report.stopped = true; // main did not answer: the entry stays `sending`, settled by the next drain
      return 'stop';
    }
    let next = applyOutcome(stored, outcome as OutboxOutcome, now());
    let unsettled = false;
    if (outcome.kind === 'ambiguous') {
      // A first read at once can prove it arrived; "absent" is believed only once the practice's clock is
      // well past the send (main judges that), so an early read that finds nothing means "read again later".
      const verdict = await verify(next, payload);
      if (verdict) next = applyVerdict(next, verdict as OutboxVerdict, now());
      else unsettled = true;
    }
    if (await saveEntryIf(deps.db, next, stored)) tally(next, report);
    if (outcome.kind === 'unauthorized') {
      deps.onUnauthorized();
      report.stopped = true;
      return 'stop';
    }
    return unsettled ? 'stop' : 'continue';
  }

  async function drainOnce(): Promise<DrainReport> {
    const report: DrainReport = { delivered: 0, failed: 0, needsReview: 0, nextAttemptAt: null, stopped: false };
    if (!deps.canSend()) return { ...report, stopped: true };
    for (const entry of await readOpenEntries(deps.db))
      if (entry.status === 'sending') await settleInterrupted(entry, report);

    for (;;) {
      if (!deps.canSend()) return { ...report, stopped: true };
      const { open, byId } = await readQueue(deps.db);
      const holds = await readLandingHolds(deps.db, now());
      let next: { entry: OutboxEntry; payload: OutboxEntry['payload'] } | null = null;
      let eformQuotaUntil: number | null = null;
      for (const entry of open) {
        // In order: an entry in flight (another window without Web Locks is sending it) holds back what
        // comes after it, as backoff does below; else a later edit of the same record could land first
        // and the earlier one, retried, overwrite it. One waiting for its second check does not: it is
        // never sent again, and what depends on it waits by its reference.
        if (entry.status === 'sending' && !awaitingSecondCheck(entry, now())) break;
        if (entry.status !== 'pending') continue;
        const quotaWait = eformQuotaWaitUntil(entry, now());
        if (quotaWait !== null) {
          // Only eForms wait for the practice's eForm quota (eform-quota-hold.ts): the rest goes on.
          soonest(report, quotaWait);
          eformQuotaUntil = Math.max(eformQuotaUntil ?? 0, quotaWait);
          continue;
        }
        if (eformQuotaUntil !== null && spendsEformQuota(entry)) continue;
        const due = entry.notBefore ? Date.parse(entry.notBefore) : 0;
        if (due > now()) {
          // In order: what comes after an entry in backoff waits for it (it may depend on it).
          soonest(report, due);
          break;
        }
        const readiness = resolveRefs(entry, (id) => byId.get(id));
        if (!readiness.ready) continue; // waits for (or is blocked by) another entry; the screen says which
        const hold = landingHoldOn(entry, readiness.payload, holds, now());
        if (hold) {
          // An earlier attempt on the same record may still land at the practice: sent now, this would be
          // overwritten by it. Only writes to that record wait; the rest goes on.
          soonest(report, hold.until);
          continue;
        }
        next = { entry, payload: readiness.payload };
        break;
      }
      if (!next) return report;
      if ((await sendOne(next.entry, next.payload, report)) === 'stop') return report;
    }
  }

  const locks = deps.locks === undefined ? browserLocks() : deps.locks;
  const lockName = `practice-companion:outbox:${deps.practiceKey}`;
  /** Drains under the practice's lock; another window holding it drains for everyone, so this one stops. */
  function drainExclusively(): Promise<DrainReport> {
    if (!locks) return drainOnce();
    return locks.request(lockName, { ifAvailable: true }, async (lock) =>
      lock ? drainOnce() : { delivered: 0, failed: 0, needsReview: 0, nextAttemptAt: null, stopped: true },
    );
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
          const report = await drainExclusively();
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
