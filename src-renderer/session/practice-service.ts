import type { Companion } from '../../src-preload/contract/companion';
import type { Region } from '../../src-preload/contract/partner-api';
import type {
  AddOwnCredentialsInput,
  ConnectHubInput,
  ConnectInput,
  ConnectResult,
} from '../../src-preload/contract/practice';
import type { SyncedResourceName } from '../../src-preload/contract/sync';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import { markStart } from '../start-up/start-marks';
import { isOnline, type ConnectivityStore } from '../stores/connectivity-store';
import type { PracticeDatabases } from '../data/practice-db';
import type { Notice } from '../stores/notice-store';
import { describeFailure } from '../ui/words/describe-failure';
import type { PracticeStore } from '../stores/practice-store';
import type { PracticeViewsStore } from '../stores/practice-views';
import { signOutPractice } from './sign-out';

/** Connecting, syncing, pausing and signing out: the practice store's writer, as the screens call it. */
export interface PracticeService {
  refresh(): Promise<void>;
  /** Explores one of the demo's practices (default: the first, Australia and New Zealand). */
  connectDemo(region?: Region): Promise<void>;
  /**
   * Main's answer as it is: a failure that asks to confirm a custom address, or suggests other regions,
   * is left to the form (no error banner); any other failure is also shown as `error`.
   */
  connect(input: ConnectInput): Promise<ConnectResult>;
  /** Through the practice hub (address + enrolment code); a failure is also shown as `error`. */
  connectHub(input: ConnectHubInput): Promise<ConnectResult>;
  /** Own Partner API credentials for a practice read through the hub, to send its changes with. */
  addOwnCredentials(input: AddOwnCredentialsInput): Promise<ConnectResult>;
  /** Stops sending with the laptop's own credentials beside the hub: the practice reads only from then on. */
  removeOwnCredentials(practiceKey: string): Promise<ConnectResult>;
  /** Background runs of the practice are cancelled first, then main and this window forget it. */
  signOut(practiceKey: string): Promise<void>;
  /** A background-style run: what is due. */
  syncNow(): Promise<void>;
  /** A run of only these lists (the practice hub said they changed); false when it could not start now. */
  syncLists(lists: readonly SyncedResourceName[]): Promise<boolean>;
  /** "Sync now": clears a pause and reads everything. */
  syncEverything(): Promise<void>;
  /** A form that needs catalogs (ledger lookups, eForm templates) opened: main reads those more than an hour old. */
  syncCatalogs(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  refreshBudget(): Promise<void>;
}

export interface PracticeServiceDeps {
  companion: Companion;
  databases: PracticeDatabases;
  store: PracticeStore;
  connectivity: ConnectivityStore;
  /** The screens' searches and filters, forgotten per practice on sign-out. */
  views: PracticeViewsStore;
  notify(notice: Omit<Notice, 'id'>): void;
  cancelJobs(): void;
  /** A run was started (the sync schedule times the next scheduled run from it). */
  onSyncStart?(round: SyncRound): void;
  /** Catalogs were asked for while a run is under way: ask again once it ends. */
  deferCatalogs?(): void;
  storage?: Storage;
}

const pausedKey = (practiceKey: string) => `sync-paused:${practiceKey}`;

export function createPracticeService(deps: PracticeServiceDeps): PracticeService {
  const { companion, store } = deps;
  const set = store.setState;
  const get = store.getState;
  const storage = (): Storage => deps.storage ?? localStorage;
  const readPaused = (practiceKey: string | null): boolean =>
    practiceKey !== null && storage().getItem(pausedKey(practiceKey)) === '1';

  async function refresh(): Promise<void> {
    const list = await companion.practice.list();
    markStart('practices-listed');
    set({
      loaded: true,
      practices: list.practices,
      activePracticeKey: list.activePracticeKey,
      storage: list.storage,
      paused: readPaused(list.activePracticeKey),
    });
  }

  /**
   * Starts a run of main's sync reading `round` (default what is due: background and on-connect runs; 'full' for
   * "Sync now"; 'catalogs' for a form that needs them). Skipped while paused, offline or while a run is under way.
   */
  async function startSync(round: SyncRound = 'due', lists?: readonly SyncedResourceName[]): Promise<boolean> {
    const practiceKey = get().activePracticeKey;
    // While the practice cannot be reached a run would only spend its retries; the reconnect starts it.
    if (!practiceKey || get().paused || get().progress?.running || !isOnline(deps.connectivity.getState()))
      return false;
    const cursors = await deps.databases.of(practiceKey).cursors.toArray();
    const { started } = await companion.sync.start({
      practiceKey,
      cursors,
      round,
      ...(lists ? { lists: [...lists] } : {}),
    });
    // A run of the lists a poke named reads nothing else: the scheduled pass (the backstop) keeps its time.
    if (started && !lists) deps.onSyncStart?.(round);
    return started;
  }

  /** One connect, either way: main's answer, then the list refreshed and a first sync. */
  async function connectWith(ask: () => Promise<ConnectResult>): Promise<ConnectResult> {
    set({ busy: true, error: null, notice: null });
    try {
      const result = await ask();
      if (!result.ok) {
        if (!result.confirmAddress) set({ error: result.message });
        return result;
      }
      set({ notice: result.notice ?? null });
      await refresh();
      await startSync();
      return result;
    } catch (error) {
      set({ error: describeFailure(error) });
      return { ok: false, message: describeFailure(error) };
    } finally {
      set({ busy: false });
    }
  }

  async function resume(round: SyncRound = 'due'): Promise<void> {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    storage().removeItem(pausedKey(practiceKey));
    set({ paused: false });
    await startSync(round);
  }

  return {
    refresh,
    async connectDemo(region) {
      set({ busy: true, error: null });
      try {
        const result = await companion.practice.connectDemo(region ? { region } : {});
        if (!result.ok) set({ error: result.message });
        await refresh();
        if (result.ok) await startSync();
      } catch (error) {
        set({ error: describeFailure(error) });
      } finally {
        set({ busy: false });
      }
    },
    connect: (input) => connectWith(() => companion.practice.connect(input)),
    connectHub: (input) => connectWith(() => companion.practice.connectHub(input)),
    addOwnCredentials: (input) => connectWith(() => companion.practice.addOwnCredentials(input)),
    removeOwnCredentials: (practiceKey) => connectWith(() => companion.practice.removeOwnCredentials({ practiceKey })),
    async signOut(practiceKey) {
      deps.cancelJobs();
      // The local copy is deleted whatever main answers (see sign-out.ts); a failed part is told in a notice.
      await signOutPractice(companion, practiceKey, {
        deleteDb: (key) => deps.databases.delete(key),
        forget: async () => {
          set({ progress: null, budget: null });
          await refresh();
        },
        forgetViews: (key) => deps.views.getState().forget(key),
        notify: deps.notify,
        ...(deps.storage ? { storage: deps.storage } : {}),
      });
    },
    syncNow: async () => void (await startSync()),
    syncLists: (lists) => startSync('due', lists),
    syncEverything: () => resume('full'),
    async syncCatalogs() {
      // Main runs one sync at a time: a form opened during a run would otherwise lose its ask.
      if (get().progress?.running && deps.deferCatalogs) deps.deferCatalogs();
      else await startSync('catalogs');
    },
    async pause() {
      const practiceKey = get().activePracticeKey;
      if (!practiceKey) return;
      storage().setItem(pausedKey(practiceKey), '1');
      set({ paused: true });
      await companion.sync.stop({ practiceKey });
    },
    resume: () => resume(),
    async refreshBudget() {
      const practiceKey = get().activePracticeKey;
      if (!practiceKey) return;
      set({ budget: await companion.practice.budget({ practiceKey }) });
    },
  };
}
