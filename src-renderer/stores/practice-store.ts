import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { PracticeSummary, SyncProgressEvent } from '../../src-preload/contract/practice';

export interface PracticeState {
  loaded: boolean;
  practices: PracticeSummary[];
  activePracticeKey: string | null;
  storage: { secure: boolean; backend: string } | null;
  progress: SyncProgressEvent | null;
  /** Latest budget figures: from each progress event, and polled while the sync panel is open. */
  budget: BudgetStatus | null;
  /** The user paused sync: background runs are skipped until they resume (kept across restarts). */
  paused: boolean;
  busy: boolean;
  error: string | null;
  /** What the last connect did beyond connecting (main's sentence), shown with the practice in Settings. */
  notice: string | null;
}

/** The practice the screens show (null until one is connected). */
export const activePractice = (
  s: Pick<PracticeState, 'practices' | 'activePracticeKey'>,
): PracticeSummary | undefined => s.practices.find((p) => p.practiceKey === s.activePracticeKey);

export type PracticeStore = StoreApi<PracticeState>;

/**
 * The connected practices and the sync's state, as the screens show them: state only. Connecting, syncing,
 * pausing and signing out are the practice service's (practice-service.ts), which writes here.
 */
export const createPracticeStore = (): PracticeStore =>
  createStore<PracticeState>()(() => ({
    loaded: false,
    practices: [],
    activePracticeKey: null,
    storage: null,
    progress: null,
    budget: null,
    paused: false,
    busy: false,
    error: null,
    notice: null,
  }));
