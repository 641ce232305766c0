import {
  changedOutsideTheApp,
  operations,
  type OperationDef,
  type OperationName,
  type PayloadIssue,
  type StoredPayload,
} from '../../src-preload/contract/outbox/operations';
import type {
  OutboxCheck,
  OutboxEntry,
  OutboxOutcome,
  OutboxVerdict,
} from '../../src-preload/contract/outbox/outbox-entry';

/**
 * The outbox entry state machine, as pure functions (unit-tested without a database):
 *
 *   pending ──send──▶ sending ──done──▶ done
 *      │ payload no longer valid (changed outside the app) ──refuse──▶ failed, nothing sent
 *      ▲  ▲             │ rejected / forbidden / gone ──▶ failed ──edit / retry──▶ pending
 *      │  └──retry (backoff) / unauthorized (outbox paused) ◀┘
 *      │                └ ambiguous / crash ──verify──▶ done (found) | needs-review (unknown)
 *      │                      absent: stays `sending` until a second read, VERIFY_GAP_MS later, agrees;
 *      │                      then pending (a create) or needs-review (a billable: only the user resends)
 *   discard: from pending, failed or needs-review ──▶ discarded
 */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * How long an attempt with no answer must stay unseen at the practice before "absent" is believed:
 * longer than main's request timeout (30 s), so a request the server is still working on has landed
 * (or failed) by the second read.
 */
export const VERIFY_GAP_MS = 45_000;

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
      // Not the entry's fault: it waits, unchanged, until the credentials are entered again.
      return { ...base, status: 'pending', lastError: outcome.problem };
    case 'retry':
      return {
        ...base,
        status: 'pending',
        lastError: outcome.problem,
        notBefore: iso(now + (outcome.retryAfterMs ?? backoffMs(entry.attempts, random))),
      };
    case 'ambiguous':
      return { ...base, status: 'sending', lastError: outcome.problem }; // still unknown: the caller verifies
  }
}

const reviewText = {
  billable:
    'The app sent this but no answer came back, and reading the practice could not show whether it arrived. It is billed per use, so it was not sent again. Check at the practice (or with the client) whether it went out; send it again only if it did not.',
  create:
    'The app sent this but no answer came back, and reading the practice could not show whether it arrived. Sending it again could create a duplicate. Check at the practice, then retry or discard it.',
  billableAbsent:
    'The app sent this but no answer came back. Reading the practice twice found nothing, but it is billed per use, so it is not sent again without you: check at the practice, then send it again or discard it.',
} as const;

/** After an interrupted send (crash, or an answer that never came). */
export function recoveryFor(entry: OutboxEntry): 'resend' | 'verify' {
  return operations[entry.operation].idempotency === 'idempotent' ? 'resend' : 'verify';
}

const isBillable = (entry: OutboxEntry) => operations[entry.operation].idempotency === 'billable';

/** Still `sending`, waiting for the second read before "absent" is believed. */
export const awaitingSecondCheck = (entry: OutboxEntry, now: number) =>
  entry.status === 'sending' && entry.notBefore !== null && Date.parse(entry.notBefore) > now;

/**
 * What a verification read settles. "Found" ends it. "Absent" is believed only when a read at least
 * VERIFY_GAP_MS after an earlier absent read agrees (a slow server may still be applying the first
 * request); until then the entry stays `sending` and waits. Even then a billable write is not sent
 * again by the app: it goes to review, and only the user's explicit consent resends it.
 */
export function applyVerdict(entry: OutboxEntry, verdict: OutboxVerdict, now: number): OutboxEntry {
  const base = { ...entry, updatedAt: iso(now) };
  if (verdict.verdict === 'found')
    return { ...base, status: 'done', result: verdict.result ?? null, lastError: null, review: null, notBefore: null };
  const earlier = entry.checks ?? [];
  const check: OutboxCheck =
    verdict.verdict === 'absent'
      ? { at: iso(now), found: 'absent', note: (verdict.note ?? 'Not found at the practice.').slice(0, 500) }
      : { at: iso(now), found: 'unknown', note: verdict.reason.slice(0, 500) };
  const checks = [...earlier, check].slice(-10);
  if (verdict.verdict === 'unknown') {
    return {
      ...base,
      checks,
      status: 'needs-review',
      notBefore: null,
      review: reviewText[isBillable(entry) ? 'billable' : 'create'],
    };
  }
  const firstAbsent = earlier.find((c) => c.found === 'absent');
  if (!firstAbsent || now - Date.parse(firstAbsent.at) < VERIFY_GAP_MS) {
    const due = firstAbsent ? Date.parse(firstAbsent.at) + VERIFY_GAP_MS : now + VERIFY_GAP_MS;
    return { ...base, checks, status: 'sending', notBefore: iso(due) };
  }
  if (isBillable(entry))
    return { ...base, checks, status: 'needs-review', notBefore: null, review: reviewText.billableAbsent };
  return { ...base, checks, status: 'pending', notBefore: null };
}

/** A billable entry in review is sent again only with the user's explicit consent: it may be billed twice. */
export const needsConsent = (entry: OutboxEntry) => entry.status === 'needs-review' && isBillable(entry);

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
  if (!canEdit(entry)) throw new Error(`An entry that is ${entry.status} cannot be sent again.`);
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
  if (!canDiscard(entry)) throw new Error(`An entry that is ${entry.status} cannot be discarded.`);
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
