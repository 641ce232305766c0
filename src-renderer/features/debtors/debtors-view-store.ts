import { screenViews } from '../../context/store-hooks';
import {
  DEFAULT_DEBTOR_CLIENT_VIEW,
  DEFAULT_INVOICE_VIEW,
  type DebtorClientView,
  type InvoiceView,
} from './debtor-tables';
import type { PeriodPreset } from './periods';

/** Rows per page in the debtor clients and the invoices tables: one rule, so the two pages turn alike. */
export const DEBTOR_PAGE_SIZE = 25;

export interface DebtorsView {
  clients: DebtorClientView;
  clientPage: number;
  invoices: InvoiceView;
  invoicePage: number;
  preset: PeriodPreset;
  customFrom: string;
  customTo: string;
}

const DEFAULT_DEBTORS_VIEW: DebtorsView = {
  clients: DEFAULT_DEBTOR_CLIENT_VIEW,
  clientPage: 0,
  invoices: DEFAULT_INVOICE_VIEW,
  invoicePage: 0,
  preset: 'this-month',
  customFrom: '',
  customTo: '',
};

/**
 * The Debtors screen's searches, filters, sorts, pages and period for this session: opening a client
 * from the table and coming back finds the screen as it was left.
 */
const debtorsViews = screenViews<DebtorsView>('debtors', DEFAULT_DEBTORS_VIEW);
export const useDebtorsViews = debtorsViews.useViews;
export const useDebtorsView = debtorsViews.useView;
