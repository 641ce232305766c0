import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo } from '../../src-preload/contract/app-info';
import type { Companion } from '../../src-preload/contract/companion';
import type { Notice } from '../notices/notice-store';
import { describeFailure } from '../ui/words/describe-failure';

export interface AppInfoState {
  info: AppInfo | null;
  error: string | null;
}

export type AppInfoStore = StoreApi<AppInfoState>;

export const createAppInfoStore = (): AppInfoStore => createStore<AppInfoState>()(() => ({ info: null, error: null }));

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
}
