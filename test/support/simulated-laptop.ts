import { createDemoPractice, type DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient, type RequestPriority } from '../../src-main/partner-api/partner-api-client';
import { createMemoryBudgetStore } from '../../src-main/request-budget/budget-store';
import { createVirtualTimer, type VirtualTimer } from '../../src-main/request-budget/budget-timer';
import { createRequestBudget, DEFAULT_LIMITS } from '../../src-main/request-budget/request-budget';
import { createSyncEngine } from '../../src-main/sync/sync-engine';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import { contactSchema } from '../../src-preload/contract/partner-api';
import { z } from 'zod';
import { createMemorySyncSink } from './memory-sync-sink';
import { clockOf, createVirtualTimeFetch } from './virtual-time-http';

const anything = z.unknown();

/** The large demo practice (20,000 clients) at the contract's default limits, on a virtual clock from `start`. */
export async function largePracticeOnVirtualTime(start: number) {
  const timer = createVirtualTimer(start);
  const demo = await createDemoPractice({
    size: 'large',
    seed: 7,
    clock: clockOf(timer),
    rateLimit: { enabled: true, ...DEFAULT_LIMITS },
  });
  return { timer, demo, state: demo.runtime.practices[0]! };
}

/**
 * One laptop of the practice, as main runs it: its own request budget (one per Client ID, in memory), API
 * client, sync engine and local copy (the memory sink standing in for the renderer's database), on the
 * benchmark's shared virtual clock. What its user does is a few calls: open a client, queue a write.
 */
export function createSimulatedLaptop(demo: DemoPractice, timer: VirtualTimer) {
  const practice = demo.practices[0]!;
  const http = createVirtualTimeFetch(timer);
  const budget = createRequestBudget({
    clientId: practice.readWrite.clientId,
    timer,
    store: createMemoryBudgetStore(),
  });
  const api = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch: http.fetch,
    sleep: timer.sleep,
    budget,
    maxAttempts: 10,
  });
  const sink = createMemorySyncSink();
  const engine = createSyncEngine({ api, sink });
  /** Virtual ms each interactive request waited from asking to its answer (the budget's wait, retries included). */
  const interactiveWaits: number[] = [];

  async function timed<T>(priority: RequestPriority, send: () => Promise<T>): Promise<T> {
    const asked = timer.now();
    const before = process.env['BENCH_DEBUG'] ? budget.snapshot() : null;
    try {
      return await send();
    } finally {
      if (priority === 'interactive') interactiveWaits.push(timer.now() - asked);
      if (before && timer.now() - asked > 2000)
        console.error('long wait', new Date(asked).toISOString(), (timer.now() - asked) / 1000, JSON.stringify(before));
    }
  }

  return {
    http,
    budget,
    sink,
    interactiveWaits,
    sync: (round: SyncRound = 'due') => engine.runOnce({ priority: 'background', round }),
    /** What opening a client reads (client-reads.ts): its proposals, statements, bills and payments. */
    async openClient(entityKey: string, today: string): Promise<void> {
      const forClient = { entityKey, startDate: '2000-01-01', endDate: today };
      const reads: [string, Record<string, string>][] = [
        ['/proposals/list', { entityKey }],
        ['/statements/list', { entityKey }],
        ['/bills/list', forClient],
        ['/payments/list', forClient],
      ];
      for (const [path, query] of reads)
        await timed('interactive', () => api.list(path, anything, { priority: 'interactive', query }));
    },
    /** A write the outbox sends: a new contact for the client. */
    async queueWrite(entityKey: string): Promise<void> {
      await timed('outbox', () =>
        api.request('POST', `/entities/${entityKey}/contacts`, contactSchema.partial(), {
          priority: 'outbox',
          body: { contactName: 'Met', contactSurname: 'Today' },
        }),
      );
    },
    dispose: () => budget.dispose(),
  };
}
export type SimulatedLaptop = ReturnType<typeof createSimulatedLaptop>;
