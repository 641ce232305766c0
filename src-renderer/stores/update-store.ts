import { createStore, type StoreApi } from 'zustand/vanilla';
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

/** Main's status and the restart are `updates/update-bridge.ts`'s. */
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
