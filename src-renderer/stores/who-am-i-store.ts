import { z } from 'zod';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** `userKey: null`: asked, and not answered. */
export const storedMeSchema = z.strictObject({ userKey: z.uuid().nullable(), at: z.iso.datetime() });
export type StoredMe = z.infer<typeof storedMeSchema>;

export interface WhoAmIState {
  /** The answer per practice, in memory, so a form opening reads it at once (not a render later). */
  byPractice: Record<string, StoredMe | null>;
}

export type WhoAmIStore = StoreApi<WhoAmIState>;

export const createWhoAmIStore = (): WhoAmIStore => createStore<WhoAmIState>()(() => ({ byPractice: {} }));
