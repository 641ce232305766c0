import { statusProvesNotApplied } from '../../src-preload/contract/outbox/send-evidence';
import { NetworkError, PartnerApiError, RedirectRefusedError } from './api-errors';

/**
 * "Did it leave, and was it applied?" — the one rule. A write counts as not applied only on positive
 * evidence: the request never left (a failure before a connection existed: network-failure.ts, by
 * phase), or the practice itself answered a status that says it did not apply it (send-evidence.ts, from
 * the contract). Everything else — any other status, any failure after the request may have left, anything
 * not recognised — may have been applied: a write that is not idempotent is then checked by a read (or
 * held for a person), never simply sent again.
 */
export function provablyNotApplied(error: unknown): boolean {
  if (error instanceof NetworkError) return error.failure === 'unreachable';
  if (error instanceof RedirectRefusedError) return false;
  if (error instanceof PartnerApiError) return statusProvesNotApplied(error.status) && answeredByThePractice(error);
  return false;
}

/**
 * A refusal is the practice's own only when its body has the contract's error shape (problem details, "Errors"
 * rule 1) for the same status. A gateway or proxy in front of the practice answers 400, 403 or 404 with its
 * own page (HTML, or JSON of another shape) — and may do so after the practice behind it applied the write,
 * so its status proves nothing.
 */
export function answeredByThePractice(error: PartnerApiError): boolean {
  const problem = error.problem;
  if (!problem) return false;
  if (typeof problem.status === 'number' && problem.status !== error.status) return false;
  return [problem.title, problem.detail, problem.message, problem.type].some(
    (text) => typeof text === 'string' && text.length > 0,
  );
}
