import type { RequestPriority } from '../partner-api/partner-api-client';
import { WINDOW_MS, type WindowName } from './sliding-windows';

/** Share of each window's limit kept for interactive and outbox requests: fractions in [0, 1). */
export interface ReserveShares {
  perMinute: number;
  perHour: number;
  perDay: number;
}

/**
 * - perMinute 0.25: prefetch and background (an import, a meeting pack) may fill at most 75% of any
 *   minute, counting what other laptops on the Client ID are known to have sent. The other 25% (15 of
 *   the default 60) is what a user needs to open a client or send an outbox item at once, on this laptop
 *   or another one, while an import runs: every laptop's background stops at the same 45, so together
 *   they never take the last 15. It costs an import nothing over an hour: 45 a minute is still far more
 *   than the hourly window lets background send (950 an hour, 16 a minute on average).
 * - perHour 0.05 and perDay 0.03: 50 of 1000 an hour, 300 of 10000 a day at the default limits, so a
 *   long import cannot lock the user out for the rest of the hour or day.
 * Shares, not counts, so they follow a Client ID's own limits when the server announces them.
 */
export const DEFAULT_RESERVE: Readonly<ReserveShares> = { perMinute: 0.25, perHour: 0.05, perDay: 0.03 };

const KEYS: Record<WindowName, keyof ReserveShares> = { minute: 'perMinute', hour: 'perHour', day: 'perDay' };

/** The shares to use: defaults for what is not given; a share outside [0, 1) would starve or mean nothing. */
export function reserveShares(given: Partial<ReserveShares> = {}): ReserveShares {
  const shares = { ...DEFAULT_RESERVE, ...given };
  for (const [name, share] of Object.entries(shares)) {
    if (!(Number.isFinite(share) && share >= 0 && share < 1))
      throw new RangeError(`reserve.${name} must be a share in [0, 1)`);
  }
  return shares;
}

/**
 * Requests of a window kept back from prefetch and background: the share, rounded up, but never the whole
 * window (at least one request is left for them, however small the limit).
 */
export function reservedOf(limit: number, share: number): number {
  // The epsilon keeps 1000 × 0.05 at 50, whatever the floating-point rounding.
  return Math.max(0, Math.min(limit - 1, Math.ceil(limit * share - 1e-9)));
}

/** The reserve of every window at these limits (requests). */
export function reservedCounts(limits: Readonly<Record<WindowName, number>>, shares: ReserveShares): ReserveShares {
  return {
    perMinute: reservedOf(limits.minute, shares.perMinute),
    perHour: reservedOf(limits.hour, shares.perHour),
    perDay: reservedOf(limits.day, shares.perDay),
  };
}

/**
 * How far above the hour's average pace prefetch and background may go in one minute while other laptops
 * share the Client ID. The server's headers name only the window with the fewest requests left, so the
 * hour's count is seen only once the hour has fewer left than the minute. An import that filled 75% of every
 * minute hid the hour until it had 15 left, and users on other laptops then met 429s; paced, a minute keeps
 * about two thirds of its requests and the hour shows itself with some 40 left, before background has
 * taken the users' share.
 */
export const SHARED_PACE = 1.25;

/**
 * Per window (minute, hour, day): how many sends it may hold before a request of this priority must wait.
 * `shared`: other laptops were seen spending the Client ID within the hour, so prefetch and background are
 * paced over the hour (SHARED_PACE) instead of taking the hour's allowance in its first minutes.
 */
export function capsFor(
  priority: RequestPriority,
  limits: Readonly<Record<WindowName, number>>,
  shares: ReserveShares,
  shared = false,
): number[] {
  const low = priority === 'prefetch' || priority === 'background';
  const cap = (name: WindowName): number => limits[name] - (low ? reservedOf(limits[name], shares[KEYS[name]]) : 0);
  const hourly = cap('hour');
  const paced = Math.max(1, Math.ceil((SHARED_PACE * hourly * WINDOW_MS.minute) / WINDOW_MS.hour));
  const minute = low && shared ? Math.min(cap('minute'), paced) : cap('minute');
  return [minute, hourly, cap('day')];
}
