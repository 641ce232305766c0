import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo } from '../../src-preload/contract/app-info';
import type { ManagedSettings, PolicyStatus } from '../../src-preload/contract/managed-policy';

export interface AppInfoState {
  info: AppInfo | null;
  /** The administrator's policy: what it fixes (shown as "Set by your administrator"), or why it was ignored. */
  policy: PolicyStatus | null;
  error: string | null;
}

/** Read once at start by `desktop/app-info-bridge.ts`. */
export type AppInfoStore = StoreApi<AppInfoState>;

export const createAppInfoStore = (): AppInfoStore =>
  createStore<AppInfoState>()(() => ({ info: null, policy: null, error: null }));

/** What the administrator's policy fixes ({} before it is read, or when there is none). */
export const managedOf = (state: AppInfoState): ManagedSettings => state.policy?.managed ?? {};
