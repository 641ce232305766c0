import { operations, type OperationDef, type OperationName } from '../../src-preload/contract/outbox/operations';
import {
  changedOutsideTheApp,
  type PayloadIssue,
  type StoredPayload,
} from '../../src-preload/contract/outbox/payload-check';
import type {
  OutboxCheck,
  OutboxEntry,
  OutboxOutcome,
  OutboxVerdict,
} from '../../src-preload/contract/outbox/outbox-entry';
import { statusProvesNotApplied } from '../../src-preload/contract/outbox/send-evidence';
import { holdForLateLanding } from './landing-hold';
import { UserFacingFailure } from '../ui/words/describe-failure';
import { sentOnceReason } from '../ui/words/sent-once';

/**
 * The outbox entry state machine, as pure functions (unit-tested without a database):
 *
 *   pending ──send──▶ sending ──done──▶ done
 *      │ payload no longer valid (changed outside the app) ──refuse──▶ failed, nothing sent
 *      ▲  ▲             │ rejected / forbidden / gone ──▶ failed ──edit / retry──▶ pending
 *      │  └──retry (backoff) / unauthorized (outbox paused) ◀┘
 *      │                └ ambiguous / crash / 401 after it left ──verify──▶ done (found) | needs-review (unknown)
 *      │                      not-yet (too soon by the practice's clock, or no read possible): stays `sending`
 *      │                      and is read again; absent: pending (a create) or needs-review (sent once)
 *   needs-review ──"Send again…" with consent──▶ pending (it may be at the practice already)
 *   discard: from pending, failed or needs-review ──▶ discarded
 */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export const iso = (ms: number) => new Date(ms).toISOString();

/** Full jitter between half and all of an exponential step, so many laptops do not retry in lockstep. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface NewEntry {
  id: string;
  operation: OperationName;
  payload: StoredPayload;
  summary: string;
  entityKey: string | null;
  dependsOn: string[];
  undo?: unknown;
}

export function newEntry(input: NewEntry, now: number): OutboxEntry {
  return {
    id: input.id,
    operation: input.operation,
    payload: input.payload,
    summary: input.summary.slice(0, 500),
    entityKey: input.entityKey,
    dependsOn: input.dependsOn,
    status: 'pending',
    createdAt: iso(now),
    updatedAt: iso(now),
    attempts: 0,
    notBefore: null,
    lastError: null,
    review: null,
    result: null,
    undo: input.undo ?? null,
  };
}

/** Recorded durably before the request goes out: after a crash, `sending` means "may have arrived". */
export function markSending(entry: OutboxEntry, now: number): OutboxEntry {
  return {
    ...entry,
    status: 'sending',
    attempts: entry.attempts + 1,
    updatedAt: iso(now),
    lastSentAt: iso(now),
    sentAtPractice: null,
    checks: [],
  };
}

/**
 * A stored entry that no longer passes its operation's strict rules (the queue checked them before
 * storing it, so it was changed outside the app) is refused before it is marked `sending`: nothing goes
 * out, it is not an attempt, and it stays, failed, with the sentence and what was wrong, for a person to
 * edit with the action's form or discard, and for the export.
 */
export function refuse(entry: OutboxEntry, issues: readonly PayloadIssue[], now: number): OutboxEntry {
  const lastError = { status: null, title: 'Not sent', message: changedOutsideTheApp, fields: issues.slice(0, 50) };
  return { ...entry, status: 'failed', updatedAt: iso(now), notBefore: null, lastError };
}

export function applyOutcome(
  entry: OutboxEntry,
  outcome: OutboxOutcome,
  now: number,
  random: () => number = Math.random,
): OutboxEntry {
  const base = { ...entry, updatedAt: iso(now) };
  // Sent again after an interruption, the answer "already so" means the first attempt arrived.
  const op: OperationDef = operations[entry.operation];
  if (
    (outcome.kind === 'gone' || outcome.kind === 'rejected') &&
    entry.attempts > 1 &&
    outcome.problem.status === op.alreadyAppliedStatus
  ) {
    return { ...base, status: 'done', result: null, lastError: null, review: null, notBefore: null };
  }
  switch (outcome.kind) {
    case 'done':
      return {
        ...base,
        status: 'done',
        result: outcome.result ?? null,
        lastError: null,
        review: null,
        notBefore: null,
      };
    case 'gone':
    case 'rejected':
    case 'forbidden':
      return { ...base, status: 'failed', lastError: outcome.problem, notBefore: null };
    case 'unauthorized':
      // It had gone out and is not idempotent: checked (never resent) once the credentials are back.
      if (outcome.mayHaveApplied)
        return { ...base, status: 'sending', lastError: outcome.problem, sentAtPractice: outcome.practiceTime ?? null };
      // Not the entry's fault: it waits, unchanged, until the credentials are entered again.
      return { ...base, status: 'pending', lastError: outcome.problem };
    case 'retry': {
      const retry: OutboxEntry = {
        ...base,
        status: 'pending',
        lastError: outcome.problem,
        notBefore: iso(now + (outcome.retryAfterMs ?? backoffMs(entry.attempts, random))),
      };
      return outcome.mayStillLand ? holdForLateLanding(retry, now) : retry;
    }
    case 'ambiguous':
      // Still unknown: the caller verifies, against the practice's clock of this answer when it gave one.
      return { ...base, status: 'sending', lastError: outcome.problem, sentAtPractice: outcome.practiceTime ?? null };
  }
}

const reviewText = {
  /** "It is billed per use" or "A second lead would be a duplicate": the operation's own reason (sent-once.ts). */
  once: (entry: OutboxEntry) =>
    `The app sent this but no clear answer came back, and reading the practice could not show whether it arrived. ${sentOnceReason(entry.operation)}, so it was not sent again. Check at the practice (or with the client) whether it went out; send it again only if it did not.`,
  create:
    'The app sent this but no clear answer came back, and reading the practice could not show whether it arrived. Sending it again could create a duplicate. Check at the practice, then send it again or discard it.',
  /** What was read, and when by the practice's clock, comes from the check itself: never a claim beyond it. */
  onceAbsent: (entry: OutboxEntry, check: OutboxCheck) =>
    `The app sent this but no clear answer came back. ${check.note} ${sentOnceReason(entry.operation)}, so it is not sent again without you: check at the practice, then send it again or discard it.`.slice(
      0,
      1000,
    ),
} as const;

/** After an interrupted send (crash, or an answer that never came). */
export function recoveryFor(entry: OutboxEntry): 'resend' | 'verify' {
  return operations[entry.operation].idempotency === 'idempotent' ? 'resend' : 'verify';
}

const isSentOnce = (entry: OutboxEntry) => operations[entry.operation].idempotency === 'once';

/** Still `sending`, waiting to be read again (too soon after the send to believe "absent"). */
export const awaitingSecondCheck = (entry: OutboxEntry, now: number) =>
  entry.status === 'sending' && entry.notBefore !== null && Date.parse(entry.notBefore) > now;

/**
 * What a verification read settles (main has already judged it against the practice's clock). "Found"
 * ends it. "Not yet" — nothing seen, but too soon after the send for "absent" to be believed, or no read
 * could be made — keeps it `sending` until `checkAgainInMs`: it is read again, never sent again. "Absent"
 * (the practice's time is past the send by SETTLE_MARGIN_MS): a create goes again; a write sent once goes
 * to review, and only the user's explicit consent resends it.
 */
export function applyVerdict(entry: OutboxEntry, verdict: OutboxVerdict, now: number): OutboxEntry {
  const base = { ...entry, updatedAt: iso(now) };
  if (verdict.verdict === 'found')
    return { ...base, status: 'done', result: verdict.result ?? null, lastError: null, review: null, notBefore: null };
  const practiceAt = verdict.verdict !== 'unknown' && verdict.practiceAt ? { practiceAt: verdict.practiceAt } : {};
  const note = verdict.verdict === 'unknown' ? verdict.reason : (verdict.note ?? 'Not found at the practice.');
  const check: OutboxCheck = { at: iso(now), found: verdict.verdict, note: note.slice(0, 500), ...practiceAt };
  const checks = [...(entry.checks ?? []), check].slice(-10);
  if (verdict.verdict === 'unknown')
    return {
      ...base,
      checks,
      status: 'needs-review',
      notBefore: null,
      review: isSentOnce(entry) ? reviewText.once(entry) : reviewText.create,
    };
  if (verdict.verdict === 'not-yet')
    return { ...base, checks, status: 'sending', notBefore: iso(now + verdict.checkAgainInMs) };
  if (isSentOnce(entry))
    return { ...base, checks, status: 'needs-review', notBefore: null, review: reviewText.onceAbsent(entry, check) };
  return { ...base, checks, status: 'pending', notBefore: null };
}

/**
 * An answer stored by an older build as a plain failure although it does not prove the write was not
 * applied (a 303, 408, 409, 5xx … on a create): treated like an ambiguous send.
 */
const failedAfterItMayHaveApplied = (entry: OutboxEntry) =>
  entry.status === 'failed' &&
  entry.attempts > 0 &&
  typeof entry.lastError?.status === 'number' &&
  !statusProvesNotApplied(entry.lastError.status);

/**
 * Sent again only with the user's explicit consent ("Send again…", never "Retry now" or an edit): an entry
 * that is not idempotent whose last send may have been applied and that no read proved absent — it may be
 * created twice, or billed twice.
 */
export const needsConsent = (entry: OutboxEntry) =>
  recoveryFor(entry) === 'verify' && (entry.status === 'needs-review' || failedAfterItMayHaveApplied(entry));

export class ConsentRequiredError extends Error {
  constructor(readonly entry: OutboxEntry) {
    super('This action may already have reached the practice. Sending it again needs your confirmation.');
    this.name = 'ConsentRequiredError';
  }
}

export const canDiscard = (entry: OutboxEntry) =>
  entry.status === 'pending' || entry.status === 'failed' || entry.status === 'needs-review';
/** What can be discarded can be edited and sent again. */
const canEdit = canDiscard;
export const isOpen = (entry: OutboxEntry) => entry.status !== 'done' && entry.status !== 'discarded';

/** "Retry now" (from failed or needs-review: the user has checked) and the outcome of editing. */
export function requeue(
  entry: OutboxEntry,
  now: number,
  change?: { payload: StoredPayload; summary: string },
  consent: { sendAgain?: boolean } = {},
): OutboxEntry {
  if (!canEdit(entry)) throw new UserFacingFailure(`An entry that is ${entry.status} cannot be sent again.`);
  if (needsConsent(entry) && consent.sendAgain !== true) throw new ConsentRequiredError(entry);
  return {
    ...entry,
    ...(change ? { payload: change.payload, summary: change.summary.slice(0, 500) } : {}),
    status: 'pending',
    notBefore: null,
    lastError: null,
    review: null,
    checks: [],
    updatedAt: iso(now),
  };
}

export function discard(entry: OutboxEntry, now: number): OutboxEntry {
  if (!canDiscard(entry)) throw new UserFacingFailure(`An entry that is ${entry.status} cannot be discarded.`);
  return { ...entry, status: 'discarded', updatedAt: iso(now) };
}

export type Readiness =
  { ready: true; payload: StoredPayload } | { ready: false; blockedBy: OutboxEntry | null; waiting: boolean };

/** Replaces each OutboxRef with the field from its (done) dependency's result. */
export function resolveRefs(entry: OutboxEntry, byId: (id: string) => OutboxEntry | undefined): Readiness {
  const params: StoredPayload['params'] = {};
  for (const [key, value] of Object.entries(entry.payload.params)) {
    if (typeof value !== 'object') {
      params[key] = value;
      continue;
    }
    const dependency = byId(value.outboxRef);
    if (!dependency || dependency.status === 'discarded')
      return { ready: false, blockedBy: dependency ?? null, waiting: false };
    if (dependency.status !== 'done')
      return {
        ready: false,
        blockedBy: dependency,
        waiting: dependency.status === 'pending' || dependency.status === 'sending',
      };
    const resolved = (dependency.result as Record<string, unknown> | null)?.[value.field];
    if (typeof resolved !== 'string' && typeof resolved !== 'number')
      return { ready: false, blockedBy: dependency, waiting: false };
    params[key] = resolved;
  }
  return { ready: true, payload: { ...entry.payload, params } };
}
