import { create } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import { practiceDb, type PracticeDb } from '../practice/practice-db';
import { enqueue, type OutboxValidationError } from './outbox-db';
import { createOutboxReplayer, type OutboxReplayer } from './outbox-replayer';
import type { NewEntry } from './outbox-state';
import { isOnline, useConnectivity } from '../connectivity/connectivity-store';
import { useNotices } from '../notices/notice-store';
import { activePractice, usePractice } from '../practice/practice-store';

interface OutboxState {
  /** A 401 paused the outbox: nothing goes out until the credentials are entered again. */
  pausedForCredentials: boolean;
  draining: boolean;
  /** Queues a write for the active practice and tries to send it at once when online. */
  queue(input: Omit<NewEntry, 'id'>): Promise<string>;
  /** Replays now (after a reconnect, an edit, "Retry now"). */
  kick(reason?: 'reconnected' | 'user' | 'timer'): void;
  resume(): void;
}

export type { OutboxValidationError };

const RETRY_POLL_MS = 30_000;
let replayer: { practiceKey: string; db: PracticeDb; instance: OutboxReplayer } | null = null;
let companionRef: Companion | null = null;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;

function activeCanWrite(): { practiceKey: string; canWrite: boolean } | null {
  const state = usePractice.getState();
  const practice = activePractice(state);
  return practice ? { practiceKey: practice.practiceKey, canWrite: practice.canWrite } : null;
}

function replayerFor(practiceKey: string, companion: Companion): OutboxReplayer {
  const db = practiceDb(practiceKey);
  // After a sign-out and a reconnect the practice has a new database object; the old replayer's is closed.
  if (replayer?.practiceKey === practiceKey && replayer.db === db) return replayer.instance;
  const instance = createOutboxReplayer({
    db,
    practiceKey,
    companion,
    canSend: () =>
      isOnline(useConnectivity.getState()) &&
      (activeCanWrite()?.canWrite ?? false) &&
      !useOutbox.getState().pausedForCredentials,
    onUnauthorized: () => useOutbox.setState({ pausedForCredentials: true }),
  });
  replayer = { practiceKey, db, instance };
  return instance;
}

export const useOutbox = create<OutboxState>((set, get) => ({
  pausedForCredentials: false,
  draining: false,
  async queue(input) {
    const active = activeCanWrite();
    if (!active) throw new Error('Connect a practice first.');
    if (!active.canWrite)
      throw new Error('These credentials are read-only, so nothing can be queued for the practice.');
    const entry = await enqueue(practiceDb(active.practiceKey), { ...input, id: crypto.randomUUID() });
    get().kick();
    return entry.id;
  },
  kick(reason) {
    const active = activeCanWrite();
    if (!active || !companionRef) return;
    const instance = replayerFor(active.practiceKey, companionRef);
    set({ draining: true });
    void instance
      .drain()
      .then((report) => {
        if (reason === 'reconnected' && report.delivered > 0) {
          useNotices.getState().push({
            tone: 'info',
            title: `${report.delivered} queued ${report.delivered === 1 ? 'action' : 'actions'} went out`,
            detail: 'Back online: the outbox has been sent to the practice.',
          });
        }
        if (report.failed + report.needsReview > 0) {
          useNotices.getState().push({
            tone: 'error',
            title: 'Some queued actions need you',
            detail: 'Open the Outbox to see what the practice said.',
          });
        }
        clearTimeout(wakeTimer);
        if (report.nextAttemptAt)
          wakeTimer = setTimeout(() => get().kick('timer'), Math.max(0, report.nextAttemptAt - Date.now()));
      })
      .catch((error: unknown) =>
        useNotices.getState().push({
          tone: 'error',
          title: 'The outbox could not run',
          detail: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => set({ draining: false }));
  },
  resume() {
    set({ pausedForCredentials: false });
    get().kick('user');
  },
}));

/** Runs the outbox: on start, when the connection comes back, when the practice changes, and on a slow poll. */
export function watchOutbox(companion: Companion): () => void {
  companionRef = companion;
  let wasOnline = isOnline(useConnectivity.getState());
  const offConnectivity = useConnectivity.subscribe((state) => {
    const online = isOnline(state);
    if (online && !wasOnline) useOutbox.getState().kick('reconnected');
    wasOnline = online;
  });
  const offPractice = usePractice.subscribe((state, previous) => {
    if (state.activePracticeKey !== previous.activePracticeKey || state.practices !== previous.practices)
      useOutbox.getState().kick();
  });
  const poll = setInterval(() => useOutbox.getState().kick('timer'), RETRY_POLL_MS);
  useOutbox.getState().kick();
  return () => {
    offConnectivity();
    offPractice();
    clearInterval(poll);
    clearTimeout(wakeTimer);
    companionRef = null;
    replayer = null;
  };
}
