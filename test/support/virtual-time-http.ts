import type { Clock } from '../../src-main/clock';
import type { VirtualTimer } from '../../src-main/request-budget/budget-timer';

/** One request as the client sent it and what came back, on virtual time. */
export interface ExchangeRecord {
  sentAt: number;
  url: string;
  status: number | null;
  retryAfter: string | null;
  /** X-RateLimit-Limit and -Remaining as answered ("limit/remaining"), when the server sent them. */
  rateLimit?: string;
}

/** The demo practice's clock, following the virtual timer (so its windows and Date header agree with ours). */
export const clockOf = (timer: VirtualTimer): Clock => ({ now: () => new Date(timer.now()) });

const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * fetch for rate-limited runs on virtual time: the clock is held for the whole exchange (body included),
 * so a real HTTP round trip to the local demo practice takes no virtual time, and every exchange is logged.
 */
export function createVirtualTimeFetch(timer: VirtualTimer, base: typeof globalThis.fetch = fetch) {
  const log: ExchangeRecord[] = [];
  const virtualFetch: typeof globalThis.fetch = async (input, init) => {
    const release = timer.hold();
    const record: ExchangeRecord = {
      sentAt: timer.now(),
      url: String(input instanceof Request ? input.url : input),
      status: null,
      retryAfter: null,
    };
    log.push(record);
    try {
      const response = await base(input, init);
      const bytes = await response.arrayBuffer();
      record.status = response.status;
      record.retryAfter = response.headers.get('retry-after');
      const limit = response.headers.get('x-ratelimit-limit');
      if (limit !== null) record.rateLimit = `${limit}/${response.headers.get('x-ratelimit-remaining') ?? '?'}`;
      return new Response(nullBodyStatuses.has(response.status) ? null : bytes, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      release();
    }
  };
  return { fetch: virtualFetch, log };
}

/** Most requests sent within any window of `windowMs` (exact sliding window over the send times). */
export function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
