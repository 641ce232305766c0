import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ClientFacingStatus, ClientFacingTarget } from '../../src-preload/contract/client-facing';

export interface ClientFacingState {
  /** False until main has said whether the window is in the mode: nothing is shown before, so nothing leaks. */
  loaded: boolean;
  /** The client the window shows, or null when the mode is off. Main holds it; this is its copy. */
  active: ClientFacingTarget | null;
  apply(status: ClientFacingStatus): void;
}

export type ClientFacingStore = StoreApi<ClientFacingState>;

/**
 * The window's copy of client-facing mode. Main decides (mode and PINs live there); the renderer's root
 * asks at start (`watchClientFacing` in client-facing/client-facing-bridge.ts), so a reload or a restart comes back on the same client. Whether a
 * PIN is set is asked of main each time it matters, for the practice and person of that moment (pin-owner.ts).
 */
export const createClientFacingStore = (): ClientFacingStore =>
  createStore<ClientFacingState>()((set) => ({
    loaded: false,
    active: null,
    apply: (status) => set({ loaded: true, active: status.active }),
  }));
