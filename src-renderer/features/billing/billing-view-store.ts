import { screenViews } from '../../context/store-hooks';
import { DEFAULT_BILL_VIEW, DEFAULT_PAYMENT_VIEW, type BillView, type PaymentView } from './billing-filter';

/** Rows per page in the bills and the payments tables: one rule, so the two pages turn alike. */
export const BILLING_PAGE_SIZE = 50;

export interface BillingView {
  bills: BillView;
  billPage: number;
  payments: PaymentView;
  paymentPage: number;
}

const DEFAULT_BILLING_VIEW: BillingView = {
  bills: DEFAULT_BILL_VIEW,
  billPage: 0,
  payments: DEFAULT_PAYMENT_VIEW,
  paymentPage: 0,
};

/** The Billing screen's filters, sorts and pages for this session, per practice (kept when a client is opened). */
const billingViews = screenViews<BillingView>('billing', DEFAULT_BILLING_VIEW);
export const useBillingViews = billingViews.useViews;
export const useBillingView = billingViews.useView;
