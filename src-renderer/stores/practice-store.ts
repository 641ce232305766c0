import { create } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import type { ConnectInput, PracticeSummary, SyncProgressEvent } from '../../src-preload/contract/practice';
import { ingestPage } from '../db/ingest';
import { deletePracticeDb, practiceDb } from '../db/practice-db';
import { useNotices } from './notice-store';

interface PracticeState {
  loaded: boolean;
  practices: PracticeSummary[];
  activePracticeKey: string | null;
  storage: { secure: boolean; backend: string } | null;
  progress: SyncProgressEvent | null;
  busy: boolean;
  error: string | null;
  refresh(companion: Companion): Promise<void>;
  connectDemo(companion: Companion): Promise<void>;
  connect(companion: Companion, input: ConnectInput): Promise<boolean>;
  signOut(companion: Companion, practiceKey: string): Promise<void>;
  syncNow(companion: Companion): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const usePractice = create<PracticeState>((set, get) => ({
  loaded: false,
  practices: [],
  activePracticeKey: null,
  storage: null,
  progress: null,
  busy: false,
  error: null,
  async refresh(companion) {
    const list = await companion.practice.list();
    set({ loaded: true, practices: list.practices, activePracticeKey: list.activePracticeKey, storage: list.storage });
  },
  async connectDemo(companion) {
    set({ busy: true, error: null });
    try {
      const result = await companion.practice.connectDemo();
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
        set({ error: result.message });
        return false;
      }
      await get().refresh(companion);
      await get().syncNow(companion);
      return true;
    } catch (error) {
      set({ error: message(error) });
      return false;
    } finally {
      set({ busy: false });
    }
  },
  async signOut(companion, practiceKey) {
    await companion.practice.signOut({ practiceKey });
    await deletePracticeDb(practiceKey);
    set({ progress: null });
    await get().refresh(companion);
  },
  async syncNow(companion) {
    const practiceKey = get().activePracticeKey;
    if (!practiceKey || get().progress?.running) return;
    const cursors = await practiceDb(practiceKey).cursors.toArray();
    await companion.sync.start({ practiceKey, cursors });
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
  const offProgress = companion.on('sync.progress', (progress) => usePractice.setState({ progress }));
  const store = usePractice.getState();
  void store.refresh(companion).then(() => usePractice.getState().syncNow(companion));
  const timer = setInterval(() => void usePractice.getState().syncNow(companion).catch(() => undefined), BACKGROUND_SYNC_MS);
  return () => {
    offPage();
    offProgress();
    clearInterval(timer);
  };
}
