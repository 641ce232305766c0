import type { OutboxOutcome, OutboxProblem } from '../../src-preload/contract/outbox/outbox-entry';
import type { EformQuotaError } from '../partner-api/eform-quota';

/** "2026-11-27 00:00 UTC": main knows no region; the outbox screen shows the time in the practice's own. */
const utcMinute = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The practice's daily eForm quota refused this eForm: it waits until the quota resets, not for a backoff
 * (anything sooner would be refused again and cost a request), and says why. `waitsFor` lets the outbox
 * hold only eForms behind it, while every other entry goes on.
 */
export function eformQuotaWait(error: EformQuotaError, problem: OutboxProblem, now = Date.now()): OutboxOutcome {
  return {
    kind: 'retry',
    problem: {
      ...problem,
      title: 'Daily eForm quota used up',
      message: `The practice's daily eForm quota is used up; this goes out after ${utcMinute(error.resetAt)}.`,
      waitsFor: 'eform-quota',
    },
    retryAfterMs: Math.max(0, Math.ceil(error.resetAt - now)),
  };
}
