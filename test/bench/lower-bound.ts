import { DEFAULT_LIMITS } from '../../src-main/request-budget/request-budget';
import { simulateGreedy, WINDOW_MS, WINDOW_NAMES } from '../../src-main/request-budget/sliding-windows';

/**
 * The best the default limits allow: ms from `now` until the last of `n` more requests could be sent,
 * given the send times so far — the request budget's own greedy planner over the three exact sliding
 * windows, with no reserve (the first request goes at 0).
 */
export function lowerBoundMs(sent: readonly number[], now: number, n: number): number {
  const times = [...sent].sort((a, b) => a - b);
  const windows = WINDOW_NAMES.map((name) => ({ ms: WINDOW_MS[name], times }));
  return (
    simulateGreedy(windows, [DEFAULT_LIMITS.perMinute, DEFAULT_LIMITS.perHour, DEFAULT_LIMITS.perDay], now, null, n) -
    now
  );
}
