import { statusProvesNotApplied } from '../../src-preload/contract/outbox/send-evidence';
import { NetworkError, PartnerApiError, RedirectRefusedError } from './api-errors';

/**
 * "Did it leave, and was it applied?" — the one rule. A write counts as not applied only on positive
 * evidence: the request never left (a failure before a connection existed: network-failure.ts, by
 * phase), or the practice answered a status that says it did not apply it (send-evidence.ts, from the
 * contract). Everything else — any other status, any failure after the request may have left, anything
 * not recognised — may have been applied: a write that is not idempotent is then checked by a read (or
 * held for a person), never simply sent again.
 */
export function provablyNotApplied(error: unknown): boolean {
  if (error instanceof NetworkError) return error.failure === 'unreachable';
  if (error instanceof RedirectRefusedError) return false;
  if (error instanceof PartnerApiError) return statusProvesNotApplied(error.status);
  return false;
}
