/**
 * Reading what the server says about its limits. Every parser here answers undefined for anything it
 * does not fully understand: a misread header must never widen the budget.
 */

export interface HeaderSource {
  get(name: string): string | null;
}

/** What a 429 pauses for when Retry-After is missing or unreadable. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
/** The contract promises at least one second; a zero or past value still gets one. */
export const MIN_RETRY_AFTER_MS = 1_000;
/**
 * No rate-limit window is longer than a day, so a longer Retry-After is a server or proxy mistake;
 * honouring it would lock the app out for good, since the pause is persisted.
 */
export const MAX_RETRY_AFTER_MS = 86_400_000;

const DELTA_SECONDS = /^\d+(?:\.\d+)?$/;
// RFC 9110 §5.6.7: IMF-fixdate, the obsolete RFC 850 form, and asctime (which carries no zone: GMT).
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_850 = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** An HTTP date as epoch ms, or undefined. Date.parse alone accepts far too much ("1", "May 5"). */
export function parseHttpDate(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  let ms = Number.NaN;
  if (IMF_FIXDATE.test(text)) ms = Date.parse(text);
  else if (RFC_850.test(text)) ms = Date.parse(text);
  else if (ASCTIME.test(text)) ms = Date.parse(`${text} GMT`);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Retry-After as a delay in ms: delta-seconds, or an HTTP date. A date is measured against the
 * response's own Date header when there is one, so a laptop clock that is off does not shorten or
 * stretch the pause; otherwise against our clock.
 */
export function parseRetryAfterMs(headers: HeaderSource, nowMs: number): number | undefined {
  const raw = headers.get('Retry-After');
  if (raw === null) return undefined;
  const text = raw.trim();
  let delay: number | undefined;
  if (DELTA_SECONDS.test(text)) {
    delay = Number(text) * 1000;
  } else {
    const at = parseHttpDate(text);
    if (at === undefined) return undefined;
    const serverNow = parseHttpDate(headers.get('Date'));
    delay = at - (serverNow ?? nowMs);
  }
  if (!Number.isFinite(delay)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, delay));
}

export interface RateLimitHint {
  limit: number;
  remaining: number;
}

const NON_NEGATIVE_INTEGER = /^\d{1,9}$/;

/** X-RateLimit-Limit / -Remaining, both required and sane (Remaining ≤ Limit), else undefined. */
export function parseRateLimit(headers: HeaderSource): RateLimitHint | undefined {
  const limitText = headers.get('X-RateLimit-Limit')?.trim();
  const remainingText = headers.get('X-RateLimit-Remaining')?.trim();
  if (limitText === undefined || remainingText === undefined) return undefined;
  if (!NON_NEGATIVE_INTEGER.test(limitText) || !NON_NEGATIVE_INTEGER.test(remainingText)) return undefined;
  const limit = Number(limitText);
  const remaining = Number(remainingText);
  if (limit <= 0 || remaining > limit) return undefined;
  return { limit, remaining };
}

/**
 * X-RateLimit-Reset as a delay in ms from the answer, or undefined. Its units are not in the contract: a
 * value that reads as epoch seconds (the demo's) or epoch ms is measured against the response's Date
 * header when there is one, like Retry-After; a small value is taken as delta-seconds. Anything else, or a
 * time more than a day away, is unreadable.
 */
export function parseRateLimitResetMs(headers: HeaderSource, nowMs: number): number | undefined {
  const text = headers.get('X-RateLimit-Reset')?.trim();
  if (text === undefined || !/^\d{1,13}$/.test(text)) return undefined;
  const value = Number(text);
  const serverNow = parseHttpDate(headers.get('Date')) ?? nowMs;
  let delay: number;
  if (value >= 1e12) delay = value - serverNow;
  else if (value >= 1e9) delay = value * 1000 - serverNow;
  else delay = value * 1000;
  if (!Number.isFinite(delay) || delay > MAX_RETRY_AFTER_MS) return undefined;
  return Math.max(0, delay);
}
