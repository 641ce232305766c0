import { billStanding } from '../../ui/money-status';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { countOf } from '../../ui/regional/counts';
import { roundCents } from '../../ui/table-sort';
import type { LocalWindow } from './billing-filter';

/*
 * What each money total counts, in words. Billing adds up the bills on this laptop (the sync's date
 * window); Debtors shows the practice's own ageing report as at its date, which counts every unpaid bill
 * of any age. The two differ whenever older bills are unpaid, and each screen says so.
 */

type Region = string | undefined;
type OwedBill = Parameters<typeof billStanding>[0];

/** What is still owed on bills past their due date, as at the practice's today. */
export function overdueAmount(bills: readonly OwedBill[], today: string): number {
  let sum = 0;
  for (const bill of bills) if (billStanding(bill, today).daysOverdue > 0) sum += bill.amountDue;
  return roundCents(sum);
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
        ? `${money(s.amountDue)} still due, ${money(s.overdue)} of it overdue as at ${formatDate(today, region)}`
        : `${money(s.amountDue)} still due, none of it overdue`;
  return `${countOf(s.count, 'bill', region)}${s.range} · billed ${money(s.total)} · ${due}`;
}

/**
 * Why Billing's "due" and Debtors' total differ, in one sentence; null when they agree (to the cent) or
 * there is no ageing report to compare with.
 */
export function billingVersusDebtors(
  due: number,
  window: LocalWindow | null,
  ageing: { total: number; asAt: string; currency?: string | undefined } | null,
  region: Region,
): string | null {
  if (!ageing || Math.abs(ageing.total - due) < 0.005) return null;
  const which = window
    ? `the bills dated from ${formatDate(window.startDate, region)} on this laptop`
    : 'the bills on this laptop';
  return `Debtors shows ${formatMoney(ageing.total, region, ageing.currency)} owed as at ${formatDate(ageing.asAt, region)} because the practice's ageing report counts every unpaid bill of any age, while this total counts only ${which}.`;
}

/** Under the Debtors total: what it counts, and why Billing's "due" can be lower. */
export function debtorsTotalNote(asAt: string, region: Region): string {
  return `The practice's ageing report as at ${formatDate(asAt, region)}: every unpaid bill, of any age. Billing's "due" adds up only the bills of the last year kept on this laptop, so it is lower when older bills are unpaid.`;
}
