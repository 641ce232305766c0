import { create } from 'zustand';
import { DEFAULT_BILL_VIEW, DEFAULT_PAYMENT_VIEW, type BillView, type PaymentView } from './billing-filter';

export interface BillingView {
  bills: BillView;
  billPage: number;
  payments: PaymentView;
  paymentPage: number;
}

export const DEFAULT_BILLING_VIEW: BillingView = { bills: DEFAULT_BILL_VIEW, billPage: 0, payments: DEFAULT_PAYMENT_VIEW, paymentPage: 0 };

interface BillingViewState {
  views: Record<string, BillingView>;
  update(practiceKey: string, patch: Partial<BillingView>): void;
}

/** The Billing screen's filters, sorts and pages for this session, per practice (kept when a client is opened). */
export const useBillingViews = create<BillingViewState>((set) => ({
  views: {},
  update: (practiceKey, patch) => set((s) => ({ views: { ...s.views, [practiceKey]: { ...(s.views[practiceKey] ?? DEFAULT_BILLING_VIEW), ...patch } } })),
}));

export function useBillingView(practiceKey: string): BillingView {
  return useBillingViews((s) => s.views[practiceKey] ?? DEFAULT_BILLING_VIEW);
}
