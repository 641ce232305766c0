import { z } from 'zod';
import { operations } from '../../src-preload/contract/outbox/operations';
import {
  changedOutsideTheApp,
  pathOf,
  validatePayload,
  type PayloadIssue,
  type StoredPayload,
} from '../../src-preload/contract/outbox/payload-check';
import type {
  OutboxOutcome,
  OutboxProblem,
  OutboxSendInput,
  OutboxVerdict,
} from '../../src-preload/contract/outbox/outbox-entry';
import {
  describeApiError,
  MalformedResponseError,
  ListChangedWhileReadError,
  NetworkError,
  PartnerApiError,
  RedirectRefusedError,
} from '../partner-api/api-errors';
import { failureWords } from '../../src-preload/contract/failure-words';
import { answeredByThePractice, provablyNotApplied } from '../partner-api/not-applied';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { verifiers } from './outbox-verifiers';
import { EformQuotaError } from '../partner-api/eform-quota';
import { eformQuotaWait } from './eform-quota-wait';
import { judgeAbsence, practiceClock } from './practice-clock';
import { preSendChecks } from './pre-send-checks';

/** The practice a write goes to, as the session knows it now (null: not connected). */
interface WriteTarget {
  api: PartnerApiClient;
  canWrite: boolean;
}

const problem = (status: number | null, title: string, message: string): OutboxProblem => ({
  status,
  title,
  message: message.slice(0, 2000),
});

/** A reference still waiting for another entry's result: this entry has not gone out yet. */
const waitsForReference = (payload: StoredPayload) =>
  Object.values(payload.params).some((value) => typeof value === 'object');

/**
 * An entry that no longer passes the rules it was queued under (the queue checks them before storing):
 * changed outside the app, or by an older build. Refused before any request, with what is wrong.
 */
const changedAfterSending =
  'This action was changed outside the app, so the app did not check whether it arrived and will not send it again.';
const refused = (issues: PayloadIssue[]): OutboxProblem => ({
  ...problem(null, 'Not sent', changedOutsideTheApp),
  fields: issues.slice(0, 50),
});

/**
 * Main's half of the outbox: sends one entry the renderer has already marked `sending`, under the
 * request budget at outbox priority, and reduces every answer to an outcome the renderer's state
 * machine understands. It never retries a non-idempotent write on a guess: a request that went out
 * and got no answer comes back `ambiguous`, and only a read (verify) may settle it.
 */
export function createOutboxExecutor(deps: { targetFor(practiceKey: string): WriteTarget | null }) {
  async function send(input: OutboxSendInput): Promise<OutboxOutcome> {
    const target = deps.targetFor(input.practiceKey);
    if (!target)
      return {
        kind: 'unauthorized',
        problem: problem(
          null,
          'Not connected',
          'This practice is not connected on this laptop. Connect it again to send what is waiting.',
        ),
      };
    if (!target.canWrite)
      return {
        kind: 'forbidden',
        problem: problem(
          403,
          'Read-only credentials',
          `${failureWords.readOnly} Connect with read-write credentials to send this.`,
        ),
      };
    if (waitsForReference(input.payload)) {
      const waiting = 'This action needs the result of another one that has not gone out yet.';
      return { kind: 'rejected', problem: problem(null, 'Waiting for another action', waiting) };
    }
    const valid = validatePayload(input.operation, input.payload);
    if (!valid.ok) return { kind: 'rejected', problem: refused(valid.issues) };

    const op = operations[input.operation];
    const idempotent = op.idempotency === 'idempotent';
    // Only what the strict schemas parsed goes out: never the object the renderer handed over.
    const { params, query } = valid.request;
    let { body } = valid.request;
    const preSend = preSendChecks[input.operation];
    let seen: unknown;
    if (preSend) {
      try {
        const checked = await preSend.check(target.api, params, body, input.payload);
        if ('outcome' in checked) return checked.outcome;
        body = checked.body;
        seen = checked.seen;
      } catch (error) {
        return outcomeOfCheck(error, preSend.unreadable);
      }
    }
    try {
      const { data } = await target.api.request(op.method, pathOf(input.operation, params), op.response, {
        priority: 'outbox',
        // Never retried inside the client: every attempt is one the entry counts, so a resend after an
        // attempt that did arrive can be read for what it is (a completion answered "already completed").
        idempotent: false,
        ...(body !== undefined ? { body } : {}),
        ...(query ? { query } : {}),
      });
      const rechecked =
        preSend?.recheck && seen !== undefined ? await preSend.recheck(target.api, params, body, seen) : null;
      return rechecked ?? { kind: 'done', result: data };
    } catch (error) {
      return outcomeOf(error, idempotent);
    }
  }

  async function verify(input: OutboxSendInput): Promise<OutboxVerdict> {
    if (waitsForReference(input.payload)) return { verdict: 'absent' }; // it never went out: its dependency was not even resolved
    // Checked like a send: a changed payload is not read for (its body would steer the read), and not sent.
    const valid = validatePayload(input.operation, input.payload);
    if (!valid.ok) {
      const what = valid.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      return { verdict: 'unknown', reason: `${changedAfterSending} ${what}`.slice(0, 500) };
    }
    const verifier = verifiers[input.operation];
    if (!verifier)
      return { verdict: 'unknown', reason: 'The practice offers no way to check whether this action arrived.' };
    const target = deps.targetFor(input.practiceKey);
    if (!target) return { verdict: 'unknown', reason: 'This practice is not connected.' };
    const clock = practiceClock(target.api, {
      sentAtPractice: input.sentAtPractice ? Date.parse(input.sentAtPractice) : null,
      sentAgoMs: input.sentAgoMs ?? null,
    });
    try {
      const verdict = await verifier(clock.api, valid.request.params, valid.request.body, {
        clock,
        claimed: new Set(input.claimed ?? []),
      });
      return judgeAbsence(verdict, clock);
    } catch (error) {
      const reason = `The check could not be made: ${describeApiError(error)}`;
      // No answer, the practice too busy to give one, or a list that changed as it was read: nothing was
      // learnt, so it is read again later.
      if (
        error instanceof NetworkError ||
        error instanceof ListChangedWhileReadError ||
        (error instanceof PartnerApiError && (error.status >= 500 || error.status === 429))
      )
        return {
          verdict: 'not-yet',
          note: `${reason} It is checked again shortly.`.slice(0, 500),
          checkAgainInMs: 60_000,
        };
      return { verdict: 'unknown', reason: reason.slice(0, 500) };
    }
  }

  return { send, verify };
}
export type OutboxExecutor = ReturnType<typeof createOutboxExecutor>;

const retryAfterOf = (error: PartnerApiError): number | null => {
  const seconds = z
    .number()
    .positive()
    .safeParse((error.problem as Record<string, unknown> | null)?.['retryAfterSeconds']);
  return seconds.success ? Math.ceil(seconds.data * 1000) : null;
};

/**
 * The read before a line edit failed: nothing was written, so nothing may still land and a malformed
 * answer proves nothing was applied; a 401/403/404 means for the write what it means for the read.
 */
/** A pre-send check's read failed: nothing was sent, so the entry waits and tries again (never ambiguous). */
function outcomeOfCheck(error: unknown, unreadable: string): OutboxOutcome {
  const outcome = outcomeOf(error, true);
  if (outcome.kind === 'retry') {
    const { mayStillLand: _, ...notSent } = outcome;
    return notSent;
  }
  if (outcome.kind === 'done' || outcome.kind === 'rejected' || outcome.kind === 'ambiguous')
    return {
      kind: 'retry',
      problem: problem(null, 'Not sent yet', `${unreadable}: ${describeApiError(error)}`),
      retryAfterMs: null,
    };
  return outcome;
}

const practiceTimeOf = (error: unknown): { practiceTime?: string } =>
  error instanceof PartnerApiError && error.serverDate ? { practiceTime: error.serverDate.toISOString() } : {};

const mayHaveApplied = (p: OutboxProblem, message: string, error: unknown): OutboxOutcome => ({
  kind: 'ambiguous',
  problem: { ...p, message },
  ...practiceTimeOf(error),
});

/**
 * An idempotent write that went out with no answer from the practice itself: safe to send again, but the
 * practice may still apply this attempt later, so later writes to the same record wait (landing-hold.ts).
 */
const mayStillLand = { mayStillLand: true as const };

/**
 * Every failure, in the outbox's terms (see the Executor row in docs/outbox.md). Whether a write
 * that is not idempotent may have been applied is the one rule in not-applied.ts: only a request that
 * never left, or a 400/403/404/429, proves it was not; anything else is ambiguous (a read settles it).
 * The shared sentences (failure-words.ts) where the outbox means the same thing; its own where the
 * context differs: a 401 concerns the *saved* credentials and holds the whole outbox; a 404 is about what
 * the action refers to; an ambiguous answer must say the change may already be applied; an unreachable
 * server means the entry simply waits.
 */
export function outcomeOf(error: unknown, idempotent: boolean): OutboxOutcome {
  const notApplied = provablyNotApplied(error);
  if (error instanceof PartnerApiError) {
    const p = problem(
      error.status,
      error.title || 'Error',
      error.message || error.title || `The practice answered ${error.status}.`,
    );
    if (error.status === 401)
      return {
        kind: 'unauthorized',
        problem: {
          ...p,
          message:
            'The practice no longer accepts the saved credentials. Enter them again in Settings; the outbox waits until then.',
        },
        // Something answered 401 after the write went out: it is checked, not resent, once they are back.
        ...(idempotent ? {} : { mayHaveApplied: true as const, ...practiceTimeOf(error) }),
      };
    if (!idempotent && !notApplied)
      return mayHaveApplied(
        p,
        `The practice answered ${error.status} after receiving this, so it may or may not have been applied.`,
        error,
      );
    // An idempotent write refused by something in front of the practice (a gateway's page, a redirect) may
    // have been applied behind it, and its refusal says nothing of the write itself: it simply goes again.
    if (!answeredByThePractice(error) && error.status < 500)
      return {
        kind: 'retry',
        problem: {
          ...p,
          message: error instanceof RedirectRefusedError ? failureWords.redirect : failureWords.notFromThePractice,
        },
        retryAfterMs: null,
        ...mayStillLand,
      };
    if (error.status === 403) return { kind: 'forbidden', problem: { ...p, message: failureWords.readOnly } };
    if (error.status === 404)
      return {
        kind: 'gone',
        problem: { ...p, message: error.message || 'What this action refers to no longer exists at the practice.' },
      };
    if (error instanceof EformQuotaError) return eformQuotaWait(error, p);
    if (error.status === 429)
      return {
        kind: 'retry',
        problem: { ...p, message: error.message || failureWords.slowDown },
        retryAfterMs: retryAfterOf(error),
      };
    // Only an idempotent write gets here with another status: sending it again ends in the same place.
    if (error.status >= 500 || error.status === 408)
      return {
        kind: 'retry',
        problem: { ...p, message: failureWords.serverProblem },
        retryAfterMs: null,
        // The practice's own error answer ends its work on the request; a gateway's does not.
        ...(answeredByThePractice(error) ? {} : mayStillLand),
      };
    return { kind: 'rejected', problem: p };
  }
  if (error instanceof NetworkError) {
    // Refused before anything was sent: always safe to try again. Anything else may have arrived.
    if (notApplied || idempotent)
      return {
        kind: 'retry',
        problem: problem(null, 'No connection', `${failureWords.unreachable} This will go out when it can.`),
        retryAfterMs: null,
        ...(notApplied ? {} : mayStillLand),
      };
    return mayHaveApplied(
      problem(null, 'No answer', ''),
      'The request went out but no answer came back, so it may or may not have been applied.',
      error,
    );
  }
  if (error instanceof MalformedResponseError) {
    // The practice accepted the write (2xx) but its answer does not match the contract.
    return { kind: 'done', result: null };
  }
  // The app's own failure: nothing says whether the request had left, so a write that is not idempotent is checked.
  const unexpected = problem(null, 'Error', describeApiError(error));
  if (!idempotent) return { kind: 'ambiguous', problem: unexpected };
  return { kind: 'retry', problem: unexpected, retryAfterMs: null, ...mayStillLand };
}
