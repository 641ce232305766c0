import { afterEach, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { DEFAULT_LIMITS, type RequestBudget } from '../../../src-main/request-budget/request-budget';
import type { VirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { maxInAnyWindow } from '../../support/virtual-time-http';
import { HOUR, MINUTE, START, backgroundReaders, laptop, startPractice, stopAfter } from './budget-harness';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const RUN_MS = 90 * MINUTE;
const RIVAL_EVERY_MS = 6_000; // the other laptop's user: a request every 6 s, 10 a minute,
const RIVAL_REQUESTS = 150; // for the first quarter of an hour
const CLICK_EVERY_MS = 7 * MINUTE;

/** Another laptop on the same Client ID (its own budget and store, knowing nothing of ours), its user at work. */
function rival(practice: DemoPractice, timer: VirtualTimer, gate?: Gate) {
  const other = laptop(practice, timer, gate ? { gate } : {});
  const waits: number[] = [];
  const done = (async () => {
    for (let i = 0; i < RIVAL_REQUESTS; i += 1) {
      waits.push(await other.read('interactive'));
      await timer.sleep(RIVAL_EVERY_MS);
    }
  })();
  return { log: other.http.log, waits, done };
}

type Gate = (budget: RequestBudget) => RequestBudget;

/** This laptop imports (background) while the rival runs and the user clicks now and then. */
async function sharedRun(gate?: Gate) {
  const started = await startPractice(DEFAULT_LIMITS);
  demo = started.demo;
  const { timer } = started;
  const us = laptop(demo, timer, gate ? { gate } : {});
  const signal = stopAfter(timer, RUN_MS);
  const other = rival(demo, timer, gate);
  const clicks: number[] = [];
  // What this laptop's window would show at each click, and what the other laptop really sent in the last hour.
  const seen: { othersLastHour: number; otherSent: number }[] = [];
  const user = (async () => {
    for (let at = 3 * MINUTE; at < RUN_MS; at += CLICK_EVERY_MS) {
      await timer.sleep(START + at - timer.now());
      clicks.push(await us.read('interactive'));
      const otherSent = other.log.filter((r) => r.sentAt > timer.now() - HOUR).length;
      seen.push({ othersLastHour: us.budget.snapshot().usage.othersLastHour, otherSent });
    }
  })();
  await Promise.all([backgroundReaders(us.read, 3, signal), other.done, user]);
  return { timer, us, other, clicks, seen };
}

const statuses = (log: { status: number | null }[], status: number) => log.filter((r) => r.status === status).length;
const inFirstHour = (log: { sentAt: number }[]) => log.filter((r) => r.sentAt < START + HOUR).length;

describe('a Client ID shared with another laptop (demo practice limiter on, virtual time)', () => {
  it('this laptop’s background makes room for the other’s use: no 429, and the user’s clicks go at once', async () => {
    const { timer, us, other, clicks, seen } = await sharedRun();
    const ours = us.http.log;
    expect(statuses(ours, 429)).toBe(0);
    expect(statuses(other.log, 429)).toBe(0); // the room was there for the other laptop too
    expect(ours.length).toBeGreaterThan(1000); // plenty of background traffic, for an hour and a half

    // The background adapted: it never took more than its 45 of a minute (the other laptop's user had the rest,
    // and never waited), and the other laptop's 150 came out of its 950 of the hour.
    const all = [...ours, ...other.log].map((r) => r.sentAt);
    expect(
      maxInAnyWindow(
        ours.map((r) => r.sentAt),
        MINUTE,
      ),
    ).toBeLessThanOrEqual(45 + 1); // + a click
    expect(maxInAnyWindow(all, HOUR)).toBeLessThanOrEqual(950 + 13); // + the clicks of the hour
    expect(inFirstHour(ours)).toBeLessThanOrEqual(950 - RIVAL_REQUESTS + 13);
    expect(other.waits).toHaveLength(RIVAL_REQUESTS);
    expect(Math.max(...other.waits)).toBe(0); // the other laptop's user never waited for our import

    // Every click was answered without waiting for the import.
    expect(clicks).toHaveLength(13);
    expect(Math.max(...clicks)).toBe(0);

    // What the window shows: the other laptop's use of the last hour, learned from the headers (a minute late at
    // most: they come with this laptop's own responses), never counted twice.
    for (const { othersLastHour, otherSent } of seen) {
      expect(othersLastHour).toBeLessThanOrEqual(otherSent);
      expect(othersLastHour).toBeGreaterThanOrEqual(otherSent - 10);
    }
    expect(seen[2]?.otherSent).toBe(RIVAL_REQUESTS); // the click at 17 min
    const ownLastHour = ours.filter((r) => r.sentAt > timer.now() - HOUR).length;
    expect(us.budget.snapshot().usage).toEqual({ ownLastHour, othersLastHour: 0 });
  }, 120_000);

  it('budgets that ignore the headers plan as if alone, and the run does meet 429s (the test above can fail)', async () => {
    const { us, other } = await sharedRun((budget) => ({
      ...budget,
      // Only a 429's pause is heard: no phantoms, no limits learned.
      observe: (response) => (response.status === 429 ? budget.observe(response) : undefined),
    }));
    expect(statuses(us.http.log, 429) + statuses(other.log, 429)).toBeGreaterThan(0);
  }, 120_000);
});
