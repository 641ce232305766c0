import { z } from 'zod';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient, type BudgetGate } from '../../../src-main/partner-api/partner-api-client';
import { createMemoryBudgetStore, type BudgetStore } from '../../../src-main/request-budget/budget-store';
import { createVirtualTimer, type VirtualTimer } from '../../../src-main/request-budget/budget-timer';
import {
  createRequestBudget,
  type BudgetLimits,
  type RequestBudget,
  type RequestPriority,
} from '../../../src-main/request-budget/request-budget';
import { clockOf, createVirtualTimeFetch } from '../../support/virtual-time-http';

export const START = Date.parse('2026-11-02T09:00:00Z');
export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** The demo practice with its limiter on (these limits), on one virtual clock with the tests. */
export async function startPractice(limits: BudgetLimits): Promise<{ demo: DemoPractice; timer: VirtualTimer }> {
  const timer = createVirtualTimer(START);
  const demo = await createDemoPractice({ seed: 11, clock: clockOf(timer), rateLimit: { enabled: true, ...limits } });
  return { demo, timer };
}

/** One laptop: its own budget (the app's defaults unless told) and API client, on its own logged fetch. */
export function laptop(
  demo: DemoPractice,
  timer: VirtualTimer,
  options: {
    store?: BudgetStore;
    gate?: (budget: RequestBudget) => BudgetGate;
    /** The fetch under the virtual-time one (default: the real fetch); tests rewrite answers with it. */
    base?: typeof globalThis.fetch;
  } = {},
) {
  const practice = demo.practices[0]!;
  const store = options.store ?? createMemoryBudgetStore();
  const budget = createRequestBudget({ clientId: practice.readWrite.clientId, timer, store, onError: () => undefined });
  const http = createVirtualTimeFetch(timer, options.base);
  const api = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch: http.fetch,
    sleep: timer.sleep,
    maxAttempts: 20,
    budget: options.gate ? options.gate(budget) : budget,
  });
  /** One cheap list read; resolves with its virtual duration (budget wait included). */
  const read = async (priority: RequestPriority, signal?: AbortSignal): Promise<number> => {
    const started = timer.now();
    await api.list('/users/list', z.unknown(), { priority, ...(signal ? { signal } : {}) });
    return timer.now() - started;
  };
  return { budget, store, http, read };
}

/** Background readers that go on until the signal aborts (an import, as far as the budget can tell). */
export async function backgroundReaders(
  read: (priority: RequestPriority, signal?: AbortSignal) => Promise<number>,
  workers: number,
  signal: AbortSignal,
  until: () => boolean = () => false,
): Promise<void> {
  const worker = async (): Promise<void> => {
    while (!signal.aborted && !until()) {
      try {
        await read('background', signal);
      } catch (error) {
        if (signal.aborted) return;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/** Aborts after `ms` of virtual time. */
export function stopAfter(timer: VirtualTimer, ms: number): AbortSignal {
  const controller = new AbortController();
  void timer.sleep(ms).then(() => controller.abort(new Error('time is up')));
  return controller.signal;
}
