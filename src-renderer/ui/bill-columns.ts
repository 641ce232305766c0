import type { Bill } from '../../src-preload/contract/partner-api';
import type { CsvColumn, CsvKind } from './csv/csv-writer';
import { billStanding } from './money-status';

/** One column of a bill as the screens list it. */
interface BillColumnSpec<C extends keyof Bill = keyof Bill> {
  /** The bill's field it shows and sorts by. */
  column: C;
  label: string;
  /** The heading on a client's own bills, where "bill" goes without saying. */
  short?: string;
  /** Text sorts A→Z first, dates newest first, amounts largest first; money is right-aligned. */
  kind: CsvKind;
  /** The value as a row shows it (the status as it stands `today`), for the CSV export. */
  value(bill: Bill, today: string): string | number;
}

/** A bill's columns, in the Bills table's order: its headings, its CSV export and a client's bills all come from here. */
export const BILL_COLUMNS = [
  { column: 'billNumber', label: 'Bill', kind: 'text', value: (b) => b.billNumber },
  { column: 'entityName', label: 'Client', kind: 'text', value: (b) => b.entityName },
  { column: 'billDate', label: 'Bill date', short: 'Date', kind: 'date', value: (b) => b.billDate },
  { column: 'dueDate', label: 'Due date', short: 'Due', kind: 'date', value: (b) => b.dueDate },
  { column: 'statusName', label: 'Status', kind: 'text', value: (b, today) => billStanding(b, today).label },
  { column: 'total', label: 'Total', kind: 'money', value: (b) => b.total },
  { column: 'amountDue', label: 'Amount due', kind: 'money', value: (b) => b.amountDue },
] as const satisfies readonly BillColumnSpec[];

export type BillColumn = (typeof BILL_COLUMNS)[number]['column'];

/** The column of that name. */
export function billColumn(name: BillColumn): BillColumnSpec<BillColumn> {
  return BILL_COLUMNS.find((c) => c.column === name)!;
}

/** The bills as a CSV: every column, headed and valued as the table shows it (the status as it stands `today`). */
export function exportedBills(today: string): CsvColumn<Bill>[] {
  return BILL_COLUMNS.map((c) => ({ heading: c.label, kind: c.kind, value: (bill: Bill) => c.value(bill, today) }));
}
