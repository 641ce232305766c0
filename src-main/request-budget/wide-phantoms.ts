import { HEADER_SLACK_MS, type BudgetLedger } from './budget-ledger';

/**
 * What a response's count may lack, taken before the response's own lesson is recorded: our sends not yet
 * answered, and whatever we sent or learned within the longest an exchange takes (the server counted when
 * the request arrived, and answers can come back out of order).
 */
export function notYetCountedBy(ledger: BudgetLedger, inFlight: number, now: number): number {
  const since = now - HEADER_SLACK_MS;
  return inFlight + ledger.ownBetween(since, now) + ledger.othersBetween(since, now);
}
import type { RequestPriority } from './request-budget-types';
import { countInWindow, earliestGrant, WINDOW_NAMES, type WindowName } from './sliding-windows';

/**
 * Phantoms learned for the hour or the day (other laptops' sends, revealed when that window was the one with
 * the fewest left) count as if sent when learned: the safest guess, but they stay in our windows up to a
 * whole window longer than the sends they stand for. A laptop that learned the hour was nearly full could
 * then refuse its own user for most of an hour while the server had room again. Two corrections, both from
 * what the server says:
 */

/** A user's request blocked only by such phantoms asks the server once nothing was heard from it this long. */
export const PROBE_EVERY_MS = 30_000;

/**
 * 1. The server names the window with the fewest requests left, so every wider window has at least as many
 *    left. Phantoms our view still holds beyond that have left the server's window: the oldest of them are
 *    forgotten, allowing for what the server's count may lack. Returns how many were forgotten.
 */
export function forgetShownGone(
  ledger: BudgetLedger,
  limits: Readonly<Record<WindowName, number>>,
  level: number,
  remaining: number,
  /** What the server's count may lack: see `notYetCountedBy`. */
  notYetCounted: number,
  now: number,
): number {
  let forgotten = 0;
  for (let wider = level + 1; wider < WINDOW_NAMES.length; wider += 1) {
    const window = ledger.windows[wider]!;
    const most = limits[WINDOW_NAMES[wider] as WindowName] - remaining + notYetCounted;
    const excess = countInWindow(window.times, now, window.ms) - most;
    if (excess <= 0) continue;
    const before = countInWindow(window.times, now, window.ms);
    ledger.forgetPhantoms(now, wider, excess);
    forgotten += before - countInWindow(window.times, now, window.ms);
  }
  return forgotten;
}

/**
 * 2. When the user (interactive) or the outbox waits only because of such phantoms — what is known for sure
 *    would let it go — one request goes as a probe once neither an answer has come nor a probe gone for
 *    PROBE_EVERY_MS (any answer corrects the view, 1 above, so a probe follows only silence). If the window really is full, the server's
 *    429 pauses us as any 429 does. Returns when the request may go as a probe, or null when it may not.
 */
export function probeAt(
  ledger: BudgetLedger,
  caps: readonly number[],
  priority: RequestPriority,
  now: number,
  /** The last response observed or probe sent, whichever is later. */
  lastHeardAt: number,
): number | null {
  if (priority !== 'interactive' && priority !== 'outbox') return null;
  const known = earliestGrant(ledger.knownWindows(), caps, now, ledger.pausedUntil);
  return Number.isFinite(known) ? Math.max(known, lastHeardAt + PROBE_EVERY_MS) : null;
}
