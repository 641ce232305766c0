import type {
  Bill,
  billStatuses,
  Payment,
  paymentMethods,
  paymentStatuses,
} from '../../../src-preload/contract/partner-api';
import type { SyncCursor } from '../../../src-preload/contract/sync';
import { foldForSearch } from '../../search';
import { formatDate } from '../../ui/regional/regional-format';
import { inWords } from '../../ui/words/enum-words';
import { billColumn, type BillColumn } from '../../ui/bill-columns';
import { inDateRange, sortRows, type SortDirection, type SortState, type SortValue } from '../../ui/table-sort';
import { shiftDay } from '../../../src-preload/contract/iso-day';
import { sumMoney } from '../../../src-preload/contract/money';

export type BillStatus = (typeof billStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];
export type PaymentMethod = (typeof paymentMethods)[number];

/* ---------- The window of bills and payments on this laptop ---------- */

/**
 * Days of history the first sync reads: the same figure as `billingWindow.historyDays` in
 * src-main/sync/sync-resources.ts (the renderer may not import main; a unit test pins the two together).
 */
export const HISTORY_DAYS = 365;

export interface LocalWindow {
  startDate: string;
  endDate: string;
  /** False while the first (history) read is still under way: the window is not filled yet. */
  complete: boolean;
}

/**
 * The bill-date (or payment-date) range the sync has read, from the resource's stored cursor. The first
 * pass reads a year back from the server's today of that pass; each later pass re-reads the recent days
 * up to a month ahead, so the window runs from the first pass's start to the latest pass's end.
 */
export function localWindow(cursor: SyncCursor | undefined): LocalWindow | null {
  if (!cursor?.window) return null;
  if (!cursor.fullPassAt) return { ...cursor.window, complete: false };
  const historyStart = shiftDay(cursor.fullPassAt.slice(0, 10), -HISTORY_DAYS);
  return {
    startDate: historyStart < cursor.window.startDate ? historyStart : cursor.window.startDate,
    endDate: cursor.window.endDate,
    complete: true,
  };
}

/**
 * The picked date range in the practice's date format, for the summary line: the native date inputs
 * show dates in the browser's own locale, which need not be the practice's.
 */
export function rangeText(from: string, to: string, region: string | undefined): string {
  if (from && to) return ` dated ${formatDate(from, region)} to ${formatDate(to, region)}`;
  if (from) return ` dated from ${formatDate(from, region)}`;
  if (to) return ` dated up to ${formatDate(to, region)}`;
  return '';
}

/* ---------- Bills ---------- */

export interface BillView {
  query: string;
  status: BillStatus | '';
  /** Bill-date range, ISO dates; '' is open. */
  from: string;
  to: string;
  sort: SortState<BillColumn>;
}

export const DEFAULT_BILL_VIEW: BillView = {
  query: '',
  status: '',
  from: '',
  to: '',
  sort: { column: 'billDate', direction: 'desc' },
};

/** Text A→Z; dates newest first; amounts largest first. */
export const firstDirectionOfBillColumn = (column: BillColumn): SortDirection =>
  billColumn(column).kind === 'text' ? 'asc' : 'desc';

export interface IndexedBill {
  bill: Bill;
  search: string;
}

/**
 * The bills of the local window, each with its search text (number, client, reference) folded once.
 * Bills read for one client beyond the window (older history) belong to that client's page, not here.
 */
export function indexBills(bills: readonly Bill[], window: LocalWindow | null): IndexedBill[] {
  const inWindow = window ? bills.filter((b) => inDateRange(b.billDate, window.startDate, window.endDate)) : bills;
  return inWindow.map((bill) => ({
    bill,
    search: foldForSearch(`${bill.billNumber} ${bill.entityName} ${bill.reference ?? ''}`),
  }));
}

export function filterBills(index: readonly IndexedBill[], view: BillView): Bill[] {
  const needle = foldForSearch(view.query.trim());
  const rows: Bill[] = [];
  for (const { bill, search } of index) {
    if (view.status && bill.statusName !== view.status) continue;
    if (!inDateRange(bill.billDate, view.from, view.to)) continue;
    if (needle && !search.includes(needle)) continue;
    rows.push(bill);
  }
  // Ties (the same date, the same amount) show the latest bill first.
  return sortRows(
    rows,
    view.sort,
    (b, column): SortValue => b[column],
    (a, b) => b.billingId - a.billingId,
  );
}

/* ---------- Payments ---------- */

export type PaymentColumn =
  'paymentDate' | 'entityName' | 'billNumber' | 'paymentMethod' | 'paymentStatus' | 'amount' | 'refundedAmount';

export interface PaymentView {
  query: string;
  status: PaymentStatus | '';
  method: PaymentMethod | '';
  from: string;
  to: string;
  sort: SortState<PaymentColumn>;
}

export const DEFAULT_PAYMENT_VIEW: PaymentView = {
  query: '',
  status: '',
  method: '',
  from: '',
  to: '',
  sort: { column: 'paymentDate', direction: 'desc' },
};

export const firstDirectionOfPaymentColumn = (column: PaymentColumn): SortDirection =>
  column === 'entityName' || column === 'billNumber' || column === 'paymentMethod' || column === 'paymentStatus'
    ? 'asc'
    : 'desc';

export interface IndexedPayment {
  payment: Payment;
  search: string;
}

export function indexPayments(payments: readonly Payment[], window: LocalWindow | null): IndexedPayment[] {
  const inWindow = window
    ? payments.filter((p) => inDateRange(p.paymentDate, window.startDate, window.endDate))
    : payments;
  return inWindow.map((payment) => ({
    payment,
    search: foldForSearch(`${payment.entityName} ${payment.billNumber ?? ''} ${payment.reference ?? ''}`),
  }));
}

export function filterPayments(index: readonly IndexedPayment[], view: PaymentView): Payment[] {
  const needle = foldForSearch(view.query.trim());
  const rows: Payment[] = [];
  for (const { payment, search } of index) {
    if (view.status && payment.paymentStatus !== view.status) continue;
    if (view.method && payment.paymentMethod !== view.method) continue;
    if (!inDateRange(payment.paymentDate, view.from, view.to)) continue;
    if (needle && !search.includes(needle)) continue;
    rows.push(payment);
  }
  return sortRows(
    rows,
    view.sort,
    (p, column): SortValue => (column === 'paymentMethod' ? inWords('paymentMethod', p.paymentMethod) : p[column]),
    (a, b) => b.paymentId - a.paymentId,
  );
}

/** Received in the rows: completed and refunded payments, less what was refunded. */
export function paymentsReceived(payments: readonly Payment[]): number {
  const received = payments.filter((p) => p.paymentStatus === 'completed' || p.paymentStatus === 'refunded');
  return sumMoney(received.map((p) => p.amount - p.refundedAmount));
}
