import { createBudgetLedger, HEADER_SLACK_MS, type LedgerWindow } from './budget-ledger';
import type { PersistedBudget } from './budget-store';
import { createExchangeSlack } from './exchange-slack';
import type { Refusal } from '../partner-api/eform-quota';
import { createLimitBook } from './limit-adoption';
import { capsFor, reservedCounts, reserveShares } from './reserves';
import { forgetShownGone, notYetCountedBy, probeAt } from './wide-phantoms';
import {
  parseRateLimit,
  parseRateLimitResetMs,
  parseRetryAfterMs,
  DEFAULT_RETRY_AFTER_MS,
  type HeaderSource,
} from './response-hints';
import { WINDOW_MS, WINDOW_NAMES, countInWindow, earliestGrant, simulateGreedy } from './sliding-windows';
import type {
  BudgetLimits,
  BudgetSnapshot,
  RequestBudget,
  RequestBudgetOptions,
  RequestPriority,
} from './request-budget-types';

export type {
  BudgetLimits,
  BudgetSnapshot,
  RequestBudget,
  RequestBudgetOptions,
  RequestPriority,
} from './request-budget-types';
export { DEFAULT_RESERVE } from './reserves';

/**
 * One budget per Client ID: every Partner API request waits here for a slot in the server's exact
 * sliding windows (60/min, 1000/h, 10000/day by default, or the Client ID's own limits once the server
 * announced them), so that a 429 means someone else used our Client ID, not that we planned badly.
 * Priorities decide who goes first when slots are scarce, and reserves keep part of every window for the
 * user (on any laptop sharing the Client ID); the history is persisted so a restart cannot forget it.
 * Response headers and 429s make it more careful; only what the server shows corrects old knowledge of
 * other laptops' sends (wide-phantoms.ts).
 */

export const DEFAULT_LIMITS: BudgetLimits = { perMinute: 60, perHour: 1000, perDay: 10_000 };
/** Saves are coalesced to one per second of budget time: a crash loses at most the last second's sends. */
export const SAVE_INTERVAL_MS = 1_000;
const HOUR_MS = WINDOW_MS.hour;

const PRIORITIES: readonly RequestPriority[] = ['interactive', 'outbox', 'prefetch', 'background']; // highest first
interface Waiter {
  priority: RequestPriority;
  resolve: () => void;
  reject: (reason: unknown) => void;
  detach: () => void;
}

const abortError = (message: string): Error => new DOMException(message, 'AbortError');

export function createRequestBudget(options: RequestBudgetOptions): RequestBudget {
  const { clientId, timer, store } = options;
  const configured = options.limits ?? DEFAULT_LIMITS;
  const shares = reserveShares(options.reserve);
  const onError = options.onError ?? ((error: unknown) => console.error('[request-budget]', error));
  for (const [name, value] of Object.entries(configured)) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`limits.${name} must be a positive integer`);
  }

  let stored: PersistedBudget | undefined;
  try {
    stored = store.load(clientId);
  } catch (error) {
    onError(error); // unreadable counts as empty: the server's headers and 429s still correct us
  }
  const ledger = createBudgetLedger(stored, timer.now(), options.edgeGuardMs ?? 0);
  const book = createLimitBook(configured, stored?.limits);
  const limitOf = book.current;
  const exchanges = createExchangeSlack();
  // Others seen spending the Client ID within the hour: background is paced over the hour (reserves.ts).
  const capsOf = (priority: RequestPriority): number[] => {
    const now = timer.now();
    return capsFor(priority, limitOf, shares, ledger.othersBetween(now - HOUR_MS, now) > 0);
  };

  const queues: Record<RequestPriority, Waiter[]> = { interactive: [], outbox: [], prefetch: [], background: [] };
  let pumping = false;
  // A probe is due only after silence: no response for a while, and no probe sent meanwhile.
  let lastHeardAt = Number.NEGATIVE_INFINITY;
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  let sleeper: { controller: AbortController; priority: RequestPriority } | null = null;
  let saveTimer: AbortController | null = null;
  let lastSavedAt = Number.NEGATIVE_INFINITY;
  let dirty = false;
  let disposed = false;

  function flush(): void {
    saveTimer?.abort();
    saveTimer = null;
    ledger.tidy(timer.now());
    const limits = book.toPersisted();
    store.save(clientId, limits ? { ...ledger.toPersisted(), limits } : ledger.toPersisted());
    dirty = false;
    lastSavedAt = timer.now();
  }

  function saveSoon(): void {
    if (!dirty || saveTimer || disposed) return;
    const wait = lastSavedAt + SAVE_INTERVAL_MS - timer.now();
    const controller = new AbortController();
    saveTimer = controller;
    const save = (): void => {
      if (saveTimer !== controller) return;
      saveTimer = null;
      try {
        flush();
      } catch (error) {
        onError(error); // stays dirty; the next grant retries
      }
    };
    if (wait <= 0) save();
    else timer.sleep(wait, controller.signal).then(save, () => undefined);
  }

  const head = (): Waiter | undefined => {
    for (const priority of PRIORITIES) if (queues[priority][0]) return queues[priority][0];
    return undefined;
  };

  function kick(): void {
    if (sleeper) sleeper.controller.abort();
    else if (!pumping) void pump();
  }

  /**
   * The single planner. Grants run synchronously, so concurrent reserve() calls can never both see the
   * same free slot. Strict head-of-line order is also work-conserving: a higher priority is never more
   * restricted than a lower one, so when the head must wait, everyone behind it must too.
   */
  async function pump(): Promise<void> {
    pumping = true;
    try {
      for (let next = head(); next && !disposed; next = head()) {
        const now = timer.now();
        ledger.tidy(now);
        const caps = capsOf(next.priority);
        let at = earliestGrant(ledger.windows, caps, now, ledger.pausedUntil);
        const probe = at > now ? probeAt(ledger, caps, next.priority, now, Math.max(lastHeardAt, lastProbeAt)) : null;
        if (probe !== null && probe < at) at = probe;
        if (at <= now) {
          if (probe !== null && probe <= now && probe < earliestGrant(ledger.windows, caps, now, ledger.pausedUntil))
            lastProbeAt = now;
          queues[next.priority].shift();
          next.detach();
          ledger.recordSend(now);
          exchanges.granted(now);
          dirty = true;
          next.resolve();
          continue;
        }
        saveSoon();
        const controller = new AbortController();
        sleeper = { controller, priority: next.priority };
        try {
          if (Number.isFinite(at)) await timer.sleep(at - now, controller.signal);
          else await new Promise((_, reject) => controller.signal.addEventListener('abort', reject, { once: true }));
        } catch {
          // Woken early on purpose: something changed, plan again.
        } finally {
          sleeper = null;
        }
      }
    } finally {
      pumping = false;
      saveSoon();
    }
  }

  function reserve(priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    if (!PRIORITIES.includes(priority))
      return Promise.reject(new TypeError(`Unknown request priority: ${String(priority)}`));
    if (disposed) return Promise.reject(abortError('The request budget was disposed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const queue = queues[priority];
        const index = queue.indexOf(waiter);
        if (index < 0) return;
        queue.splice(index, 1);
        reject(signal?.reason);
        kick();
      };
      const waiter: Waiter = { priority, resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      queues[priority].push(waiter);
      // Re-plan only when the newcomer jumps ahead of the request the planner is sleeping for.
      if (!pumping) void pump();
      else if (sleeper && PRIORITIES.indexOf(priority) < PRIORITIES.indexOf(sleeper.priority))
        sleeper.controller.abort();
    });
  }

  /** Our own sends the server has surely counted in window `level` now: well inside it, and old enough to have arrived. */
  function surelyCounted(level: number, now: number): number {
    const name = WINDOW_NAMES[level];
    return name === undefined ? 0 : ledger.ownBetween(now - WINDOW_MS[name] + HEADER_SLACK_MS, now - HEADER_SLACK_MS);
  }

  /**
   * Learns from a response. A rate-limit 429 pauses every grant (and the pause is saved at once); its
   * rate-limit headers describe a refusal whose timing Retry-After already gives, so counts are corrected
   * only from responses the server counted, but the Limit it names is adopted like any other (a 429 is
   * the surest sign the budget plans by the wrong limit). The daily eForm quota's 429 (the client tells it
   * apart: eform-quota.ts) says nothing about the rate windows: eForms wait for it, the budget does not.
   */
  function observe(response: { status: number; headers: HeaderSource }, refusal?: Refusal): void {
    if (disposed) return;
    const now = timer.now();
    ledger.tidy(now);
    lastHeardAt = now;
    const slack = exchanges.answered(now);
    if (refusal === 'eform-quota') return;
    const hint = parseRateLimit(response.headers);
    const resetInMs = parseRateLimitResetMs(response.headers, now);
    const level = hint ? book.windowOf({ ...hint, resetInMs }, (i) => surelyCounted(i, now)) : -1;
    if (response.status === 429) {
      const until = now + (parseRetryAfterMs(response.headers, now) ?? DEFAULT_RETRY_AFTER_MS);
      if (ledger.pausedUntil === null || until > ledger.pausedUntil) ledger.pausedUntil = until;
      if (hint && level >= 0) book.announce(level, hint.limit);
      flushSafely();
      kick();
      return;
    }
    if (!hint || level < 0) return;
    // A new limit is saved at once (rare, and it changes every plan); a confirmed one needs no re-plan.
    const adopted = book.announce(level, hint.limit);
    const window = ledger.windows[level] as LedgerWindow;
    const notYetCounted = notYetCountedBy(ledger, exchanges.inFlight(), now);
    // Read against the limit in force, which is clamped to a sane range: a header naming millions can
    // neither plan nor fill a window beyond it.
    const limit = limitOf[window.name];
    const remaining = Math.min(hint.remaining, limit);
    const unseen = limit - countInWindow(window.times, now, window.ms + slack) - remaining;
    // Headers may only ever lower what we think is left; phantoms count as if sent now (the safest).
    if (unseen > 0) ledger.recordPhantoms(now, level, unseen);
    const forgotten = forgetShownGone(ledger, limitOf, level, remaining, notYetCounted, now);
    if (adopted) flushSafely();
    else if (unseen > 0 || forgotten > 0) {
      dirty = true;
      saveSoon();
    }
    if (adopted || unseen > 0 || forgotten > 0) kick();
  }

  function flushSafely(): void {
    try {
      flush();
    } catch (error) {
      dirty = true;
      onError(error);
    }
  }

  function snapshot(): BudgetSnapshot {
    const now = timer.now();
    ledger.tidy(now);
    const left = (i: number): number => {
      const window = ledger.windows[i] as LedgerWindow;
      return Math.max(0, limitOf[window.name] - countInWindow(window.times, now, window.ms));
    };
    const waiting = { interactive: 0, outbox: 0, prefetch: 0, background: 0 };
    for (const priority of PRIORITIES) waiting[priority] = queues[priority].length;
    return {
      limits: book.limits(),
      limitsSource: book.source(),
      reserved: reservedCounts(limitOf, shares),
      remaining: { minute: left(0), hour: left(1), day: left(2) },
      usage: {
        ownLastHour: ledger.ownBetween(now - HOUR_MS, now),
        othersLastHour: ledger.othersBetween(now - HOUR_MS, now),
      },
      pausedUntil: ledger.pausedUntil,
      waiting,
    };
  }

  function estimateMs(n: number, priority: RequestPriority = 'background'): number {
    if (!(n > 0)) return 0;
    if (!Number.isFinite(n)) return Number.POSITIVE_INFINITY;
    const now = timer.now();
    ledger.tidy(now);
    return simulateGreedy(ledger.windows, capsOf(priority), now, ledger.pausedUntil, Math.ceil(n)) - now;
  }

  function dispose(): void {
    if (disposed) return;
    disposed = true;
    sleeper?.controller.abort();
    for (const priority of PRIORITIES) {
      for (const waiter of queues[priority].splice(0)) {
        waiter.detach();
        waiter.reject(abortError('The request budget was disposed'));
      }
    }
    flushSafely();
  }

  return { reserve, observe, snapshot, estimateMs, flush, dispose };
}
