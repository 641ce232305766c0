import { create } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import { practiceDb, type PracticeDb } from '../practice/practice-db';
import { createPack, retryFailed, runPack } from './pack-runner';
import { isOnline, useConnectivity } from '../connectivity/connectivity-store';
import { useNotices } from '../notices/notice-store';
import { activePractice, usePractice } from '../practice/practice-store';

interface MeetingPackState {
  /** The pack being fetched now, if any. */
  runningPackId: string | null;
  /** Marks a client as needed offline and starts fetching when online. */
  prepare(entity: { entityKey: string; fullEntityName: string }): Promise<void>;
  /** Removes a pack: its documents are unpinned (and may be evicted later); the data stays. */
  remove(packId: string): Promise<void>;
  retry(packId: string): Promise<void>;
  /** Runs every unfinished pack of the active practice, one after another. */
  kick(): void;
}

let companionRef: Companion | null = null;
let running: Promise<void> | null = null;

export const useMeetingPacks = create<MeetingPackState>((set, get) => ({
  runningPackId: null,
  async prepare(entity) {
    const practice = activePractice(usePractice.getState());
    if (!practice) throw new Error('Connect a practice first.');
    await createPack(practiceDb(practice.practiceKey), entity, new Date());
    get().kick();
  },
  async remove(packId) {
    const practice = activePractice(usePractice.getState());
    if (!practice) return;
    await practiceDb(practice.practiceKey).meetingPacks.delete(packId);
    await companionRef?.documents.unpin({ practiceKey: practice.practiceKey, packId });
  },
  async retry(packId) {
    const practice = activePractice(usePractice.getState());
    if (!practice) return;
    await retryFailed(practiceDb(practice.practiceKey), packId);
    get().kick();
  },
  kick() {
    if (running || !companionRef) return;
    const companion = companionRef;
    running = (async () => {
      for (;;) {
        const practice = activePractice(usePractice.getState());
        if (!practice || !isOnline(useConnectivity.getState())) return;
        const db = practiceDb(practice.practiceKey);
        if (!(await drainDocumentRequests(companion, db, practice.practiceKey))) return;
        const next = (await db.meetingPacks.toArray()).find(
          (p) => p.state === 'fetching' || p.state === 'waiting-for-connection',
        );
        if (!next) return;
        set({ runningPackId: next.packId });
        const done = await runPack(
          { companion, db, practiceKey: practice.practiceKey, priority: 'prefetch', now: () => new Date() },
          next.packId,
        );
        if (done?.state === 'waiting-for-connection') return;
        if (done?.state === 'complete')
          useNotices.getState().push({
            tone: 'info',
            title: `${done.entityName} is ready for the meeting`,
            detail: 'Everything for this client is on this laptop now.',
          });
        if (done?.state === 'incomplete')
          useNotices.getState().push({
            tone: 'error',
            title: `Some of ${done.entityName}'s pack is missing`,
            detail: 'Open the client to see what could not be fetched and why.',
          });
      }
    })()
      .catch((error: unknown) =>
        useNotices.getState().push({
          tone: 'error',
          title: 'A meeting pack could not be fetched',
          detail: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = null;
        set({ runningPackId: null });
      });
  },
}));

/**
 * PDFs someone asked for while offline ("Download when online"), fetched first when the connection is
 * back. False when the connection went again (the rest waits).
 */
async function drainDocumentRequests(companion: Companion, db: PracticeDb, practiceKey: string): Promise<boolean> {
  for (const request of await db.documentRequests.toArray()) {
    const result = await companion.documents.fetch({
      practiceKey,
      ref: request.ref,
      entityKey: request.entityKey,
      priority: 'prefetch',
    });
    if (result.ok) {
      await db.documentRequests.delete(request.docKey);
      useNotices.getState().push({
        tone: 'info',
        title: 'A document you asked for is on this laptop now',
        detail: `${result.meta.fileName} opens offline.`,
      });
    } else if (
      result.problem === 'offline-not-downloaded' ||
      result.problem === 'corrupt-offline' ||
      result.problem === 'not-connected'
    ) {
      return false;
    } else {
      // The practice has no such PDF: keep asking would only spend the budget.
      await db.documentRequests.delete(request.docKey);
      useNotices
        .getState()
        .push({ tone: 'error', title: 'A document you asked for could not be downloaded', detail: result.message });
    }
  }
  return true;
}

/** Runs packs on start, when the connection comes back and when the practice changes. */
export function watchMeetingPacks(companion: Companion): () => void {
  companionRef = companion;
  let wasOnline = isOnline(useConnectivity.getState());
  const offConnectivity = useConnectivity.subscribe((state) => {
    const online = isOnline(state);
    if (online && !wasOnline) useMeetingPacks.getState().kick();
    wasOnline = online;
  });
  const offPractice = usePractice.subscribe((state, previous) => {
    if (state.activePracticeKey !== previous.activePracticeKey) useMeetingPacks.getState().kick();
  });
  useMeetingPacks.getState().kick();
  return () => {
    offConnectivity();
    offPractice();
    companionRef = null;
  };
}
