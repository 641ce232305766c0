import type { collectionStatuses, DebtorAgeing, DebtorInvoice } from '../../../src-preload/contract/partner-api';
import { foldForSearch } from '../../search';
import { compareText, sortRows, type SortDirection, type SortState, type SortValue } from '../../ui/table-sort';
import { amountFrom, daysPassFilter, type AgeFilter, type BucketKey } from './ageing';
import { countOf } from '../../ui/regional/counts';

export type CollectionStatus = (typeof collectionStatuses)[number];

/* ---------- Per-client ageing ---------- */

export type DebtorClientRow = DebtorAgeing['clients'][number];
export type DebtorClientColumn = 'entityName' | BucketKey | 'total';

export interface DebtorClientView {
  query: string;
  age: AgeFilter;
  sort: SortState<DebtorClientColumn>;
}

export const DEFAULT_DEBTOR_CLIENT_VIEW: DebtorClientView = {
  query: '',
  age: 'all',
  sort: { column: 'total', direction: 'desc' },
};

/** Names A→Z first; amounts largest first (what a partner chasing money wants on top). */
export const firstDirectionOfClientColumn = (column: DebtorClientColumn): SortDirection =>
  column === 'entityName' ? 'asc' : 'desc';

export interface IndexedDebtorClient {
  row: DebtorClientRow;
  search: string;
}

/** Each client's folded name computed once per report, so a keystroke is one pass. */
export function indexDebtorClients(rows: readonly DebtorClientRow[]): IndexedDebtorClient[] {
  return rows.map((row) => ({ row, search: foldForSearch(row.entityName) }));
}

/**
 * The clients a view shows: name search (case and accents ignored), age filter (some money at least
 * that old: "only 61+ days" keeps a client with anything in 61–90 or 90+), then sorted by the column.
 */
export function filterDebtorClients(index: readonly IndexedDebtorClient[], view: DebtorClientView): DebtorClientRow[] {
  const needle = foldForSearch(view.query.trim());
  const rows: DebtorClientRow[] = [];
  for (const { row, search } of index) {
    if (needle && !search.includes(needle)) continue;
    if (view.age !== 'all' && !(amountFrom(row, view.age) > 0)) continue;
    rows.push(row);
  }
  // Ties (the same amount) fall back to the name, whichever column is sorted.
  return sortRows(
    rows,
    view.sort,
    (r, column): SortValue => r[column],
    (a, b) => compareText(a.entityName, b.entityName),
  );
}

/* ---------- Outstanding invoices ---------- */

export type InvoiceColumn =
  | 'billNumber'
  | 'entityName'
  | 'billDate'
  | 'dueDate'
  | 'daysOverdue'
  | 'total'
  | 'amountDue'
  | 'collectionStatus'
  | 'paymentPlan';
export type PlanFilter = 'any' | 'on-plan' | 'no-plan';

export interface InvoiceView {
  query: string;
  /** A collection status, or '' for any. */
  collection: CollectionStatus | '';
  plan: PlanFilter;
  age: AgeFilter;
  sort: SortState<InvoiceColumn>;
}

export const DEFAULT_INVOICE_VIEW: InvoiceView = {
  query: '',
  collection: '',
  plan: 'any',
  age: 'all',
  sort: { column: 'daysOverdue', direction: 'desc' },
};

const textColumns: ReadonlySet<InvoiceColumn> = new Set(['billNumber', 'entityName', 'collectionStatus']);
/** Text and dates A→Z / oldest first; amounts and days largest first. */
export const firstDirectionOfInvoiceColumn = (column: InvoiceColumn): SortDirection =>
  textColumns.has(column) || column === 'billDate' || column === 'dueDate' ? 'asc' : 'desc';

export interface IndexedInvoice {
  invoice: DebtorInvoice;
  search: string;
}

export function indexInvoices(invoices: readonly DebtorInvoice[]): IndexedInvoice[] {
  return invoices.map((invoice) => ({ invoice, search: foldForSearch(`${invoice.billNumber} ${invoice.entityName}`) }));
}

/** "Yes, 3 instalments left", "Yes", or "No". */
export function paymentPlanText(
  invoice: Pick<DebtorInvoice, 'onPaymentPlan' | 'paymentPlanInstalmentsRemaining'>,
): string {
  if (!invoice.onPaymentPlan) return 'No';
  const left = invoice.paymentPlanInstalmentsRemaining;
  return left == null ? 'Yes' : `Yes, ${countOf(left, 'instalment')} left`;
}

const invoiceValue = (invoice: DebtorInvoice, column: InvoiceColumn): SortValue => {
  // On a plan sorts after not on one; fewer instalments left sorts as "closer to done".
  if (column === 'paymentPlan')
    return invoice.onPaymentPlan ? 1 + 1 / (1 + (invoice.paymentPlanInstalmentsRemaining ?? 0)) : 0;
  return invoice[column];
};

/** Invoices by search (bill number or client), collection status, payment plan and age, then sorted. */
export function filterInvoices(index: readonly IndexedInvoice[], view: InvoiceView): DebtorInvoice[] {
  const needle = foldForSearch(view.query.trim());
  const rows: DebtorInvoice[] = [];
  for (const { invoice, search } of index) {
    if (needle && !search.includes(needle)) continue;
    if (view.collection && invoice.collectionStatus !== view.collection) continue;
    if (view.plan === 'on-plan' && !invoice.onPaymentPlan) continue;
    if (view.plan === 'no-plan' && invoice.onPaymentPlan) continue;
    if (view.age !== 'all' && !daysPassFilter(invoice.daysOverdue, view.age)) continue;
    rows.push(invoice);
  }
  return sortRows(rows, view.sort, invoiceValue, (a, b) => compareText(a.billNumber, b.billNumber));
}
