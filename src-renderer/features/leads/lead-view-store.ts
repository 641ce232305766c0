import { create } from 'zustand';
import type { LeadView } from './lead-filter';

const DEFAULT_LEAD_VIEW: LeadView = { query: '', status: '' };

interface LeadViewState {
  /** Per practice, so one practice's search never filters another's list. */
  views: Record<string, LeadView>;
  update(practiceKey: string, patch: Partial<LeadView>): void;
}

/** The Leads screen's search and status for this session: opening a lead and coming back finds the list as it was left. */
export const useLeadViews = create<LeadViewState>((set) => ({
  views: {},
  update: (practiceKey, patch) =>
    set((s) => ({ views: { ...s.views, [practiceKey]: { ...(s.views[practiceKey] ?? DEFAULT_LEAD_VIEW), ...patch } } })),
}));

export function useLeadView(practiceKey: string): LeadView {
  return useLeadViews((s) => s.views[practiceKey] ?? DEFAULT_LEAD_VIEW);
}
