import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ClientFacingEnter,
  ClientFacingStatus,
  ClientFacingTarget,
  PinResult,
} from '../../src-preload/contract/client-facing';
import type { Companion } from '../../src-preload/contract/companion';

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
 * asks at start (see `watchClientFacing`), so a reload or a restart comes back on the same client. Whether a
 * PIN is set is asked of main each time it matters, for the practice and person of that moment (pin-owner.ts).
 */
export const createClientFacingStore = (): ClientFacingStore =>
  createStore<ClientFacingState>()((set) => ({
    loaded: false,
    active: null,
    apply: (status) => set({ loaded: true, active: status.active }),
  }));

export async function enterClientFacing(
  companion: Companion,
  store: ClientFacingStore,
  input: ClientFacingEnter,
): Promise<void> {
  store.getState().apply(await companion.clientFacing.enter(input));
}

export async function exitClientFacing(
  companion: Companion,
  store: ClientFacingStore,
  pin: string,
): Promise<PinResult> {
  const result = await companion.clientFacing.exit({ pin });
  store.setState({ active: result.status.active });
  return result;
}

/** Asks main at start; until it answers the window stays blank. A failed answer counts as "not in the mode". */
export function watchClientFacing(companion: Companion, store: ClientFacingStore): void {
  void companion.clientFacing
    .status()
    .then((status) => store.getState().apply(status))
    .catch(() => store.setState({ loaded: true }));
}
