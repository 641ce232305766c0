import { create } from 'zustand';
import { DEFAULT_CLIENT_VIEW, type ClientView } from './client-filter';

interface ClientViewState {
  /** Per practice, so one practice's office or type never filters another's list. */
  views: Record<string, ClientView>;
  update(practiceKey: string, patch: Partial<ClientView>): void;
  reset(practiceKey: string): void;
}

/**
 * The Clients screen's search, filters and sort for this session. Kept outside the component so that
 * opening a client and coming back finds the list as it was left.
 */
export const useClientViews = create<ClientViewState>((set) => ({
  views: {},
  update: (practiceKey, patch) =>
    set((s) => ({ views: { ...s.views, [practiceKey]: { ...(s.views[practiceKey] ?? DEFAULT_CLIENT_VIEW), ...patch } } })),
  reset: (practiceKey) => set((s) => ({ views: { ...s.views, [practiceKey]: DEFAULT_CLIENT_VIEW } })),
}));

export function useClientView(practiceKey: string): ClientView {
  return useClientViews((s) => s.views[practiceKey] ?? DEFAULT_CLIENT_VIEW);
}
