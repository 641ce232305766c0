import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Companion } from '../../src-preload/contract/companion';
import type { UpdateStatus } from '../../src-preload/contract/desktop';

export interface UpdateState {
  /** Main's latest word on updates; null until it answers. */
  status: UpdateStatus | null;
  /** Why the last "Restart to update" did not restart (an action was sending…); cleared by main's next status. */
  refusedReason: string | null;
  /** The version whose banner the person closed with "Later"; it installs at quit. */
  dismissedVersion: string | null;
  setStatus(status: UpdateStatus): void;
  dismiss(): void;
}

export type UpdateStore = StoreApi<UpdateState>;

export const createUpdateStore = (): UpdateStore =>
  createStore<UpdateState>()((set, get) => ({
    status: null,
    refusedReason: null,
    dismissedVersion: null,
    // Main's newer word supersedes the last refusal (a deferred restart's status carries its own sentence).
    setStatus: (status) => set({ status, refusedReason: null }),
    dismiss: () => set({ dismissedVersion: get().status?.version ?? null }),
  }));

/** "Restart to update": main may refuse (an action is sending…); its reason is shown with the banner. */
export async function restartToUpdate(companion: Companion, store: UpdateStore): Promise<void> {
  const cannot = 'The app could not restart now; the update installs when you quit.';
  try {
    const answer = await companion.desktop.restartToUpdate();
    if (!answer.restarting) store.setState({ refusedReason: answer.reason ?? cannot });
  } catch {
    store.setState({ refusedReason: cannot });
  }
}

/** Keeps the store in step with main: its answer now, then every `desktop.updateStatus` event. */
export function watchUpdates(companion: Companion, store: UpdateStore): () => void {
  const { setStatus } = store.getState();
  const unsubscribe = companion.on('desktop.updateStatus', setStatus);
  void companion.desktop
    .updateStatus()
    // An event that arrived first is newer than this answer.
    .then((status) => store.getState().status === null && setStatus(status))
    .catch(() => undefined);
  return unsubscribe;
}
