import { create } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import type { SyncedResourceName } from '../../src-preload/contract/sync';
import type { Region } from '../../src-preload/contract/partner-api';
import type {
  AddOwnCredentialsInput,
  ConnectHubInput,
  ConnectInput,
  ConnectResult,
  PracticeSummary,
  SyncProgressEvent,
} from '../../src-preload/contract/practice';
import type { PracticeDatabases } from '../data/practice-db';
import { isOnline, useConnectivity } from '../connectivity/connectivity-store';
import { signOutPractice } from './sign-out';
import { describeFailure } from '../ui/words/describe-failure';

/** What the store's actions work with, handed in by the caller (the practice service of the composition root). */
export interface PracticeDeps {
  companion: Companion;
  databases: PracticeDatabases;
  /** A run was started (the sync schedule times the next scheduled run from it). */
  onSyncStart?(round: SyncRound): void;
}

interface PracticeState {
  loaded: boolean;
  practices: PracticeSummary[];
  activePracticeKey: string | null;
  storage: { secure: boolean; backend: string } | null;
  progress: SyncProgressEvent | null;
  /** Latest budget figures: from each progress event, and polled while the sync panel is open. */
  budget: BudgetStatus | null;
  /** The user paused sync: background runs are skipped until they resume (kept across restarts). */
  paused: boolean;
  busy: boolean;
  error: string | null;
  /** What the last connect did beyond connecting (main's sentence), shown with the practice in Settings. */
  notice: string | null;
  refresh(deps: PracticeDeps): Promise<void>;
  /** Explores one of the demo's practices (default: the first, Australia and New Zealand). */
  connectDemo(deps: PracticeDeps, region?: Region): Promise<void>;
  /**
   * Main's answer as it is: a failure that asks to confirm a custom address, or suggests other regions,
   * is left to the form (no error banner); any other failure is also shown as `error`.
   */
  connect(deps: PracticeDeps, input: ConnectInput): Promise<ConnectResult>;
  /** Through the practice hub (address + enrolment code); a failure is also shown as `error`. */
  connectHub(deps: PracticeDeps, input: ConnectHubInput): Promise<ConnectResult>;
  /** Own Partner API credentials for a practice read through the hub, to send its changes with. */
  addOwnCredentials(deps: PracticeDeps, input: AddOwnCredentialsInput): Promise<ConnectResult>;
  /** One connect, either way: main's answer, then the list refreshed and a first sync. */
  connectWith(deps: PracticeDeps, ask: () => Promise<ConnectResult>): Promise<ConnectResult>;
  signOut(deps: PracticeDeps, practiceKey: string): Promise<void>;
  /**
   * Starts a run of main's sync reading `round` (default what is due: background and on-connect runs; 'full' for
   * "Sync now"; 'catalogs' for a form that needs them). Skipped while paused, offline or while a run is under way.
   */
  syncNow(deps: PracticeDeps, round?: SyncRound, lists?: readonly SyncedResourceName[]): Promise<boolean>;
  pause(deps: PracticeDeps): Promise<void>;
  /** Clears the pause and starts a run at once ("Resume": what is due; "Sync now": everything). */
  resume(deps: PracticeDeps, round?: SyncRound): Promise<void>;
  refreshBudget(deps: PracticeDeps): Promise<void>;
}

/** The practice the screens show (null until one is connected). */
export const activePractice = (
  s: Pick<PracticeState, 'practices' | 'activePracticeKey'>,
): PracticeSummary | undefined => s.practices.find((p) => p.practiceKey === s.activePracticeKey);

const pausedKey = (practiceKey: string) => `sync-paused:${practiceKey}`;
const readPaused = (practiceKey: string | null): boolean =>
  practiceKey !== null && localStorage.getItem(pausedKey(practiceKey)) === '1';

export const usePractice = create<PracticeState>((set, get) => ({
  loaded: false,
  practices: [],
  activePracticeKey: null,
  storage: null,
  progress: null,
  budget: null,
  paused: false,
  busy: false,
  error: null,
  notice: null,
  async refresh(deps) {
    const list = await deps.companion.practice.list();
    set({
      loaded: true,
      practices: list.practices,
      activePracticeKey: list.activePracticeKey,
      storage: list.storage,
      paused: readPaused(list.activePracticeKey),
    });
  },
  async connectDemo(deps, region) {
    set({ busy: true, error: null });
    try {
      const result = await deps.companion.practice.connectDemo(region ? { region } : {});
      if (!result.ok) set({ error: result.message });
      await get().refresh(deps);
      if (result.ok) await get().syncNow(deps);
    } catch (error) {
      set({ error: describeFailure(error) });
    } finally {
      set({ busy: false });
    }
  },
  connect: (deps, input) => get().connectWith(deps, () => deps.companion.practice.connect(input)),
  connectHub: (deps, input) => get().connectWith(deps, () => deps.companion.practice.connectHub(input)),
  addOwnCredentials: (deps, input) => get().connectWith(deps, () => deps.companion.practice.addOwnCredentials(input)),
  async connectWith(deps, ask) {
    set({ busy: true, error: null, notice: null });
    try {
      const result = await ask();
      if (!result.ok) {
        if (!result.confirmAddress) set({ error: result.message });
        return result;
      }
      set({ notice: result.notice ?? null });
      await get().refresh(deps);
      await get().syncNow(deps);
      return result;
    } catch (error) {
      set({ error: describeFailure(error) });
      return { ok: false, message: describeFailure(error) };
    } finally {
      set({ busy: false });
    }
  },
  async signOut(deps, practiceKey) {
    // The local copy is deleted whatever main answers (see sign-out.ts); a failed part is told in a notice.
    await signOutPractice(deps.companion, practiceKey, {
      deleteDb: (key) => deps.databases.delete(key),
      forget: async () => {
        set({ progress: null, budget: null });
        await get().refresh(deps);
      },
    });
  },
  async syncNow(deps, round = 'due', lists) {
    const practiceKey = get().activePracticeKey;
    // While the practice cannot be reached a run would only spend its retries; the reconnect starts it.
    if (!practiceKey || get().paused || get().progress?.running || !isOnline(useConnectivity.getState())) return false;
    const cursors = await deps.databases.of(practiceKey).cursors.toArray();
    const { started } = await deps.companion.sync.start({
      practiceKey,
      cursors,
      round,
      ...(lists ? { lists: [...lists] } : {}),
    });
    // A run of the lists a poke named reads nothing else: the scheduled pass (the backstop) keeps its time.
    if (started && !lists) deps.onSyncStart?.(round);
    return started;
  },
  async pause(deps) {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    localStorage.setItem(pausedKey(practiceKey), '1');
    set({ paused: true });
    await deps.companion.sync.stop({ practiceKey });
  },
  async resume(deps, round = 'due') {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    localStorage.removeItem(pausedKey(practiceKey));
    set({ paused: false });
    await get().syncNow(deps, round);
  },
  async refreshBudget(deps) {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    set({ budget: await deps.companion.practice.budget({ practiceKey }) });
  },
}));
