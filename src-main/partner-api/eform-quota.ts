import { dayStartMs, shiftDay, utcDay } from '../../src-preload/contract/iso-day';
import { PartnerApiError } from './api-errors';
import { parseHttpDate, parseRateLimit, parseRetryAfterMs, type HeaderSource } from '../request-budget/response-hints';

const HOUR_MS = 3_600_000;

/**
 * The contract's one other limit: sending eForms answers 429 for the rate limit OR the practice's daily
 * eForm quota. The two must not be confused. Taken for the rate limit, a quota refusal would pause every
 * request until the quota resets (midnight UTC at the demo, hours away); taken for the quota, a rate-limit
 * refusal only holds eForms back for its Retry-After while the next other request meets the 429 itself.
 * So an eForm-sending 429 is the quota unless the answer shows it is the rate limit.
 */
export type Refusal = 'eform-quota';

/** The routes that spend the quota: POST /eforms (create and send) and POST /eforms/{formKey}/send. */
const EFORM_SENDING = /\/api\/v1\/eforms(?:\/[^/?#]+\/send)?\/?(?:[?#]|$)/;

export const spendsEformQuota = (method: string, url: string): boolean =>
  method.toUpperCase() === 'POST' && EFORM_SENDING.test(url);

/** What the problem body says, in lower case ('' when there is none). */
function problemText(problem: unknown): string {
  if (!problem || typeof problem !== 'object') return '';
  const fields = problem as Record<string, unknown>;
  return ['title', 'detail', 'message', 'type']
    .map((key) => (typeof fields[key] === 'string' ? (fields[key] as string) : ''))
    .join(' ')
    .toLowerCase();
}

/**
 * Which limit a 429 on an eForm-sending route is, in the order the answer can show it:
 * 1. the problem body names it ("quota" → the quota, "rate limit" → the rate limit: the demo's wording);
 * 2. the headers: an exhausted rate window (none left of a positive limit) whose refusal lasts at most an
 *    hour is the rate limit (the minute's or the hour's; the quota waits for the day's end);
 * 3. otherwise the quota (see above why that is the safe side).
 * Never on whether the Limit equals one of the rate windows' (a quota of 60 or 1000 does).
 */
export function isEformQuotaRefusal(headers: HeaderSource, problem: unknown, nowMs: number): boolean {
  const text = problemText(problem);
  if (text.includes('quota')) return true;
  if (text.includes('rate limit') || text.includes('rate-limit')) return false;
  const hint = parseRateLimit(headers);
  const retryMs = parseRetryAfterMs(headers, nowMs);
  const exhaustedWindow = hint !== undefined && hint.remaining === 0 && retryMs !== undefined && retryMs <= HOUR_MS;
  return !exhaustedWindow;
}

/** When the quota frees again: Retry-After, else X-RateLimit-Reset (epoch seconds), else the next UTC midnight. */
export function quotaResetAt(headers: HeaderSource, nowMs: number): number {
  const retry = parseRetryAfterMs(headers, nowMs);
  if (retry !== undefined) return nowMs + retry;
  const reset = headers.get('X-RateLimit-Reset')?.trim();
  if (reset && /^\d{9,11}$/.test(reset)) {
    const serverNow = parseHttpDate(headers.get('Date')) ?? nowMs;
    const at = nowMs + (Number(reset) * 1000 - serverNow);
    if (at > nowMs) return at;
  }
  return dayStartMs(shiftDay(utcDay(nowMs), 1));
}

/** The practice refused an eForm for its daily quota: eForms wait until resetAt; nothing else does. */
export class EformQuotaError extends PartnerApiError {
  constructor(
    source: PartnerApiError,
    /** Epoch ms (laptop clock) after which the quota has room again. */
    readonly resetAt: number,
  ) {
    super(source.status, source.title, source.message, source.problem);
    this.name = 'EformQuotaError';
  }
}
