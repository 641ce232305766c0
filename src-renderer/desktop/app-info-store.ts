import { create } from 'zustand';
import type { AppInfo } from '../../src-preload/contract/app-info';
import type { Companion } from '../../src-preload/contract/companion';
import { useNotices } from '../notices/notice-store';
import { describeFailure } from '../ui/words/describe-failure';

interface AppInfoState {
  info: AppInfo | null;
  error: string | null;
  load(companion: Companion): Promise<void>;
}

export const useAppInfo = create<AppInfoState>((set) => ({
  info: null,
  error: null,
  async load(companion) {
    try {
      set({ info: await companion.app.info(), error: null });
    } catch (error) {
      const message = describeFailure(error);
      set({ error: message });
      useNotices.getState().push({ tone: 'error', title: "Could not read the app's details", detail: message });
    }
  },
}));
