import { create } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { Region } from '../../src-preload/contract/partner-api';
import type {
  ConnectInput,
  ConnectResult,
  PracticeSummary,
  SyncProgressEvent,
} from '../../src-preload/contract/practice';
import { ingestPage } from './ingest';
import { practiceDb } from './practice-db';
import { isOnline, useConnectivity } from '../connectivity/connectivity-store';
import { useNotices } from '../notices/notice-store';
import { signOutPractice } from './sign-out';

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
  refresh(companion: Companion): Promise<void>;
  /** Explores one of the demo's practices (default: the first, Australia and New Zealand). */
  connectDemo(companion: Companion, region?: Region): Promise<void>;
  /**
   * Main's answer as it is: a failure that asks to confirm a custom address, or suggests other regions,
   * is left to the form (no error banner); any other failure is also shown as `error`.
   */
  connect(companion: Companion, input: ConnectInput): Promise<ConnectResult>;
  signOut(companion: Companion, practiceKey: string): Promise<void>;
  /** Background and on-connect runs; skipped while paused. */
  syncNow(companion: Companion): Promise<void>;
  pause(companion: Companion): Promise<void>;
  /** Clears the pause and starts a run at once ("Resume" and "Sync now"). */
  resume(companion: Companion): Promise<void>;
  refreshBudget(companion: Companion): Promise<void>;
}

/** The practice the screens show (null until one is connected). */
export const activePractice = (
  s: Pick<PracticeState, 'practices' | 'activePracticeKey'>,
): PracticeSummary | undefined => s.practices.find((p) => p.practiceKey === s.activePracticeKey);

const pausedKey = (practiceKey: string) => `sync-paused:${practiceKey}`;
const readPaused = (practiceKey: string | null): boolean =>
  practiceKey !== null && localStorage.getItem(pausedKey(practiceKey)) === '1';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
  async refresh(companion) {
    const list = await companion.practice.list();
    set({
      loaded: true,
      practices: list.practices,
      activePracticeKey: list.activePracticeKey,
      storage: list.storage,
      paused: readPaused(list.activePracticeKey),
    });
  },
  async connectDemo(companion, region) {
    set({ busy: true, error: null });
    try {
      const result = await companion.practice.connectDemo(region ? { region } : {});
      if (!result.ok) set({ error: result.message });
      await get().refresh(companion);
      if (result.ok) await get().syncNow(companion);
    } catch (error) {
      set({ error: message(error) });
    } finally {
      set({ busy: false });
    }
  },
  async connect(companion, input) {
    set({ busy: true, error: null });
    try {
      const result = await companion.practice.connect(input);
      if (!result.ok) {
        if (!result.confirmAddress) set({ error: result.message });
        return result;
      }
      await get().refresh(companion);
      await get().syncNow(companion);
      return result;
    } catch (error) {
      set({ error: message(error) });
      return { ok: false, message: message(error) };
    } finally {
      set({ busy: false });
    }
  },
  async signOut(companion, practiceKey) {
    // The local copy is deleted whatever main answers (see sign-out.ts); a failed part is told in a notice.
    await signOutPractice(companion, practiceKey, {
      forget: async () => {
        set({ progress: null, budget: null });
        await get().refresh(companion);
      },
    });
  },
  async syncNow(companion) {
    const practiceKey = get().activePracticeKey;
    // While the practice cannot be reached a run would only spend its retries; the reconnect starts it.
    if (!practiceKey || get().paused || get().progress?.running || !isOnline(useConnectivity.getState())) return;
    const cursors = await practiceDb(practiceKey).cursors.toArray();
    await companion.sync.start({ practiceKey, cursors });
  },
  async pause(companion) {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    localStorage.setItem(pausedKey(practiceKey), '1');
    set({ paused: true });
    await companion.sync.stop({ practiceKey });
  },
  async resume(companion) {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    localStorage.removeItem(pausedKey(practiceKey));
    set({ paused: false });
    await get().syncNow(companion);
  },
  async refreshBudget(companion) {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey) return;
    set({ budget: await companion.practice.budget({ practiceKey }) });
  },
}));

const BACKGROUND_SYNC_MS = 5 * 60_000;

/**
 * Stores every synced page (records and cursor in one transaction) and only then acknowledges it,
 * which is what lets main fetch the next page. Also runs the background incremental sync.
 */
export function watchPracticeSync(companion: Companion): () => void {
  const offPage = companion.on('sync.page', (page) => {
    ingestPage(practiceDb(page.practiceKey), page)
      .then(() => companion.sync.ack({ pageId: page.pageId, ok: true }))
      .catch((error: unknown) => {
        useNotices.getState().push({ tone: 'error', title: 'Could not store synced data', detail: message(error) });
        return companion.sync.ack({ pageId: page.pageId, ok: false, error: message(error).slice(0, 900) });
      });
  });
  const offProgress = companion.on('sync.progress', (progress) =>
    usePractice.setState({ progress, ...(progress.budget ? { budget: progress.budget } : {}) }),
  );
  const store = usePractice.getState();
  void store.refresh(companion).then(() => usePractice.getState().syncNow(companion));
  const timer = setInterval(
    () =>
      void usePractice
        .getState()
        .syncNow(companion)
        .catch(() => undefined),
    BACKGROUND_SYNC_MS,
  );
  let wasOnline = isOnline(useConnectivity.getState());
  const offConnectivity = useConnectivity.subscribe((state) => {
    const online = isOnline(state);
    if (online && !wasOnline)
      void usePractice
        .getState()
        .syncNow(companion)
        .catch(() => undefined);
    wasOnline = online;
  });
  return () => {
    offPage();
    offProgress();
    offConnectivity();
    clearInterval(timer);
  };
}
