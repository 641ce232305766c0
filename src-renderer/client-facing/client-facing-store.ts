import { create } from 'zustand';
import type { ClientFacingStatus, ClientFacingTarget, PinResult } from '../../src-preload/contract/client-facing';
import type { Companion } from '../../src-preload/contract/companion';

interface ClientFacingState {
  /** False until main has said whether the window is in the mode: nothing is shown before, so nothing leaks. */
  loaded: boolean;
  /** The client the window shows, or null when the mode is off. Main holds it; this is its copy. */
  active: ClientFacingTarget | null;
  pinSet: boolean;
  apply(status: ClientFacingStatus): void;
  enter(companion: Companion, target: ClientFacingTarget, newPin?: string): Promise<void>;
  exit(companion: Companion, pin: string): Promise<PinResult>;
}

/**
 * The window's copy of client-facing mode. Main decides (mode and PIN live there); the renderer's root
 * asks at start (see `watchClientFacing`), so a reload or a restart comes back on the same client.
 */
export const useClientFacing = create<ClientFacingState>((set) => ({
  loaded: false,
  active: null,
  pinSet: false,
  apply: (status) => set({ loaded: true, active: status.active, pinSet: status.pinSet }),
  async enter(companion, target, newPin) {
    const status = await companion.clientFacing.enter(newPin ? { ...target, newPin } : target);
    set({ loaded: true, active: status.active, pinSet: status.pinSet });
  },
  async exit(companion, pin) {
    const result = await companion.clientFacing.exit({ pin });
    set({ active: result.status.active, pinSet: result.status.pinSet });
    return result;
  },
}));

/** Asks main at start; until it answers the window stays blank. A failed answer counts as "not in the mode". */
export function watchClientFacing(companion: Companion): void {
  void companion.clientFacing
    .status()
    .then((status) => useClientFacing.getState().apply(status))
    .catch(() => useClientFacing.setState({ loaded: true }));
}
