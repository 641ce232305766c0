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

/**
 * The list's line under the one "owed" figure: its bills, what they billed, and the part of what is owed
 * that is due on them — never a second "owed" total beside the first, and no date again (the figure above
 * says as at when; overdue is as at the practice's today, the same day). Without the figure (no ageing and
 * no bills read yet) it says what is due on these bills alone.
 */
export function billSummaryText(s: BillSummary, region: Region, owedKnown = true): string {
  const money = (amount: number) => formatMoney(amount, region, s.currency);
  const overdue = s.overdue > 0 ? ` (${money(s.overdue)} overdue)` : ' (none overdue)';
  const due =
    s.amountDue === 0
      ? 'nothing due on these bills'
      : owedKnown
        ? `of what is owed, ${money(s.amountDue)} is due on these bills${overdue}`
        : `${money(s.amountDue)} due on these bills${overdue}`;
  return `${countOf(s.count, 'bill', region)}${s.range} · billed ${money(s.total)} · ${due}`;
}

/** Under the Debtors total: what it counts, once (the figure above it says as at when); Billing shows the same figure. */
export function debtorsTotalNote(): string {
  return "The practice's ageing report: every unpaid bill, of any age. Bills this laptop has read since are added as their own part; Billing shows the same figure.";
}
