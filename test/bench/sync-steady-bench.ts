import type { PracticeState } from '../../src-main/demo-practice/state/practice-state';
import type { VirtualTimer } from '../../src-main/request-budget/budget-timer';
import { syncEveryMs, type Presence } from '../../src-preload/contract/sync-cadence';
import {
  CHANGES_PER_HOUR,
  createServerTrickle,
  freshnessTracker,
  scheduleChanges,
  seededRandom,
  type ServerTrickle,
} from '../support/server-trickle';
import { createSimulatedLaptop, largePracticeOnVirtualTime, type SimulatedLaptop } from '../support/simulated-laptop';

const START = Date.parse('2026-11-02T08:00:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const WORKDAY_HOURS = 8;

/**
 * One presence for a whole working day: the laptop syncs on the cadence of that presence (start to start)
 * while the server trickles its changes; returns the requests it sent and the worst freshness.
 */
async function simulateDay(
  laptop: SimulatedLaptop,
  timer: VirtualTimer,
  trickle: ServerTrickle,
  state: PracticeState,
  presence: Presence,
  seed: number,
) {
  const every = syncEveryMs(presence)!;
  const dayStart = timer.now();
  const dayEnd = dayStart + WORKDAY_HOURS * HOUR_MS;
  const changes = scheduleChanges(dayStart, dayEnd, seed);
  const freshness = freshnessTracker(laptop, state);
  const before = laptop.http.log.length;
  let nextRun = dayStart;
  while (nextRun < dayEnd) {
    while (changes.length > 0 && changes[0]!.at < nextRun) {
      const { at, kind } = changes.shift()!;
      timer.advanceTo(at);
      const change = trickle[kind](at);
      if (change && 'resource' in change) freshness.changed(change);
    }
    timer.advanceTo(nextRun);
    const results = await laptop.sync('due');
    if (!results.every((r) => r.state === 'done'))
      throw new Error(`a ${presence} sync failed: ${JSON.stringify(results)}`);
    freshness.check(timer.now());
    nextRun += every;
  }
  timer.advanceTo(dayEnd);
  const requests = laptop.http.log.length - before;
  if (process.env.BENCH_DEBUG) {
    const byPath = new Map<string, number>();
    for (const r of laptop.http.log.slice(before)) {
      const path = new URL(r.url).pathname.replace(/\/\d+$/, '/{id}');
      byPath.set(path, (byPath.get(path) ?? 0) + 1);
    }
    console.error(presence, Object.fromEntries(byPath));
  }
  return { requestsPerHour: requests / WORKDAY_HOURS, freshnessMs: freshness.worstMs() };
}

/**
 * One laptop of the large practice over two simulated working days after its import, with the demo's
 * limiter on and a trickle of server changes: a day away from the window (idle cadence), then a day at it
 * (active cadence). freshnessSeconds is the worst delay, while active, from a change to a lastUpdated list
 * on the server to the same record in the local copy.
 */
export async function benchSyncSteadyState() {
  const { timer, demo, state } = await largePracticeOnVirtualTime(START);
  try {
    const laptop = createSimulatedLaptop(demo, timer);
    const imported = await laptop.sync('due');
    if (!imported.every((r) => r.state === 'done')) throw new Error('the import failed');
    const trickle = createServerTrickle(state, seededRandom(11));

    timer.advanceTo(START + DAY_MS);
    const idle = await simulateDay(laptop, timer, trickle, state, 'idle', 21);
    timer.advanceTo(START + 2 * DAY_MS);
    const active = await simulateDay(laptop, timer, trickle, state, 'active', 22);
    laptop.dispose();
    return {
      hours: WORKDAY_HOURS,
      changesPerHour: CHANGES_PER_HOUR,
      idleRequestsPerHour: Number(idle.requestsPerHour.toFixed(1)),
      activeRequestsPerHour: Number(active.requestsPerHour.toFixed(1)),
      freshnessSeconds: Math.round(active.freshnessMs / 1000),
      responses429: laptop.http.log.filter((r) => r.status === 429).length,
    };
  } finally {
    await demo.close();
  }
}
