import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { startHub } from '../../src-main/hub/start-hub';
import { eventNames } from '../../src-preload/contract/bridge-names';
import type { Companion } from '../../src-preload/contract/companion';
import { createPracticeDatabases } from '../../src-renderer/data/practice-db';
import { watchLiveUpdates } from '../../src-renderer/sync/live-updates';
import { watchSyncEvents } from '../../src-renderer/sync/sync-events';
import { UNLIMITED_DEMO_LIMITS } from '../support/demo-and-hub';
import { percentile } from './hub-live-bench';
import { freshPractice } from '../support/fresh-renderer-root';
import { connectLaptopThroughHub } from '../support/hub-enrolment';
import { startNodeApp, unlimitedBudget } from '../support/node-companion';
import { syncIntoDexie } from '../support/sync-into-dexie';

/**
 * A change's trip from the practice to the laptop's IndexedDB through the hub, with the laptop's real main
 * (composed in Node) and the window's real sync and live-update code (fake-indexeddb): a client submits a
 * form at the practice; the webhook reaches the hub, which re-reads and pokes; the laptop stores the changed
 * onboarding. Measured: the wall time of each trip, and every bridge crossing on the way (events main sends
 * the window, calls the window makes into main), counted on the companion the window uses.
 */
export async function benchPokeTrip(options: { trips?: number } = {}) {
  const trips = options.trips ?? Number(process.env.TRIPS ?? 15);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-poke-trip-'));
  const stored = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  const demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 7 });
  const practice = demo.practices[0]!;
  const hub = await startHub({
    dataDir,
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    limits: UNLIMITED_DEMO_LIMITS,
    subscribeWebhooks: true,
    mirrorEveryMs: 3_600_000,
    log: { level: 'silent' },
  });
  const app = await startNodeApp({ deps: { budgetLimits: unlimitedBudget } });
  const stops: (() => void)[] = [];
  try {
    const practiceKey = (await connectLaptopThroughHub(app, hub)).practice.practiceKey;
    await syncIntoDexie(app.companion, practiceKey).catch(() => undefined);
    const crossings = new Map<string, number>();
    const count = (name: string) => crossings.set(name, (crossings.get(name) ?? 0) + 1);
    const window = countingCompanion(app.companion, count);
    const databases = createPracticeDatabases();
    const { stores, practice: service } = freshPractice(window, databases);
    await service.refresh();
    stops.push(
      watchSyncEvents({ companion: window, databases, practice: stores.practice, notify: () => undefined }),
      watchLiveUpdates({
        companion: window,
        databases,
        practice: stores.practice,
        liveStatus: stores.liveStatus,
        syncLists: (lists) => service.syncLists(lists),
      }),
    );
    // The window's own copy, as after a start: its first run, from nothing.
    await service.syncNow();
    for (let i = 0; i < 600 && !stores.practice.getState().progress?.running; i++) await pause(10);
    for (let i = 0; i < 6000 && stores.practice.getState().progress?.running; i++) await pause(10);
    const state = demo.runtime.practices[0]!;
    const forms = [...state.onboardings.values()]
      .filter((o) => {
        const form = state.eforms.get(o.formKey);
        return form?.status === 'sent' && !form.stackKey && o.statusID !== 3 && o.statusID !== 4;
      })
      .slice(0, trips);
    const ms: number[] = [];
    // The trip's two halves: the practice and the hub until the poke reaches the window, then the laptop.
    const toPokeMs: number[] = [];
    let pokedAt = 0;
    stops.push(app.companion.on('sync.poke', () => (pokedAt ||= performance.now())));
    const perTrip: Record<string, number>[] = [];
    for (const onboarding of forms) {
      // A run still under way (the last trip's) would hold this one: each trip starts from a quiet laptop.
      for (let i = 0; i < 500 && stores.practice.getState().progress?.running; i++) await pause(10);
      await pause(50);
      crossings.clear();
      pokedAt = 0;
      const started = performance.now();
      demo.submitForm(onboarding.formKey);
      const db = databases.of(practiceKey);
      for (let i = 0; ; i++) {
        if ((await db.onboardings.get(onboarding.onboardingKey))?.statusID === 3) break;
        if (i > 1000) throw new Error('a submitted form never reached the laptop');
        await pause(5);
      }
      ms.push(performance.now() - started);
      toPokeMs.push(pokedAt - started);
      perTrip.push(Object.fromEntries(crossings));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const names = [...new Set(perTrip.flatMap((trip) => Object.keys(trip)))].sort();
    const crossingsPerTrip = Object.fromEntries(names.map((name) => [name, median(perTrip.map((t) => t[name] ?? 0))]));
    const at = (values: number[], p: number) => Math.round(percentile(values, p) ?? 0);
    const laptopMs = ms.map((total, i) => total - toPokeMs[i]!);
    return {
      trips: ms.length,
      p50Ms: at(ms, 50),
      p95Ms: at(ms, 95),
      /** From the poke reaching the laptop's main to the record stored in IndexedDB. */
      pokeToStoredP50Ms: at(laptopMs, 50),
      pokeToStoredP95Ms: at(laptopMs, 95),
      /** Median per trip of each crossing (event names main → window, `call method` window → main). */
      crossingsPerTrip,
      /** Crossings that are not a page or its acknowledgement: the trip's own cost beyond the data. */
      overheadCrossings: Object.entries(crossingsPerTrip)
        .filter(([name]) => name !== 'sync.page' && name !== 'call sync.ack')
        .reduce((n, [, value]) => n + value, 0),
    };
  } finally {
    for (const stop of stops) stop();
    await app.close();
    await hub.close();
    await demo.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The companion the window uses, counting each event it receives and each call it makes by name. */
function countingCompanion(companion: Companion, count: (name: string) => void): Companion {
  const calls = (group: Record<string, unknown>, groupName: string) =>
    Object.fromEntries(
      Object.entries(group).map(([method, fn]) => [
        method,
        typeof fn === 'function'
          ? (...args: unknown[]) => {
              count(`call ${groupName}.${method}`);
              return (fn as (...a: unknown[]) => unknown)(...args);
            }
          : fn,
      ]),
    );
  // One counter per event, however many of the window's parts listen to it: an event crosses once.
  for (const event of eventNames) companion.on(event, () => count(event));
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(companion))
    wrapped[name] =
      name !== 'on' && typeof value === 'object' && value ? calls(value as Record<string, unknown>, name) : value;
  return wrapped as unknown as Companion;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchPokeTrip();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}
