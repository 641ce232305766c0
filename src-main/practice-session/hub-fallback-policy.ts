import { HubCertificateRefusedError, NetworkError, PartnerApiError } from '../partner-api/api-errors';

/**
 * When a laptop that reads through the practice hub reads the Partner API itself instead. Only when all
 * three hold: it has its own Partner API credentials for the practice; the hub has failed every attempt
 * (no answer, a timeout or a 5xx) for at least ten minutes; and the practice answers. A hub that refuses
 * this laptop (401: a revoked device; or a certificate other than the pinned one) never sends it direct
 * silently — that is said instead. The first answer from the hub takes the laptop back to it.
 */

export const FALL_BACK_AFTER_MS = 10 * 60_000;

/** What one request to the hub showed. */
export type HubOutcome = 'answered' | 'unreachable' | 'refused';

export interface HubHealth {
  /** The first of the consecutive failed attempts (null: the hub answered last, or was never tried). */
  failingSince: string | null;
  /** The hub's last answer refused this laptop. */
  refused: boolean;
}

export const healthyHub: HubHealth = { failingSince: null, refused: false };

/** How a hub request ended, for the policy: an error from the hub's client, or null when it answered. */
export function hubOutcomeOf(error: unknown): HubOutcome {
  if (error === null || error === undefined) return 'answered';
  if (error instanceof HubCertificateRefusedError) return 'refused';
  if (error instanceof NetworkError) return 'unreachable';
  if (error instanceof PartnerApiError) {
    if (error.status === 401) return 'refused';
    return error.status >= 500 ? 'unreachable' : 'answered';
  }
  // Anything else (a malformed answer, an abort) says nothing about reaching the hub.
  return 'answered';
}

export function afterHubOutcome(health: HubHealth, outcome: HubOutcome, at: Date): HubHealth {
  if (outcome === 'answered') return healthyHub;
  if (outcome === 'refused') return { failingSince: null, refused: true };
  return { failingSince: health.failingSince ?? at.toISOString(), refused: false };
}

export type SourceChoice =
  | { source: 'hub'; why: 'answering' | 'refused' | 'not-long-enough' | 'no-credentials' | 'practice-unreachable' }
  | { source: 'direct'; hubUnreachableSince: string };

/** Whether the hub has been failing long enough that, with credentials, the practice is worth asking. */
export function fallBackDue(health: HubHealth, now: Date, afterMs = FALL_BACK_AFTER_MS): boolean {
  return !health.refused && health.failingSince !== null && now.getTime() - Date.parse(health.failingSince) >= afterMs;
}

export function chooseSource(
  health: HubHealth,
  facts: { now: Date; hasDirectCredentials: boolean; practiceReachable: boolean; afterMs?: number },
): SourceChoice {
  if (health.refused) return { source: 'hub', why: 'refused' };
  if (!health.failingSince) return { source: 'hub', why: 'answering' };
  if (!fallBackDue(health, facts.now, facts.afterMs)) return { source: 'hub', why: 'not-long-enough' };
  if (!facts.hasDirectCredentials) return { source: 'hub', why: 'no-credentials' };
  if (!facts.practiceReachable) return { source: 'hub', why: 'practice-unreachable' };
  return { source: 'direct', hubUnreachableSince: health.failingSince };
}
