import { create } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import type { UpdateStatus } from '../../src-preload/contract/desktop';

interface UpdateState {
  /** Main's latest word on updates; null until it answers. */
  status: UpdateStatus | null;
  /** Why the last "Restart to update" did not restart (an action was sending…); cleared by main's next status. */
  refusedReason: string | null;
  /** The version whose banner the person closed with "Later"; it installs at quit. */
  dismissedVersion: string | null;
  setStatus(status: UpdateStatus): void;
  dismiss(): void;
  restart(companion: Companion): Promise<void>;
}

export const useUpdates = create<UpdateState>((set, get) => ({
  status: null,
  refusedReason: null,
  dismissedVersion: null,
  // Main's newer word supersedes the last refusal (a deferred restart's status carries its own sentence).
  setStatus: (status) => set({ status, refusedReason: null }),
  dismiss: () => set({ dismissedVersion: get().status?.version ?? null }),
  async restart(companion) {
    try {
      const answer = await companion.desktop.restartToUpdate();
      if (!answer.restarting)
        set({ refusedReason: answer.reason ?? 'The app could not restart now; the update installs when you quit.' });
    } catch {
      set({ refusedReason: 'The app could not restart now; the update installs when you quit.' });
    }
  },
}));

/** Keeps the store in step with main: its answer now, then every `desktop.updateStatus` event. */
export function watchUpdates(companion: Companion): () => void {
  const { setStatus } = useUpdates.getState();
  const unsubscribe = companion.on('desktop.updateStatus', setStatus);
  void companion.desktop
    .updateStatus()
    // An event that arrived first is newer than this answer.
    .then((status) => useUpdates.getState().status === null && setStatus(status))
    .catch(() => undefined);
  return unsubscribe;
}
