import type { Clock } from '../../clock';

export interface RateWindow {
  name: 'minute' | 'hour' | 'day';
  windowMs: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** The window with the fewest requests left (the binding one), for the X-RateLimit-* headers. */
  limit: number;
  remaining: number;
  /** When the binding window frees its next slot. */
  resetAt: Date;
  /** Set when refused: how long until a request would be accepted. */
  retryAfterMs: number;
}

/**
 * Exact sliding windows per Client ID: each accepted request's time is kept (at most the daily
 * maximum), so "60 in any 60 seconds" means exactly that. Refused requests are not counted.
 */
export function createRateLimiter(windows: readonly RateWindow[], clock: Clock) {
  const history = new Map<string, number[]>();
  const longest = Math.max(...windows.map((w) => w.windowMs));

  function countSince(times: number[], since: number): { count: number; first: number | undefined } {
    // times is sorted ascending; binary search for the first time > since.
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((times[mid] ?? 0) > since) hi = mid;
      else lo = mid + 1;
    }
    return { count: times.length - lo, first: times[lo] };
  }

  return {
    take(clientId: string): RateDecision {
      const now = clock.now().getTime();
      let times = history.get(clientId);
      if (!times) history.set(clientId, (times = []));
      // Drop what no window can see any more.
      const expired = countSince(times, now - longest);
      if (expired.count < times.length) times.splice(0, times.length - expired.count);

      let binding: { window: RateWindow; remaining: number; resetAt: number } | undefined;
      let retryAfterMs = 0;
      for (const window of windows) {
        const { count, first } = countSince(times, now - window.windowMs);
        const resetAt = first === undefined ? now + window.windowMs : first + window.windowMs;
        if (count >= window.max) {
          // The oldest request inside the window must age out before another fits.
          const oldestInWindow = times[times.length - window.max] ?? now;
          retryAfterMs = Math.max(retryAfterMs, oldestInWindow + window.windowMs - now);
        }
        const remaining = window.max - count;
        if (!binding || remaining < binding.remaining) binding = { window, remaining, resetAt };
      }
      if (!binding) throw new Error('createRateLimiter needs at least one window');
      const allowed = retryAfterMs === 0;
      if (allowed) {
        times.push(now);
        binding.remaining -= 1;
      }
      return {
        allowed,
        limit: binding.window.max,
        remaining: Math.max(0, binding.remaining),
        resetAt: new Date(binding.resetAt),
        retryAfterMs,
      };
    },
    /** Requests accepted in the last window of the given length (tests and benchmarks). */
    countSince(clientId: string, windowMs: number): number {
      const times = history.get(clientId) ?? [];
      return countSince(times, clock.now().getTime() - windowMs).count;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
