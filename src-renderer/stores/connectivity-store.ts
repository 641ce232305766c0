import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Connectivity, ConnectivityReason } from '../../src-preload/contract/connectivity';

export interface ConnectivityState {
  /** Main's verdict (it owns every network call); null until the first answer arrives. */
  main: Connectivity | null;
  /** What the browser itself believes; a fast hint, never the last word. */
  browserOnline: boolean;
  setMain(state: Connectivity): void;
  setBrowserOnline(online: boolean): void;
}

/** Main's events and the browser's are followed by `connectivity/connectivity-bridge.ts`. */
export type ConnectivityStore = StoreApi<ConnectivityState>;

export const createConnectivityStore = (): ConnectivityStore =>
  createStore<ConnectivityState>()((set) => ({
    main: null,
    // A browser says whether it has a network; Node 21+ has a `navigator` that does not (onLine undefined).
    browserOnline: typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine,
    setMain: (main) => set({ main }),
    setBrowserOnline: (browserOnline) => set({ browserOnline }),
  }));

/** Offline when either side says so: a dead network card is as offline as a practice that does not answer. */
export function isOnline(state: Pick<ConnectivityState, 'main' | 'browserOnline'>): boolean {
  return state.browserOnline && (state.main?.online ?? true);
}

/** Why: no network at all (either side says so), or a network that does not reach the practice (a captive portal). */
export function connectivityReason(state: Pick<ConnectivityState, 'main' | 'browserOnline'>): ConnectivityReason {
  if (!state.browserOnline) return 'no-network';
  return state.main?.reason ?? 'ok';
}
