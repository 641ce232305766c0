import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo } from '../../src-preload/contract/app-info';
import type { Companion } from '../../src-preload/contract/companion';
import type { ManagedSettings, PolicyStatus } from '../../src-preload/contract/managed-policy';
import type { Notice } from '../notices/notice-store';
import { describeFailure } from '../ui/words/describe-failure';

export interface AppInfoState {
  info: AppInfo | null;
  /** The administrator's policy: what it fixes (shown as "Set by your administrator"), or why it was ignored. */
  policy: PolicyStatus | null;
  error: string | null;
}

export type AppInfoStore = StoreApi<AppInfoState>;

export const createAppInfoStore = (): AppInfoStore =>
  createStore<AppInfoState>()(() => ({ info: null, policy: null, error: null }));

/** Asked once at start (the root's `start()`); a failure is told in a notice and shown in Settings. */
export async function loadAppInfo(
  companion: Companion,
  store: AppInfoStore,
  notify: (notice: Omit<Notice, 'id'>) => void,
): Promise<void> {
  try {
    store.setState({ info: await companion.app.info(), error: null });
  } catch (error) {
    const message = describeFailure(error);
    store.setState({ error: message });
    notify({ tone: 'error', title: "Could not read the app's details", detail: message });
  }
  // Apart: main obeys the policy whatever the window knows of it; unread, nothing is marked as managed here.
  try {
    store.setState({ policy: await companion.app.policy() });
  } catch {
    store.setState({ policy: null });
  }
}

/** What the administrator's policy fixes ({} before it is read, or when there is none). */
export const managedOf = (state: AppInfoState): ManagedSettings => state.policy?.managed ?? {};
