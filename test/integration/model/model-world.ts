import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Companion } from '../../../src-preload/contract/companion';
import { deletePracticeDb, type PracticeDb } from '../../../src-renderer/data/practice-db';
import { practiceDb } from '../../support/practice-db';
import { readOpenEntries } from '../../../src-renderer/outbox/outbox-db';
import { createOutboxReplayer, type DrainReport } from '../../../src-renderer/outbox/outbox-replayer';
import { createDemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { InjectedFaultInput } from '../../../src-main/demo-practice/http/faults';
import { createMemoryWebLocks } from '../../support/memory-web-locks';
import { syncIntoDexie } from '../../support/sync-into-dexie';
import type { RunScope } from './model-actions';
import { bootMain, type MainLife } from './model-main';
import { createNetFaults } from './model-net-faults';
import { takeSnapshot } from './model-snapshot';
import { SETTLE_MARGIN_MS } from '../../../src-preload/contract/outbox/send-evidence';
import { scopeOf, worldCatalog } from './model-scope';

/** The clients' timeout: a `slow` fault answers after SLOW_MS, so the client has given up by then. */
export const TIMEOUT_MS = 400;
export const SLOW_MS = 500;

/**
 * Where a process dies in a send (once, when armed): the renderer before main got the request, while the
 * practice has it, or once main has the answer; main while the practice has it, once it has the answer,
 * or while it reads to verify. The practice finishes what it received either way.
 */
export const crashPoints = [
  'renderer-before-send',
  'renderer-mid-flight',
  'renderer-after-answer',
  'main-mid-flight',
  'main-after-answer',
  'main-during-verify',
] as const;
export type CrashPoint = (typeof crashPoints)[number];

/**
 * Everything a model run acts on: the demo practice (started once), main's services (a new life per run
 * and after every crash, built from its data folder) and the renderer's database. Before each run the
 * practice and the database are put back to how they stood after the first sync (model-snapshot.ts), the
 * virtual clock to its start: a run's seed alone decides what it does.
 */
export async function startModelWorld() {
  let electronShape = false;
  // One virtual time for the laptop (the replayer's backoff and checks) and the practice (its records'
  // updatedOn, Date headers): a wait moves both, as real time would.
  const startedAt = Date.now();
  let clock = startedAt;
  const demo = await createDemoPractice({ seed: 21, clock: { now: () => new Date(clock) } });
  const state = demo.runtime.practices[0]!;
  // Billable writes spend credits; a campaign sends thousands.
  Object.assign(state.wallet, { eformCredits: 1e8, smsCredits: 1e8, idCheckCredits: 1e8 });
  let booting = false;
  const netFaults = createNetFaults(() => booting);

  // A `slow-before-apply` request waits at the practice (after the client's timeout) until virtual time
  // moves on without `lagging`, or everything settles: then the practice finishes it. A lagging wait moves
  // the laptop's clock while the practice still works on it, so its checks may read before it applies —
  // but never past SETTLE_MARGIN_MS after it arrived: that is the longest apply the app is built for (a
  // practice that applies a create later still, with no idempotency key in the contract, cannot be told
  // from one that never will). Such a request is finished at its deadline, in the middle of the wait.
  const held: { release: () => void; deadline: number }[] = [];
  let arrived: (() => void) | null = null;
  const take = demo.runtime.faultQueue.take;
  demo.runtime.faultQueue.take = (method, path) => {
    // main connecting again after a restart is not the request a fault was queued for.
    if (booting) return null;
    if (method !== 'GET') arrived?.();
    const fault = take(method, path);
    if (process.env.MODEL_TRACE) console.log('[req]', method, path, 'clock+', clock - startedAt, fault?.fault ?? '');
    if (fault?.fault !== 'slow-before-apply') return fault;
    const deadline = clock + SETTLE_MARGIN_MS;
    const gate = new Promise<void>((resolve) => held.push({ release: resolve, deadline }));
    return { ...fault, hold: () => gate };
  };
  /** The practice finishes what it holds (only what is due by `until`, when given), at that moment. */
  const practiceCatchesUp = async (until?: number) => {
    const due = held.filter((h) => until === undefined || h.deadline <= until);
    if (due.length === 0) return;
    for (const h of due) held.splice(held.indexOf(h), 1);
    if (process.env.MODEL_TRACE) console.log('[release]', due.length, 'clock+', clock - startedAt);
    for (const h of due) h.release();
    // The released handlers apply in the practice's next turns.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };

  /** Virtual time moves on; unless `lagging`, the practice finishes what it is working on first. */
  async function passTime(ms: number, lagging = false) {
    const until = clock + ms;
    // What falls due during a lagging wait is applied at its deadline, before the wait ends.
    for (const deadline of held.map((h) => h.deadline).sort((a, b) => a - b)) {
      if (deadline > until) break;
      clock = Math.max(clock, deadline);
      await practiceCatchesUp(deadline);
    }
    clock = until;
    if (!lagging && ms >= TIMEOUT_MS) await practiceCatchesUp();
  }

  let online = true;
  let main: MainLife;
  async function startMain(dataDir: string): Promise<void> {
    booting = true;
    try {
      main = await bootMain({
        demo,
        dataDir,
        timeoutMs: TIMEOUT_MS,
        online,
        clock: { now: () => new Date(clock) },
        // A wait for the request budget (after a 429, pacing) is virtual time passing.
        budgetTimer: {
          now: () => clock,
          sleep: async (ms, signal) => {
            if (signal?.aborted) throw signal.reason;
            // The practice keeps working while the laptop waits for its budget.
            await passTime(Math.max(0, ms), true);
          },
        },
        faultShape: netFaults.wrap,
        electronShape: () => electronShape,
      });
    } finally {
      booting = false;
    }
  }
  /** main dies and the app starts it again from its data folder; the renderer connects to the new one. */
  async function restartMain(): Promise<void> {
    await main.kill();
    await startMain(main.dataDir);
  }
  await startMain(mkdtempSync(join(tmpdir(), 'model-main-')));
  const practiceKey = main!.practiceKey;
  const db: PracticeDb = practiceDb(practiceKey);
  await syncIntoDexie(main!.app.companion, practiceKey);
  const catalog = worldCatalog(state);
  const snapshot = await takeSnapshot(state, db);

  let paused = false;
  let crash: CrashPoint | null = null;
  /** Requests a dead process left behind: the practice finishes them before the next step looks. */
  const orphans: Promise<unknown>[] = [];
  const nextWriteArrives = () => new Promise<void>((resolve) => (arrived = resolve));

  async function sendCrashing(point: CrashPoint, input: Parameters<Companion['outbox']['send']>[0]): Promise<never> {
    if (point === 'renderer-before-send') throw new Error('renderer crashed before main got the request');
    const reached = nextWriteArrives();
    const answer = main.app.companion.outbox.send(input).catch(() => undefined);
    if (point.endsWith('mid-flight')) {
      await Promise.race([reached, answer]);
      orphans.push(answer);
      if (point === 'main-mid-flight') await restartMain();
      throw new Error(`${point}: died while the practice had the request`);
    }
    await answer;
    if (point === 'main-after-answer') await restartMain();
    throw new Error(`${point}: died once main had the answer`);
  }

  const companion: Pick<Companion, 'outbox'> = {
    outbox: {
      send: async (input) => {
        const point = crash;
        if (!point || point === 'main-during-verify') return main.app.companion.outbox.send(input);
        crash = null;
        return sendCrashing(point, input);
      },
      verify: (input) => {
        if (crash !== 'main-during-verify') return main.app.companion.outbox.verify(input);
        crash = null;
        const reading = main.app.companion.outbox.verify(input).catch(() => undefined);
        return restartMain()
          .then(() => reading)
          .then(() => Promise.reject(new Error('main died while it read to verify')));
      },
    },
  };
  // A fresh replayer per drain, as after a restart or in another window: none of its memory may be needed to be right.
  // Without locks, compare-and-set status changes alone must keep two windows from sending one entry twice.
  const locks = createMemoryWebLocks();
  const replayer = (locked: boolean) =>
    createOutboxReplayer({
      db,
      practiceKey,
      companion,
      canSend: () => online && !paused,
      onUnauthorized: () => (paused = true),
      now: () => clock,
      locks: locked ? locks : null,
    });
  /** The practice finishes what it holds, and what dead processes left in flight is answered. */
  const settleOrphans = async () => {
    await practiceCatchesUp();
    await Promise.all(orphans.splice(0));
  };

  const world = {
    demo,
    state,
    db,
    practiceKey,
    catalog,
    get app() {
      return main.app;
    },
    now: () => clock,
    advance: passTime,
    setOnline(next: boolean) {
      online = next;
      main.app.network.setOnline(next);
    },
    setElectronShape: (on: boolean) => void (electronShape = on),
    inject: (fault: InjectedFaultInput) => demo.injectFault(fault),
    netFaults,
    armCrash: (point: CrashPoint) => void (crash = point),
    disarmCrash: () => void (crash = null),
    restartMain,
    /** After a 401 held the outbox, the user enters the credentials again. */
    async signInAgain() {
      if (!paused) return;
      booting = true;
      try {
        const connected = await main.app.companion.practice.connectDemo();
        if (!connected.ok) throw new Error(`signing in again failed: ${connected.message}`);
      } finally {
        booting = false;
      }
      paused = false;
    },
    drain: (locked = false): Promise<DrainReport> => replayer(locked).drain(),
    sync: () => syncIntoDexie(main.app.companion, practiceKey),

    /**
     * A clean start for the run with this seed: the practice and the local database as after the first
     * sync, the clock at its start, a new main with an empty data folder, network back, no faults.
     */
    async beginRun(seed: number): Promise<RunScope> {
      await settleOrphans();
      demo.clearFaults();
      netFaults.clear();
      demo.configure({ pageSize: 100, rateLimit: { enabled: false }, eformDailyQuota: 100_000_000 });
      demo.runtime.requestLog.length = 0;
      clock = startedAt;
      electronShape = false;
      crash = null;
      paused = false;
      online = true;
      await snapshot.restore();
      await main.kill();
      rmSync(main.dataDir, { recursive: true, force: true });
      await startMain(mkdtempSync(join(tmpdir(), 'model-main-')));
      return scopeOf(catalog, state, seed);
    },

    /**
     * Everything settles: the network comes back and one drain meets the faults still waiting for their
     * request; then no faults, drains until nothing is left to send (moving the virtual clock past each
     * backoff), and a final sync. `afterDrain` runs the per-step checks. Returns how many faults never struck.
     */
    async settle(afterDrain: () => Promise<void>): Promise<number> {
      crash = null;
      world.setOnline(true);
      await world.signInAgain();
      await world.drain();
      await settleOrphans();
      await afterDrain();
      const unused = demo.runtime.faultQueue.pending().length + netFaults.pending();
      demo.clearFaults();
      netFaults.clear();
      demo.configure({ pageSize: 100, rateLimit: { enabled: false } });
      electronShape = false;
      for (let drains = 0; drains < 40; drains++) {
        await world.signInAgain();
        const report = await world.drain();
        await afterDrain();
        const open = await readOpenEntries(db);
        const moving =
          open.some((e) => e.status === 'sending') ||
          (report.nextAttemptAt !== null && open.some((e) => e.status === 'pending'));
        if (!moving && report.delivered === 0 && report.failed === 0 && report.needsReview === 0) break;
        clock = Math.max(clock + 1_000, (report.nextAttemptAt ?? 0) + 1);
        await settleOrphans();
      }
      // An hour on, so the final sync reads the billing tier too (bills are compared with the practice's).
      clock += 61 * 60_000;
      await world.sync();
      return unused;
    },

    async close() {
      await settleOrphans();
      await main.kill();
      rmSync(main.dataDir, { recursive: true, force: true });
      await demo.close();
      await deletePracticeDb(practiceKey);
    },
  };
  return world;
}
export type ModelWorld = Awaited<ReturnType<typeof startModelWorld>>;
