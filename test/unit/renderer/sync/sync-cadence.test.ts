import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { PracticeSummary } from '../../../../src-preload/contract/practice';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS, type Presence } from '../../../../src-preload/contract/sync-cadence';
import { createRendererJobs } from '../../../../src-renderer/app/renderer-jobs';
import { createRendererStores, type RendererStores } from '../../../../src-renderer/stores/renderer-stores';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import { SYNC_JOB } from '../../../../src-renderer/sync/sync-job';
import type { PresenceSource } from '../../../../src-renderer/presence/presence-source';

const practiceKey = '99999999-9999-4999-8999-999999999999';
const practice = { practiceKey, canWrite: true } as PracticeSummary;
const online = { online: true, reason: 'ok', checkedAt: '2026-11-20T10:00:00.000Z' } as const;
const offline = { online: false, reason: 'no-network', checkedAt: '2026-11-20T10:00:01.000Z' } as const;
const databases = createPracticeDatabases();
const MINUTE = 60_000;

/** A presence the test moves, as the composition root's source would. */
function fakePresence(initial: Presence = 'active') {
  let current = initial;
  const listeners = new Set<(now: Presence, before: Presence) => void>();
  const source: PresenceSource = {
    current: () => current,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    start: () => undefined,
    stop: () => undefined,
  };
  const set = (next: Presence) => {
    const before = current;
    current = next;
    listeners.forEach((listener) => listener(next, before));
  };
  return { source, set };
}

/** Lets runs reach main (their cursors are read from IndexedDB first) without moving the clock. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await vi.advanceTimersByTimeAsync(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let stop: () => void = () => undefined;
let stores: RendererStores;
beforeEach(() => {
  stores = createRendererStores();
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  stores.practice.setState({ practices: [practice], activePracticeKey: practiceKey, paused: false, progress: null });
  stores.connectivity.setState({ main: online, browserOnline: true });
});
afterEach(async () => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await databases.delete(practiceKey);
});

/** The window's jobs with a fake main; the first run started as the root starts it, once the practices are read. */
/** The jobs with a fake presence, kicked once as the root does at start; `runs` is how many reach main then. */
async function started(initial: Presence = 'active', runs = 1) {
  const presence = fakePresence(initial);
  const start = vi.fn(async () => ({ started: true }));
  const companion = { sync: { start }, on: () => () => undefined } as unknown as Companion;
  const jobs = createRendererJobs({
    companion,
    databases,
    stores,
    onError: () => undefined,
    presence: presence.source,
  });
  stop = jobs.start();
  jobs.runner.kick(SYNC_JOB, 'start');
  await settle();
  expect(start).toHaveBeenCalledTimes(runs);
  const rounds = () => start.mock.calls.map((call) => (call as unknown as [{ round: string }])[0].round);
  /** Moves the clock and lets the runs it started reach main. */
  const after = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  };
  return { jobs, presence, start, rounds, after };
}

describe('the sync cadence follows the user', () => {
  it('while the user works: a run every 5 minutes, start to start, each reading what is due', async () => {
    const { start, rounds, after } = await started('active');
    await after(ACTIVE_EVERY_MS - 1);
    expect(start).toHaveBeenCalledTimes(1);
    await after(1);
    expect(start).toHaveBeenCalledTimes(2);
    await after(ACTIVE_EVERY_MS);
    expect(rounds()).toEqual(['due', 'due', 'due']);
  });

  it('with the window hidden or the user away: hourly from the last run', async () => {
    const { start, presence, after } = await started('active');
    await after(2 * MINUTE);
    presence.set('hidden');
    await after(IDLE_EVERY_MS - 2 * MINUTE - 1);
    expect(start).toHaveBeenCalledTimes(1); // not at 5 minutes
    await after(1);
    expect(start).toHaveBeenCalledTimes(2);
    presence.set('idle');
    await after(IDLE_EVERY_MS);
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('the user comes back: a run at once if one is due at 5 minutes, else at the 5 minutes', async () => {
    const { start, presence, after } = await started('hidden');
    await after(20 * MINUTE);
    presence.set('active'); // the last run was 20 minutes ago
    await after(0);
    expect(start).toHaveBeenCalledTimes(2);

    presence.set('idle');
    await after(2 * MINUTE);
    presence.set('active'); // 2 minutes after the last run: the next is 3 minutes away
    await after(0);
    expect(start).toHaveBeenCalledTimes(2);
    await after(3 * MINUTE);
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('asleep: nothing, however long; on waking one catch-up pass, then the cadence again', async () => {
    const { start, presence, after } = await started('active');
    presence.set('asleep');
    await after(5 * IDLE_EVERY_MS);
    expect(start).toHaveBeenCalledTimes(1);
    presence.set('idle'); // resumed or unlocked, the window not focused yet
    await after(0);
    expect(start).toHaveBeenCalledTimes(2);
    presence.set('active'); // just ran: no second catch-up
    await after(0);
    expect(start).toHaveBeenCalledTimes(2);
    await after(ACTIVE_EVERY_MS);
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('a first run that found the laptop asleep still leads to a run on waking', async () => {
    const { start, presence, after } = await started('asleep', 0);
    presence.set('active');
    await after(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a short lock counts too: unlocking is a catch-up moment even before the next run is due', async () => {
    const { start, presence, after } = await started('active');
    await after(MINUTE);
    presence.set('asleep');
    await after(MINUTE);
    presence.set('active');
    await after(0);
    expect(start).toHaveBeenCalledTimes(2);
    await after(ACTIVE_EVERY_MS - 1);
    expect(start).toHaveBeenCalledTimes(2); // timed from the catch-up
  });

  it('offline: nothing; back online: one run, then the cadence', async () => {
    const { start, after } = await started('active');
    stores.connectivity.getState().setMain(offline);
    await after(3 * IDLE_EVERY_MS);
    expect(start).toHaveBeenCalledTimes(1);
    stores.connectivity.getState().setMain(online);
    await after(0);
    expect(start).toHaveBeenCalledTimes(2);
    await after(ACTIVE_EVERY_MS);
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('"Sync now" reads everything and times the next run from it; a form asking for catalogs does not', async () => {
    const { jobs, start, rounds, after } = await started('active');
    await after(3 * MINUTE);
    await jobs.practice.syncEverything();
    await after(3 * MINUTE);
    expect(start).toHaveBeenCalledTimes(2); // 6 minutes since start, 3 since "Sync now"
    await jobs.practice.syncCatalogs();
    await after(2 * MINUTE);
    expect(rounds()).toEqual(['due', 'full', 'catalogs', 'due']);
  });

  it('a form that opens while a run is under way gets its catalogs run once that run ends', async () => {
    const { jobs, rounds } = await started('active');
    const progress = (running: boolean) =>
      ({ practiceKey, running, resources: [], lastRunAt: null }) as unknown as ReturnType<
        typeof stores.practice.getState
      >['progress'];
    stores.practice.setState({ progress: progress(true) });
    await jobs.practice.syncCatalogs();
    await settle();
    expect(rounds()).toEqual(['due']);
    stores.practice.setState({ progress: progress(false) });
    await settle();
    expect(rounds()).toEqual(['due', 'catalogs']);
  });
});
