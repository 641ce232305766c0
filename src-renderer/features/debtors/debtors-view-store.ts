import { create } from 'zustand';
import { DEFAULT_DEBTOR_CLIENT_VIEW, DEFAULT_INVOICE_VIEW, type DebtorClientView, type InvoiceView } from './debtor-tables';
import type { PeriodPreset } from './periods';

export interface DebtorsView {
  clients: DebtorClientView;
  clientPage: number;
  invoices: InvoiceView;
  invoicePage: number;
  preset: PeriodPreset;
  customFrom: string;
  customTo: string;
}

export const DEFAULT_DEBTORS_VIEW: DebtorsView = {
  clients: DEFAULT_DEBTOR_CLIENT_VIEW,
  clientPage: 0,
  invoices: DEFAULT_INVOICE_VIEW,
  invoicePage: 0,
  preset: 'this-month',
  customFrom: '',
  customTo: '',
};

interface DebtorsViewState {
  /** Per practice, so one practice's filters never apply to another's figures. */
  views: Record<string, DebtorsView>;
  update(practiceKey: string, patch: Partial<DebtorsView>): void;
}

/**
 * The Debtors screen's searches, filters, sorts, pages and period for this session: opening a client
 * from the table and coming back finds the screen as it was left.
 */
export const useDebtorsViews = create<DebtorsViewState>((set) => ({
  views: {},
  update: (practiceKey, patch) => set((s) => ({ views: { ...s.views, [practiceKey]: { ...(s.views[practiceKey] ?? DEFAULT_DEBTORS_VIEW), ...patch } } })),
}));

export function useDebtorsView(practiceKey: string): DebtorsView {
  return useDebtorsViews((s) => s.views[practiceKey] ?? DEFAULT_DEBTORS_VIEW);
}
