import { createMemoryBudgetStore, type BudgetStore } from '../../../src-main/request-budget/budget-store';
import { createVirtualTimer, type VirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { createRequestBudget, type RequestBudgetOptions } from '../../../src-main/request-budget/request-budget';

/** A Monday morning, on a whole second so HTTP dates round-trip exactly. */
export const T0 = Date.UTC(2030, 0, 7, 9, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export function setup(overrides: Partial<RequestBudgetOptions> & { start?: number; store?: BudgetStore } = {}) {
  const { start = T0, ...rest } = overrides;
  const timer: VirtualTimer = createVirtualTimer(start);
  const store = createMemoryBudgetStore();
  const budget = createRequestBudget({ clientId: 'client-a', timer, store, onError: () => undefined, ...rest });
  return { timer, store, budget };
}

export const response = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
});

/** The most sends any half-open interval [a, a + windowMs) holds: what an exact sliding window sees at its worst. */
export function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && (sorted[end] as number) < (sorted[start] as number) + windowMs) end += 1;
    best = Math.max(best, end - start);
  }
  return best;
}

export interface Cap {
  ms: number;
  cap: number;
}

/**
 * An independent, deliberately naive greedy schedule: each send goes at the smallest candidate time
 * (the previous send, or any moment an earlier send leaves a window) where every window holds fewer
 * than its cap. Returns the send times, history excluded.
 */
export function naiveGreedy(n: number, caps: readonly Cap[], start: number, history: readonly number[] = []): number[] {
  const sends = [...history];
  const out: number[] = [];
  const fits = (t: number): boolean =>
    caps.every(({ ms, cap }) => {
      let count = 0;
      for (const s of sends) if (s > t - ms && s <= t) count += 1;
      return count < cap;
    });
  let t = start;
  for (let k = 0; k < n; k += 1) {
    const candidates = [t];
    for (const s of sends) for (const { ms } of caps) if (s + ms > t) candidates.push(s + ms);
    candidates.sort((a, b) => a - b);
    const next = candidates.find(fits);
    if (next === undefined) throw new Error('no candidate fits');
    t = next;
    sends.push(t);
    out.push(t);
  }
  return out;
}

/** Lets every pending promise continuation run without letting virtual time move. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

export const expectRejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

export { createRequestBudget };
