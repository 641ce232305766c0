import { createDemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { createVirtualTimer, type VirtualTimer } from '../../src-main/request-budget/budget-timer';
import { DEFAULT_LIMITS } from '../../src-main/request-budget/request-budget';
import { syncEveryMs, type Presence } from '../../src-preload/contract/sync-cadence';
import { createServerTrickle, seededRandom, type ListChange, type ServerTrickle } from '../support/server-trickle';
import { createSimulatedLaptop, type SimulatedLaptop } from './simulated-laptop';
import { clockOf } from '../support/virtual-time-http';

const START = Date.parse('2026-11-02T08:00:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const WORKDAY_HOURS = 8;

/**
 * A realistic trickle of server changes in an hour of a large practice's day: a few clients, contacts and
 * onboardings, a lead, bills issued and paid.
 */
export const CHANGES_PER_HOUR: Readonly<Record<keyof ServerTrickle, number>> = {
  changeClient: 3,
  changeContact: 3,
  moveOnboarding: 2,
  noteLead: 1,
  issueBill: 2,
  payBill: 2,
};

/** The day's changes, at seeded random instants in [from, to), in time order. */
export function scheduleChanges(from: number, to: number, seed: number): { at: number; kind: keyof ServerTrickle }[] {
  const random = seededRandom(seed);
  const hours = (to - from) / HOUR_MS;
  const events: { at: number; kind: keyof ServerTrickle }[] = [];
  for (const [kind, perHour] of Object.entries(CHANGES_PER_HOUR) as [keyof ServerTrickle, number][])
    for (let i = 0; i < perHour * hours; i++) events.push({ at: from + Math.floor(random() * (to - from)), kind });
  return events.sort((a, b) => a.at - b.at);
}

/** Worst delay from a change on the server to the local copy, in ms (Infinity while one is not there). */
export function freshnessTracker(laptop: SimulatedLaptop, state: { serverValue(change: ListChange): string }) {
  const pending: { change: ListChange; value: string }[] = [];
  let worstMs = 0;
  return {
    changed(change: ListChange) {
      pending.push({ change, value: state.serverValue(change) });
    },
    /** After a run: every change now in the local copy is done, at this instant. */
    check(now: number) {
      for (let i = pending.length - 1; i >= 0; i--) {
        const { change, value } = pending[i]!;
        const local = laptop.sink.table(change.resource).get(change.key);
        if (local === undefined || JSON.stringify(local) !== value) continue;
        worstMs = Math.max(worstMs, now - change.at);
        pending.splice(i, 1);
      }
    },
    worstMs: () => (pending.length > 0 ? Number.POSITIVE_INFINITY : worstMs),
  };
}

/**
 * One presence for a whole working day: the laptop syncs on the cadence of that presence (start to start)
 * while the server trickles its changes; returns the requests it sent and the worst freshness.
 */
async function simulateDay(
  laptop: SimulatedLaptop,
  timer: VirtualTimer,
  trickle: ServerTrickle,
  serverValue: (change: ListChange) => string,
  presence: Presence,
  seed: number,
) {
  const every = syncEveryMs(presence)!;
  const dayStart = timer.now();
  const dayEnd = dayStart + WORKDAY_HOURS * HOUR_MS;
  const changes = scheduleChanges(dayStart, dayEnd, seed);
  const freshness = freshnessTracker(laptop, { serverValue });
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
  const timer = createVirtualTimer(START);
  const demo = await createDemoPractice({
    size: 'large',
    seed: 7,
    clock: clockOf(timer),
    rateLimit: { enabled: true, ...DEFAULT_LIMITS },
  });
  try {
    const state = demo.runtime.practices[0]!;
    const laptop = createSimulatedLaptop(demo, timer);
    const imported = await laptop.sync('due');
    if (!imported.every((r) => r.state === 'done')) throw new Error('the import failed');
    const trickle = createServerTrickle(state, seededRandom(11));
    const tables = {
      entities: state.entities,
      contacts: state.contacts,
      onboardings: state.onboardings,
      leads: state.leads,
    };
    const serverValue = (change: ListChange) =>
      JSON.stringify((tables[change.resource] as Map<string | number, unknown>).get(change.key));

    timer.advanceTo(START + DAY_MS);
    const idle = await simulateDay(laptop, timer, trickle, serverValue, 'idle', 21);
    timer.advanceTo(START + 2 * DAY_MS);
    const active = await simulateDay(laptop, timer, trickle, serverValue, 'active', 22);
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
