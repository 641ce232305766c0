import { daysOverdue, isOwed, sumMoney } from '../../../src-preload/contract/money';
import type { Bill, DebtorInvoice } from '../../../src-preload/contract/partner-api';

/** What the client owes as far as this laptop knows, or that it does not know yet. */
export type ClientBalance =
  { known: true; balance: number; overdue: number; overdueBills: number; currency: string | null } | { known: false };

/**
 * The client's balance and overdue amount from its rows on this laptop. The debtors list holds every unpaid
 * bill (older ones too); the client's bills hold the last year (or all of them, once read for the client)
 * and are refreshed with payments, so a bill present in both is counted from its bill row. A bill is overdue
 * once its due date has passed. Unknown when neither list has been read: saying $0 then would be wrong.
 */
export function clientBalance(input: {
  bills: readonly Bill[];
  debtors: readonly DebtorInvoice[];
  /** Whether the debtors list has been synced at least once (an empty list then means nothing is owed). */
  debtorsRead: boolean;
  /** The laptop's calendar date, yyyy-mm-dd. */
  today: string;
}): ClientBalance {
  const { bills, debtors, debtorsRead, today } = input;
  if (!debtorsRead && bills.length === 0) return { known: false };
  const billIds = new Set(bills.map((b) => b.billingId));
  const open = [
    ...bills.filter(isOwed).map((b) => ({ amountDue: b.amountDue, dueDate: b.dueDate })),
    ...debtors
      .filter((d) => !billIds.has(d.billingId) && d.amountDue > 0)
      .map((d) => ({ amountDue: d.amountDue, dueDate: d.dueDate })),
  ];
  const overdue = open.filter((b) => daysOverdue(b.dueDate, today) > 0);
  const sum = (rows: Array<{ amountDue: number }>) => sumMoney(rows.map((r) => r.amountDue));
  return {
    known: true,
    balance: sum(open),
    overdue: sum(overdue),
    overdueBills: overdue.length,
    currency: bills[0]?.currency ?? null,
  };
}
