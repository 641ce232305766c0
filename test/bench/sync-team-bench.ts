import type { PracticeState } from '../../src-main/demo-practice/state/practice-state';
import type { VirtualTimer } from '../../src-main/request-budget/budget-timer';
import { DEFAULT_LIMITS } from '../../src-main/request-budget/request-budget';
import { upperBound, WINDOW_MS, WINDOW_NAMES } from '../../src-main/request-budget/sliding-windows';
import { syncEveryMs, type Presence } from '../../src-preload/contract/sync-cadence';
import { createServerTrickle, scheduleChanges, seededRandom } from '../support/server-trickle';
import { createSimulatedLaptop, largePracticeOnVirtualTime, type SimulatedLaptop } from '../support/simulated-laptop';

const START = Date.parse('2026-11-02T08:00:00Z');
const HOUR_MS = 3_600_000;
const STEADY_LAPTOPS = 9;
const HOURS = 8;
/** The new laptop starts its first import this long into the day. */
const IMPORT_STARTS_AFTER_MS = 10 * 60_000;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};

/**
 * The earliest the n-th of n requests could go out from `start` while the others' requests keep their
 * place (sent when they were): a send is allowed at t only if no window of the contract's default limits,
 * at t or at any later send it would share a window with, then holds more than its limit. No reserve, no
 * learning: the best any laptop could do with what the others left.
 */
export function boundWithOthers(others: readonly number[], start: number, n: number): number {
  const limits = [DEFAULT_LIMITS.perMinute, DEFAULT_LIMITS.perHour, DEFAULT_LIMITS.perDay];
  const all = [...others].sort((a, b) => a - b);
  const count = (from: number, to: number) => upperBound(all, to) - upperBound(all, from); // sends in (from, to]
  let t = start;
  for (let k = 0; k < n; k++) {
    for (let moved = true; moved;) {
      moved = false;
      for (const [i, name] of WINDOW_NAMES.entries()) {
        const ms = WINDOW_MS[name];
        const limit = limits[i] as number;
        // The instants whose window would hold the new send: t itself and every send in [t, t + ms).
        const instants = [t, ...all.slice(upperBound(all, t - 1), upperBound(all, t + ms - 1))];
        const full = instants.find((at) => count(at - ms, at) + 1 > limit);
        if (full === undefined) continue;
        // A full window ending now frees when enough of its oldest sends leave it; a full one later can only
        // be avoided by sending after it.
        const over = count(t - ms, t) + 1 - limit;
        t = full === t && over > 0 ? (all[upperBound(all, t - ms) + over - 1] as number) + ms : full + 1;
        moved = true;
        break;
      }
    }
    all.splice(upperBound(all, t), 0, t);
  }
  return t - start;
}

/** Whether a laptop's local copy equals the server: the lastUpdated lists whole, and the bills of the day. */
function sameAsServer(laptop: SimulatedLaptop, state: PracticeState, billsOfTheDay: Set<number>): boolean {
  const same = (resource: string, server: Map<string | number, unknown>, keep: (record: any) => boolean) => {
    const local = laptop.sink.table(resource);
    const wanted = [...server].filter(([, v]) => keep(v));
    const kept = [...local].filter(([, v]) => keep(v));
    return (
      kept.length === wanted.length && wanted.every(([k, v]) => JSON.stringify(local.get(k)) === JSON.stringify(v))
    );
  };
  const all = () => true;
  const billFields = (b: any) => JSON.stringify([b?.amountDue, b?.amountPaid, b?.statusName]);
  return (
    same('entities', state.entities, all) &&
    same('contacts', state.contacts, (c) => !c.isDeleted) &&
    same('onboardings', state.onboardings, all) &&
    same('leads', state.leads, all) &&
    [...billsOfTheDay].every((id) => billFields(laptop.sink.table('bills').get(id)) === billFields(state.bills.get(id)))
  );
}

const sleepUntil = (timer: VirtualTimer, at: number) => timer.sleep(Math.max(0, at - timer.now()));

/**
 * Ten laptops on one Client ID for a simulated working day of the large practice, each with its own
 * request budget and local copy, the demo's limiter on: nine that imported before the day, whose users
 * work in turn (two hours of three at the window, opening a client every few minutes and queuing a write
 * now and then, the third hour away), and one that does its first full import during the day.
 */
export async function benchSyncTeam(_options: { quick?: boolean } = {}) {
  const { timer, demo, state } = await largePracticeOnVirtualTime(START);
  try {
    // The nine start with the copy one laptop imported the evening before: what they hold when the day
    // begins (its requests have left the minute and hour windows; the day still counts them).
    const seed = createSimulatedLaptop(demo, timer);
    await seed.sync();
    seed.dispose();
    const dayStart = START + 16 * HOUR_MS;
    const dayEnd = dayStart + HOURS * HOUR_MS;
    timer.advanceTo(dayStart);

    const random = seededRandom(31);
    const steady = Array.from({ length: STEADY_LAPTOPS }, () => {
      const laptop = createSimulatedLaptop(demo, timer);
      laptop.sink.copyFrom(seed.sink);
      return laptop;
    });
    const newcomer = createSimulatedLaptop(demo, timer);
    const entityKeys = [...state.entities.keys()];
    const billsOfTheDay = new Set<number>();
    const presenceOf = (i: number, at: number): Presence =>
      Math.floor((at - dayStart) / HOUR_MS) % 3 === i % 3 ? 'idle' : 'active';
    const today = () => new Date(timer.now()).toISOString().slice(0, 10);

    async function serverDay() {
      const trickle = createServerTrickle(state, seededRandom(41));
      for (const { at, kind } of scheduleChanges(dayStart, dayEnd, 42)) {
        await sleepUntil(timer, at);
        const changed = trickle[kind](at);
        if (changed && 'billingId' in changed && changed.billingId !== null) billsOfTheDay.add(changed.billingId);
      }
    }
    async function syncs(laptop: SimulatedLaptop, i: number, from: number) {
      for (let next = from; next < dayEnd;) {
        await sleepUntil(timer, next);
        const started = timer.now();
        await laptop.sync('due');
        next = started + syncEveryMs(presenceOf(i, started))!;
      }
    }
    async function user(laptop: SimulatedLaptop, i: number) {
      while (timer.now() < dayEnd) {
        await timer.sleep(Math.floor((4 + random() * 12) * 60_000));
        if (timer.now() >= dayEnd || presenceOf(i, timer.now()) !== 'active') continue;
        const entityKey = entityKeys[Math.floor(random() * entityKeys.length)]!;
        await laptop.openClient(entityKey, today());
        if (random() < 0.3) await laptop.queueWrite(entityKey);
      }
    }
    let importSeconds = 0;
    let importStart = 0;
    async function newLaptop() {
      await sleepUntil(timer, dayStart + IMPORT_STARTS_AFTER_MS);
      importStart = timer.now();
      const results = await newcomer.sync();
      if (!results.every((r) => r.state === 'done')) throw new Error('the new laptop could not import');
      importSeconds = (timer.now() - importStart) / 1000;
      await syncs(newcomer, STEADY_LAPTOPS, timer.now() + syncEveryMs('active')!);
    }

    await Promise.all([
      serverDay(),
      newLaptop(),
      ...steady.flatMap((laptop, i) => [syncs(laptop, i, dayStart + i * 37_000), user(laptop, i)]),
    ]);
    // The end of the day: "Sync now" on every laptop, then each local copy is compared with the server.
    const everyone = [...steady, newcomer];
    for (const laptop of everyone) await laptop.sync('full');
    const converged = everyone.every((laptop) => sameAsServer(laptop, state, billsOfTheDay));

    const sent = (laptop: SimulatedLaptop) => laptop.http.log.filter((r) => r.status !== 429);
    const importRequests = sent(newcomer).filter(
      (r) => r.sentAt >= importStart && r.sentAt <= importStart + importSeconds * 1000,
    ).length;
    const others = steady.flatMap((laptop) => sent(laptop).map((r) => r.sentAt));
    const importBoundSeconds = boundWithOthers(others, importStart, importRequests) / 1000;
    const waits = steady.flatMap((laptop) => laptop.interactiveWaits);
    if (process.env['BENCH_DEBUG'])
      everyone.forEach((laptop, i) => {
        for (const r of laptop.http.log.filter((x) => x.status === 429))
          console.error(
            `429 laptop ${i} at +${Math.round((r.sentAt - dayStart) / 1000)} s ${r.rateLimit} ${r.url.split('?')[0]}`,
          );
        const worst = Math.max(0, ...laptop.interactiveWaits);
        if (worst > 2000) console.error(`laptop ${i} worst interactive wait ${worst} ms`);
      });
    for (const laptop of everyone) laptop.dispose();
    return {
      laptops: everyone.length,
      hours: HOURS,
      responses429: everyone.reduce((n, laptop) => n + laptop.http.log.filter((r) => r.status === 429).length, 0),
      interactiveRequests: waits.length,
      interactiveWaitP95Ms: percentile(waits, 95),
      interactiveWaitMaxMs: Math.max(0, ...waits),
      interactiveWaitsOver2s: waits.filter((ms) => ms > 2000).length,
      importRequests,
      importSeconds: Math.round(importSeconds),
      importBoundSeconds: Math.round(importBoundSeconds),
      importRatio: Number((importSeconds / importBoundSeconds).toFixed(3)),
      requestsPerHour: Math.round(others.length / HOURS),
      converged,
    };
  } finally {
    await demo.close();
  }
}
