import type { Companion } from '../../../src-preload/contract/companion';
import { deletePracticeDb, practiceDb, type PracticeDb } from '../../../src-renderer/practice/practice-db';
import { readOpenEntries } from '../../../src-renderer/outbox/outbox-db';
import { createOutboxReplayer, type DrainReport } from '../../../src-renderer/outbox/outbox-replayer';
import type { InjectedFaultInput } from '../../../src-main/demo-practice/http/faults';
import { electronShapedFetch } from '../../support/electron-net-errors';
import { createMemoryWebLocks } from '../../support/memory-web-locks';
import { startConnectedDemo } from '../../support/node-companion';
import { syncIntoDexie } from '../../support/sync-into-dexie';
import type { RunScope } from './model-actions';

/** The clients' timeout: a `slow` fault answers after SLOW_MS, so the client has given up by then. */
export const TIMEOUT_MS = 400;
export const SLOW_MS = 500;

/**
 * Everything one model run acts on, built once for the whole campaign (starting a demo practice and a
 * first full sync per run would cost more than the runs): main's services and the renderer's outbox
 * in Node over real HTTP to the demo practice, and the renderer's database. Each run starts from a
 * clean outbox, the network back, no faults, and its own clients, lead and onboarding.
 */
export async function startModelWorld() {
  let electronShape = false;
  // One virtual time for the laptop (the replayer's backoff and checks) and the practice (its records'
  // updatedOn, Date headers): a wait moves both, as real time would.
  let clock = Date.now();
  const { app, practiceKey, demo, state } = await startConnectedDemo({
    demo: { seed: 21, eformDailyQuota: 100_000_000, clock: { now: () => new Date(clock) } },
    deps: { apiClient: { timeoutMs: TIMEOUT_MS, sleep: async () => undefined } },
    wrapFetch: (fetch) => electronShapedFetch(fetch, () => electronShape),
  });
  // Billable writes spend credits; a campaign sends thousands.
  state.wallet.eformCredits = 100_000_000;
  state.wallet.smsCredits = 100_000_000;
  const db: PracticeDb = practiceDb(practiceKey);
  await syncIntoDexie(app.companion, practiceKey);

  const clients = [...state.entities.values()].filter(
    (e) => !e.entityTerminated && [...state.contacts.values()].some((c) => c.entityKey === e.entityKey && !c.isDeleted),
  );
  // Open onboardings with a client to set custom fields on; each run reopens its own before it starts.
  const onboardings = [...state.onboardings.values()]
    .filter((o) => !o.completedOn && (state.onboardingDocuments.get(o.onboardingKey)?.length ?? 0) > 0)
    .map((o) => structuredClone(o));
  const user = [...state.users.values()][0]!.userKey;
  const revenue = state.ledger.accounts.find((a) => a.type === 'REVENUE')!;
  const template = state.eformTemplates[0]!.templateId;
  const existingLeads = [...state.leads.values()].filter((l) => l.statusName !== 'Converted');

  // The practice is still working on a `slow-before-apply` request until this real time. Virtual time
  // moving on (a wait, settling) means real time passes for the practice too: it finishes first.
  let practiceBusyUntil = 0;
  const take = demo.runtime.faultQueue.take;
  demo.runtime.faultQueue.take = (method, path) => {
    const fault = take(method, path);
    if (fault?.fault === 'slow-before-apply')
      practiceBusyUntil = Math.max(practiceBusyUntil, performance.now() + fault.delayMs + 50);
    return fault;
  };
  const practiceCatchesUp = () =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, practiceBusyUntil - performance.now())));
  let paused = false;
  let crashNext = false;

  /** The renderer's window dies after main sent the request, before the answer is stored (once, when armed). */
  const companion: Pick<Companion, 'outbox'> = {
    outbox: {
      send: async (input) => {
        const outcome = await app.companion.outbox.send(input);
        if (!crashNext) return outcome;
        crashNext = false;
        throw new Error('renderer crashed');
      },
      verify: (input) => app.companion.outbox.verify(input),
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
      canSend: () => app.network.isOnline() && !paused,
      onUnauthorized: () => (paused = true),
      now: () => clock,
      locks: locked ? locks : null,
    });

  const world = {
    app,
    demo,
    state,
    db,
    practiceKey,
    clients,
    onboardings,
    user,
    revenue,
    template,
    existingLeads,
    now: () => clock,
    async advance(ms: number) {
      clock += ms;
      if (ms >= TIMEOUT_MS) await practiceCatchesUp();
    },
    setOnline: (online: boolean) => app.network.setOnline(online),
    setElectronShape: (on: boolean) => void (electronShape = on),
    inject: (fault: InjectedFaultInput) => demo.injectFault(fault),
    armCrash: () => void (crashNext = true),
    disarmCrash: () => void (crashNext = false),
    drain: (locked = false): Promise<DrainReport> => replayer(locked).drain(),
    sync: () => syncIntoDexie(app.companion, practiceKey),

    /** A clean start for run `n`: network back, no faults, default page size, an empty outbox. */
    async beginRun(n: number): Promise<RunScope> {
      demo.clearFaults();
      demo.configure({ pageSize: 100 });
      electronShape = false;
      crashNext = false;
      paused = false;
      app.network.setOnline(true);
      await db.outbox.clear();
      // What earlier runs left for the user to review is theirs, not this run's: the local rows go back to the practice's.
      await db.contacts.where('entityContactID').below(0).delete();
      await db.leads.filter((l) => l.leadID === -1).delete();
      for (const row of await db.contacts.toArray()) {
        if (!(row as { pendingOutboxId?: string }).pendingOutboxId) continue;
        const server = state.contacts.get(row.entityContactID);
        if (server) await db.contacts.put(structuredClone(server));
      }
      // The onboarding this run may complete is open again at the practice (runs reuse the practice).
      const onboarding = onboardings[n % onboardings.length]!;
      state.onboardings.set(onboarding.onboardingKey, {
        ...structuredClone(onboarding),
        updatedOn: demo.runtime.clock.now().toISOString(),
      });
      return {
        n,
        clients: [clients[(2 * n) % clients.length]!, clients[(2 * n + 1) % clients.length]!],
        onboarding,
        lead: existingLeads[n % existingLeads.length]!,
      };
    },

    /**
     * Everything settles: the network comes back and one drain meets the faults still waiting for their
     * request; then no faults, drains until nothing is left to send (moving the virtual clock past each
     * backoff), and a final sync. `afterDrain` runs the per-step checks. Returns how many faults never struck.
     */
    async settle(afterDrain: () => Promise<void>): Promise<number> {
      crashNext = false;
      app.network.setOnline(true);
      await world.drain();
      await afterDrain();
      const unused = demo.runtime.faultQueue.pending().length;
      demo.clearFaults();
      demo.configure({ pageSize: 100 });
      electronShape = false;
      for (let drains = 0; drains < 40; drains++) {
        const report = await world.drain();
        await afterDrain();
        const open = await readOpenEntries(db);
        const moving =
          open.some((e) => e.status === 'sending') ||
          (report.nextAttemptAt !== null && open.some((e) => e.status === 'pending'));
        if (!moving && report.delivered === 0 && report.failed === 0 && report.needsReview === 0) break;
        clock = Math.max(clock + 1_000, (report.nextAttemptAt ?? 0) + 1);
        await practiceCatchesUp();
      }
      await world.sync();
      return unused;
    },

    async close() {
      await app.close();
      await deletePracticeDb(practiceKey);
    },
  };
  return world;
}
export type ModelWorld = Awaited<ReturnType<typeof startModelWorld>>;
