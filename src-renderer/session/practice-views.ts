import { create } from 'zustand';

export interface PracticeViewsState<V> {
  /** Per practice, so one practice's search or filters never apply to another's list or figures. */
  views: Record<string, V>;
  update(practiceKey: string, patch: Partial<V>): void;
  reset(practiceKey: string): void;
}

/** Every screen's views, so a sign-out can take one practice's out of all of them. */
const everyScreen: { forget(practiceKey: string): void }[] = [];

/**
 * Forgets what a practice's screens were left showing (search text, filters, sort, pages) on every
 * screen: after "Sign out and delete" nothing typed for it comes back, even if it is connected again.
 */
export function forgetPracticeViews(practiceKey: string): void {
  for (const screen of everyScreen) screen.forget(practiceKey);
}

/**
 * A screen's search, filters, sorts and pages for this session, per practice. Kept outside the
 * component, so opening a record from the list and coming back finds the screen as it was left.
 */
export function createPracticeViews<V extends object>(defaults: V) {
  const useViews = create<PracticeViewsState<V>>((set) => ({
    views: {},
    update: (practiceKey, patch) =>
      set((s) => ({ views: { ...s.views, [practiceKey]: { ...(s.views[practiceKey] ?? defaults), ...patch } } })),
    reset: (practiceKey) => set((s) => ({ views: { ...s.views, [practiceKey]: defaults } })),
  }));
  everyScreen.push({
    forget: (practiceKey) =>
      useViews.setState((s) => {
        const { [practiceKey]: _forgotten, ...rest } = s.views;
        return { views: rest };
      }),
  });
  const useView = (practiceKey: string): V => useViews((s) => s.views[practiceKey] ?? defaults);
  return { useViews, useView };
}
