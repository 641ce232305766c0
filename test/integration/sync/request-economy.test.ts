import { afterEach, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { DEFAULT_LIMITS } from '../../../src-main/request-budget/request-budget';
import { proofCostPerHour, syncCostPerHour } from '../../../src-main/sync/sync-cost';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';
import { createServerTrickle, freshnessTracker, seededRandom } from '../../support/server-trickle';
import { createSimulatedLaptop } from '../../support/simulated-laptop';
import { clockOf } from '../../support/virtual-time-http';

const START = Date.parse('2031-03-04T08:00:00Z');
const HOUR_MS = 3_600_000;

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

/** The small practice with the demo's limiter on, on virtual time, and one laptop that imported it. */
async function importedLaptop() {
  const timer = createVirtualTimer(START);
  demo = await createDemoPractice({ seed: 3, clock: clockOf(timer), rateLimit: { enabled: true, ...DEFAULT_LIMITS } });
  const laptop = createSimulatedLaptop(demo, timer);
  const imported = await laptop.sync();
  expect(imported.every((r) => r.state === 'done')).toBe(true);
  return { timer, laptop, state: demo.runtime.practices[0]! };
}

const operationsSince = (log: { url: string }[], from: number) => {
  const counts = new Map<string, number>();
  for (const { url } of log.slice(from)) {
    const path = new URL(url).pathname.replace(/^.*\/api\/v1/, '');
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
};

describe('the request economy of one laptop', () => {
  it('an idle day costs what the tier table says: lists and billing hourly, catalogs once, schedules not', async () => {
    const { timer, laptop } = await importedLaptop();
    const from = laptop.http.log.length;
    for (let hour = 1; hour <= 24; hour++) {
      timer.advanceTo(START + HOUR_MS + hour * IDLE_EVERY_MS);
      expect((await laptop.sync()).every((r) => r.state === 'done')).toBe(true);
    }
    const reads = operationsSince(laptop.http.log, from);
    expect(reads).toEqual({
      // The lastUpdated lists, one empty page a run.
      '/entities/list': 24,
      '/contacts/list': 24,
      '/onboardings/list': 24,
      '/leads/list': 24,
      // The billing tier: due on every hourly run; the outstanding invoices take the read proving their end.
      '/debtors/ageing': 24,
      '/debtors/invoices': 48,
      '/debtors/movement': 24,
      // The billing windows prove their end once a day (partner-api/paging.ts): a read past the first page.
      '/bills/list': 25,
      '/payments/list': 25,
      // Catalogs, once in the day (a page and the read proving its end); the weekly schedules not at all.
      '/users/list': 2,
      '/onboardings/statuses': 2,
      '/proposals/services': 2,
      '/eforms/templates': 2,
      '/bills/ledger/status': 1,
      '/bills/ledger/accounts': 2,
      '/bills/ledger/tax-rates': 2,
    });
    const perHour = (laptop.http.log.length - from) / 24;
    const table = syncCostPerHour('idle', laptop.sink.cursors);
    // The table counts each list's hourly proof in full; a day without changes to the lists spends none.
    const listProofs = syncResources.filter((r) => r.kind === 'paged').reduce((n, r) => n + proofCostPerHour(r), 0);
    expect(listProofs).toBe(4);
    expect(perHour).toBeLessThanOrEqual(table);
    expect(perHour).toBeGreaterThan(table - listProofs - 1);
    expect(table).toBeLessThanOrEqual(20);
  });

  it('a change made on the server while the user is active is in the local copy within five minutes', async () => {
    const { timer, laptop, state } = await importedLaptop();
    const trickle = createServerTrickle(state, seededRandom(5));
    const freshness = freshnessTracker(laptop, state);
    const makers = [trickle.changeClient, trickle.changeContact, trickle.moveOnboarding, trickle.noteLead];
    // Changes at the awkward instants: just after a run began, around the watermark's margin, just before the next.
    const offsets = [1_000, 119_000, 121_000, 299_000];
    let runAt = START + HOUR_MS;
    for (let round = 0; round < 8; round++, runAt += ACTIVE_EVERY_MS) {
      timer.advanceTo(runAt);
      await laptop.sync();
      freshness.check(timer.now());
      const at = runAt + offsets[round % offsets.length]!;
      timer.advanceTo(at);
      freshness.changed(makers[round % makers.length]!(at));
    }
    timer.advanceTo(runAt);
    await laptop.sync();
    freshness.check(timer.now());
    expect(freshness.worstMs()).toBeLessThanOrEqual(5 * 60_000);
    expect(freshness.worstMs()).toBeGreaterThan(ACTIVE_EVERY_MS - 5_000); // the change just after a run waits for the next
  });
});
