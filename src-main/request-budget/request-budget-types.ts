import type { Refusal } from '../partner-api/eform-quota';
import type { RequestPriority } from '../partner-api/partner-api-client';
import type { BudgetStore } from './budget-store';
import type { BudgetTimer } from './budget-timer';
import type { BudgetLimits, LimitsSource } from './limit-adoption';
import type { ReserveShares } from './reserves';

// Declared once, with the client that carries it on every request; the budget orders its queues by it.
export type { BudgetLimits, RequestPriority };

export interface RequestBudgetOptions {
  clientId: string;
  timer: BudgetTimer;
  store: BudgetStore;
  /**
   * Default 60/1000/10000, the contract's defaults. Limits the server announced for this Client ID
   * (persisted in the store) replace them window by window: limit-adoption.ts.
   */
  limits?: BudgetLimits;
  /**
   * Share of each window kept for interactive and outbox requests, in [0, 1): prefetch and background may
   * not use the last 25% of the minute, 5% of the hour, 3% of the day (DEFAULT_RESERVE, see reserves.ts),
   * and always have at least one request of each window. Shares follow the limits in force.
   */
  reserve?: Partial<ReserveShares>;
  /** Extra time each send stays in our windows (see EDGE_GUARD_MS); default 0. */
  edgeGuardMs?: number;
  /** Where failed background saves are reported (default console.error); the budget keeps running. */
  onError?: (error: unknown) => void;
}

export interface BudgetSnapshot {
  /** The limits in force: the configured ones, or what the server announced for this Client ID. */
  limits: BudgetLimits;
  /** 'server' once the server announced any window's limit (kept across restarts). */
  limitsSource: LimitsSource;
  /** Requests of each window kept for interactive and outbox (at the limits in force). */
  reserved: BudgetLimits;
  /**
   * The Client ID's use over the last hour as far as this laptop knows: its own sends, and other laptops'
   * sends revealed by X-RateLimit-Remaining (a lower bound; each counted once).
   */
  usage: { ownLastHour: number; othersLastHour: number };
  /** What an interactive request could still use in each window now (the reserve included). */
  remaining: { minute: number; hour: number; day: number };
  pausedUntil: number | null;
  waiting: Record<RequestPriority, number>;
}

export interface RequestBudget {
  /**
   * Waits until a request of this priority may be sent, then records it as sent (persisted, see
   * SAVE_INTERVAL_MS) and resolves. Higher priorities are always granted first; among equals, FIFO.
   * Rejects with signal.reason if aborted while waiting, and then records nothing.
   */
  reserve(priority: RequestPriority, signal?: AbortSignal): Promise<void>;
  /**
   * Feed every response back (status and headers). X-RateLimit-Remaining below what we believe adds
   * phantom sends; a rate-limit 429 pauses all grants until Retry-After (seconds or HTTP date; 60 s when
   * unreadable), persisted at once. Remaining never raises what we believe is left; an X-RateLimit-Limit
   * that is none of our windows' limits may replace one (limit-adoption.ts). `refusal: 'eform-quota'`
   * (the client's verdict on an eForm's 429) means the headers describe the quota: nothing is learned.
   */
  observe(response: { status: number; headers: { get(name: string): string | null } }, refusal?: Refusal): void;
  snapshot(): BudgetSnapshot;
  /**
   * Earliest time (ms from now) at which n more requests of this priority (default 'background', the
   * full-import case) could all have been sent, given the current history and pause. Pure: ignores
   * requests already waiting.
   */
  estimateMs(n: number, priority?: RequestPriority): number;
  /** Persist now (app shutdown). Throws what the store throws. */
  flush(): void;
  /** Rejects pending waiters with an AbortError, persists, and refuses further reserves. */
  dispose(): void;
}
