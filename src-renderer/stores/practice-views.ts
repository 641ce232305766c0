import { createStore, type StoreApi } from 'zustand/vanilla';

export interface PracticeViewsState {
  /**
   * Per screen, then per practice, so one practice's search or filters never apply to another's list or figures.
   * Each screen's view type is its own (its hooks in `context/store-hooks.ts` give it back typed).
   */
  screens: Record<string, Record<string, unknown>>;
  update(screen: string, practiceKey: string, patch: object, defaults: object): void;
  reset(screen: string, practiceKey: string, defaults: object): void;
  /**
   * Forgets what a practice's screens were left showing (search text, filters, sort, pages) on every
   * screen: after "Sign out and delete" nothing typed for it comes back, even if it is connected again.
   */
  forget(practiceKey: string): void;
}

export type PracticeViewsStore = StoreApi<PracticeViewsState>;

/**
 * The screens' searches, filters, sorts and pages for this session, per practice. Kept outside the
 * components, so opening a record from a list and coming back finds the screen as it was left.
 */
export const createPracticeViewsStore = (): PracticeViewsStore =>
  createStore<PracticeViewsState>()((set) => ({
    screens: {},
    update: (screen, practiceKey, patch, defaults) =>
      set((s) => {
        const views = s.screens[screen] ?? {};
        const current = (views[practiceKey] ?? defaults) as object;
        return { screens: { ...s.screens, [screen]: { ...views, [practiceKey]: { ...current, ...patch } } } };
      }),
    reset: (screen, practiceKey, defaults) =>
      set((s) => ({ screens: { ...s.screens, [screen]: { ...s.screens[screen], [practiceKey]: defaults } } })),
    forget: (practiceKey) =>
      set((s) => ({
        screens: Object.fromEntries(
          Object.entries(s.screens).map(([screen, views]) => {
            const { [practiceKey]: _forgotten, ...rest } = views;
            return [screen, rest];
          }),
        ),
      })),
  }));
