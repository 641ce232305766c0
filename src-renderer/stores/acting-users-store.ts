import { createStore, type StoreApi } from 'zustand/vanilla';

export interface ActingUsersState {
  /** Per practice, the staff member the last "…by" choice named this session (never written to disk). */
  byPractice: Record<string, string>;
  set(practiceKey: string, userKey: string): void;
}

export type ActingUsersStore = StoreApi<ActingUsersState>;

export const createActingUsersStore = (): ActingUsersStore =>
  createStore<ActingUsersState>()((set) => ({
    byPractice: {},
    set: (practiceKey, userKey) => set((s) => ({ byPractice: { ...s.byPractice, [practiceKey]: userKey } })),
  }));
