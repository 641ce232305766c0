import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LiveStatus } from '../../src-preload/contract/live-updates';

/** Whether live updates from the practice hub are on (the status bar says so; live-updates.ts writes it). */
export type LiveStatusStore = StoreApi<LiveStatus>;

export const createLiveStatusStore = (): LiveStatusStore =>
  createStore<LiveStatus>()(() => ({ practiceKey: null, state: 'off' }));
