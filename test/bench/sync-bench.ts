import { syncResources } from '../../src-main/sync/sync-resources';
import { steadyReadCost } from '../../src-main/sync/sync-cost';
import { BILLING_EVERY_MS } from '../../src-preload/contract/sync-cadence';
import { createSimulatedLaptop, largePracticeOnVirtualTime } from '../support/simulated-laptop';
import { importMinimum } from './import-minimum';
import { lowerBoundMs } from './lower-bound';

const START = Date.parse('2026-11-02T08:00:00Z');
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/**
 * The large practice (20,000 clients) imported under the contract's default limits, with the demo's
 * limiter on and our request budget in front, on virtual time: real HTTP to the local demo practice,
 * but each exchange holds the clock, so the simulated duration is what the limits impose.
 *
 * - minimumRequests: what a client that knew every list's page size would need (import-minimum.ts).
 * - lowerBoundSeconds: when the last of minimumRequests could at best be sent under the three sliding
 *   windows from an empty history (the budget's own greedy planner with no reserve).
 */
export async function benchSync() {
  const { timer, demo, state } = await largePracticeOnVirtualTime(START);
  try {
    const laptop = createSimulatedLaptop(demo, timer);
    const { http, sink } = laptop;

    const wallStarted = performance.now();
    const results = await laptop.sync();
    const wallMs = performance.now() - wallStarted;
    if (!results.every((r) => r.state === 'done')) throw new Error(`full import failed: ${JSON.stringify(results)}`);
    if (sink.table('entities').size !== state.entities.size) throw new Error('full import incomplete');
    const simulatedSeconds = timer.elapsed() / 1000;
    const fullRequests = http.log.length;

    const { minimumRequests } = importMinimum({
      state,
      cursors: sink.cursors,
      pageSize: demo.runtime.options.pageSize,
      resources: syncResources,
    });
    const lowerBoundSeconds = lowerBoundMs([], 0, minimumRequests) / 1000;

    // The first sync after an import that took over an hour also re-reads the billing lists that finished
    // early in it (recurring schedules); the steady state is the sync after that.
    timer.advanceTo(timer.now() + 5 * 60_000);
    const beforeCatchUp = http.log.length;
    await laptop.sync();
    const catchUpRequests = http.log.length - beforeCatchUp;

    // Five minutes later, nothing changed: one request per resource is the whole cost.
    timer.advanceTo(timer.now() + 5 * 60_000);
    const before = http.log.length;
    await laptop.sync();
    const incrementalRequests = http.log.length - before;
    // Unchanged lists cost one request each (an empty first page); the billing tier, the catalogs and the
    // schedules rest within their interval, so five minutes on they cost nothing.
    const costOf = (tiers: string[]) =>
      syncResources
        .filter((r) => tiers.includes(r.tier))
        .reduce((n, r) => n + steadyReadCost(r, sink.cursors[r.name]), 0);
    const incrementalMinimum = costOf(['lists']);

    // An hour on: the billing tier is due — debtor reports, and bills and payments since the last pass.
    timer.advanceTo(timer.now() + BILLING_EVERY_MS);
    const beforeHourly = http.log.length;
    await laptop.sync();
    const hourlyRequests = http.log.length - beforeHourly;
    const hourlyMinimum = costOf(['lists', 'billing']);
    laptop.dispose();

    return {
      fullImport: {
        records:
          sink.table('entities').size +
          sink.table('contacts').size +
          sink.table('onboardings').size +
          sink.table('leads').size,
        requests: fullRequests,
        minimumRequests,
        lists: syncResources.length,
        responses429: http.log.filter((r) => r.status === 429).length,
        simulatedSeconds: round(simulatedSeconds),
        lowerBoundSeconds: round(lowerBoundSeconds),
        ratioToLowerBound: round(simulatedSeconds / lowerBoundSeconds, 3),
        wallSeconds: round(wallMs / 1000),
      },
      incrementalNoChange: {
        requests: incrementalRequests,
        resources: syncResources.length,
        minimumRequests: incrementalMinimum,
      },
      firstIncremental: { requests: catchUpRequests },
      hourlyRefresh: { requests: hourlyRequests, minimumRequests: hourlyMinimum },
    };
  } finally {
    await demo.close();
  }
}
