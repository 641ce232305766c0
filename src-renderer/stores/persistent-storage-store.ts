import { createStore, type StoreApi } from 'zustand/vanilla';

export interface StorageState {
  /** Whether the browser engine promised not to evict this app's data; null until asked (or where it cannot be asked). */
  persisted: boolean | null;
}

export type PersistentStorageStore = StoreApi<StorageState>;

/** Asking the engine (at start, and when Settings opens) is `desktop/persistent-storage.ts`'s. */
export const createPersistentStorageStore = (): PersistentStorageStore =>
  createStore<StorageState>()(() => ({ persisted: null }));
