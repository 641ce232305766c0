/**
 * Pure arithmetic on exact sliding windows. A send at time s occupies a window of length W during
 * [s, s + W): at time t the window holds the sends in (t − W, t], as the demo server counts them.
 * Every list here is an ascending array of epoch milliseconds.
 */

export const WINDOW_NAMES = ['minute', 'hour', 'day'] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];
export const WINDOW_MS: Readonly<Record<WindowName, number>> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
export const LONGEST_WINDOW_MS = WINDOW_MS.day;

export interface WindowTimeline {
  ms: number;
  /** Every send that counts in this window (real sends and phantoms learned for it or narrower). */
  times: number[];
}

/** Index of the first entry strictly greater than value. */
export function upperBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Keeps the list ascending; sends arrive in time order, so this is nearly always a push. */
export function insertSorted(list: number[], value: number): void {
  const last = list[list.length - 1];
  if (last === undefined || last <= value) list.push(value);
  else list.splice(upperBound(list, value), 0, value);
}

/** Inserts the same value count times. */
export function insertMany(list: number[], value: number, count: number): void {
  for (let i = 0; i < count; i += 1) insertSorted(list, value);
}

/**
 * Drops entries that can no longer matter (≤ keepAfter) and pulls entries from the future back to now:
 * a clock set back must not let old sends block a window for longer than one window length from now.
 */
export function tidy(list: number[], now: number, keepAfter: number): void {
  const stale = upperBound(list, keepAfter);
  if (stale > 0) list.splice(0, stale);
  for (let i = list.length - 1; i >= 0 && (list[i] as number) > now; i -= 1) list[i] = now;
}

/** Sends counted at time t (entries after t count as well: see tidy). */
export function countInWindow(list: readonly number[], t: number, windowMs: number): number {
  return list.length - upperBound(list, t - windowMs);
}

/**
 * Earliest time ≥ t at which the window holds fewer than cap sends, if nothing else is sent.
 * With c ≥ cap sends in the window, the (c − cap + 1) oldest must age out; the last of them is the
 * cap-th newest entry, which leaves the window exactly windowMs after it was sent.
 */
export function earliestBelowCap(list: readonly number[], t: number, windowMs: number, cap: number): number {
  if (cap <= 0) return Number.POSITIVE_INFINITY;
  if (countInWindow(list, t, windowMs) < cap) return t;
  return (list[list.length - cap] as number) + windowMs;
}

/**
 * Earliest time ≥ t at which one more send fits every window under its cap and no pause holds.
 * Windows only ever free up as time passes, so the answer is the latest of the per-window answers.
 */
export function earliestGrant(
  windows: readonly WindowTimeline[],
  caps: readonly number[],
  t: number,
  pausedUntil: number | null,
): number {
  let at = pausedUntil !== null && pausedUntil > t ? pausedUntil : t;
  windows.forEach((window, i) => {
    at = Math.max(at, earliestBelowCap(window.times, t, window.ms, caps[i] ?? 0));
  });
  return at;
}

/**
 * Time at which the n-th of n further sends could go out if each is sent as early as allowed
 * (greedy is optimal here: sending earlier never delays a later send's window expiries less).
 * Works on copies; Infinity when the caps can never be met.
 */
export function simulateGreedy(
  windows: readonly WindowTimeline[],
  caps: readonly number[],
  t: number,
  pausedUntil: number | null,
  n: number,
): number {
  const copies = windows.map((w) => ({ ms: w.ms, times: w.times.slice(upperBound(w.times, t - w.ms)) }));
  let last = t;
  for (let k = 0; k < n; k += 1) {
    last = earliestGrant(copies, caps, last, pausedUntil);
    if (!Number.isFinite(last)) return last;
    for (const copy of copies) insertSorted(copy.times, last);
  }
  return last;
}
