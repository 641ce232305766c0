import type { billStanding } from '../../ui/money-status';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { countOf } from '../../ui/regional/counts';
import { isOverdue, sumMoney } from '../../../src-preload/contract/money';
import type { LocalWindow } from './billing-filter';

/*
 * What each money total counts, in words. What the practice is owed is one figure on Billing and Debtors
 * alike (the contract's balance rule: the ageing as at its date plus bills read since); Billing's list
 * also says what is due on the bills it lists, which are only those of the sync's date window.
 */

type Region = string | undefined;
type OwedBill = Parameters<typeof billStanding>[0];

/** What is still owed on bills past their due date, as at the practice's today. */
export function overdueAmount(bills: readonly OwedBill[], today: string): number {
  return sumMoney(bills.filter((bill) => isOverdue(bill, today)).map((bill) => bill.amountDue));
}

/**
 * Which bills (or payments) this laptop holds. The window of later passes runs a month ahead of today, so
 * a window ending after today is "onwards" rather than "to 24 Dec" (no bill is dated there yet).
 */
export function windowSentence(kind: 'Bills' | 'Payments', window: LocalWindow, today: string, region: Region): string {
  const noun = kind.toLowerCase();
  const range =
    window.endDate > today
      ? `from ${formatDate(window.startDate, region)} onwards`
      : `from ${formatDate(window.startDate, region)} to ${formatDate(window.endDate, region)}`;
  if (!window.complete) return `The first sync is still bringing ${noun} dated ${range}; more appear as it goes.`;
  return `${kind} dated ${range} are on this laptop; older ${noun} come with a client's meeting pack.`;
}

export interface BillSummary {
  count: number;
  total: number;
  amountDue: number;
  overdue: number;
  /** " dated 1 Mar 2026 to 31 Mar 2026" when a date filter is set (rangeText), else ''. */
  range: string;
  currency: string | undefined;
}

/** "312 bills on this laptop · billed $X · $Y still due, $Z of it overdue as at 23 Nov 2026". */
export function billSummaryText(s: BillSummary, today: string, region: Region): string {
  const money = (amount: number) => formatMoney(amount, region, s.currency);
  const due =
    s.amountDue === 0
      ? 'nothing due'
      : s.overdue > 0
        ? `${money(s.amountDue)} due on these bills, ${money(s.overdue)} of it overdue as at ${formatDate(today, region)}`
        : `${money(s.amountDue)} due on these bills, none of it overdue`;
  return `${countOf(s.count, 'bill', region)}${s.range} · billed ${money(s.total)} · ${due}`;
}

/** Under the Debtors total: what it counts; Billing shows the same figure, made the same way. */
export function debtorsTotalNote(asAt: string, region: Region): string {
  return `The practice's ageing report as at ${formatDate(asAt, region)}: every unpaid bill, of any age. Bills this laptop has read since are added as their own part; Billing shows the same figure.`;
}
