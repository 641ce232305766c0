import { daysBetween } from './iso-day';

/*
 * The one home of money rules for main, the renderer and the demo practice: rounding to the cent, sums that
 * never drift, what is owed and what is overdue, and the totals of a list of bills.
 */

/** Money to the cent as the practice rounds it (the epsilon keeps 1.005 from becoming 1.00 through binary drift). */
export const roundCents = (amount: number): number => Math.round((amount + Number.EPSILON) * 100) / 100;

/** Whole cents of an amount the practice sent (at most cents), without binary drift. */
export const toCents = (amount: number): number => Math.round(roundCents(amount) * 100);
export const fromCents = (cents: number): number => cents / 100;

/** The sum of amounts in cents, counted in whole cents so a long list never drifts. */
export function sumMoney(amounts: Iterable<number>): number {
  let cents = 0;
  for (const amount of amounts) cents += toCents(amount);
  return fromCents(cents);
}

/** A line's net: quantity times unit price, to the cent (as the practice computes each line). */
export const lineNet = (quantity: number, unitPrice: number): number => roundCents(quantity * unitPrice);

/** A bill's fields the owed/overdue rules read. */
export interface OwedBill {
  statusName: string;
  dueDate: string;
  amountDue: number;
}

/** A bill that is owed: money still due on it, and not voided or a draft (a draft was not sent). */
export const isOwed = (bill: Pick<OwedBill, 'statusName' | 'amountDue'>): boolean =>
  bill.statusName !== 'Voided' && bill.statusName !== 'Draft' && bill.amountDue > 0;

/** Whole days from an ISO due date to the practice's today (both ISO dates); 0 or less is not overdue. */
export const daysOverdue = (dueDate: string, today: string): number => daysBetween(dueDate, today);

/** A bill is overdue when it is owed and its due date has passed on the practice's `today`. */
export const isOverdue = (bill: OwedBill, today: string): boolean =>
  isOwed(bill) && daysOverdue(bill.dueDate, today) > 0;

/** The contract's buckets of days overdue, oldest last (the debtor ageing's keys). */
export const ageingBucketKeys = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgeingBucketKey = (typeof ageingBucketKeys)[number];

/** The bucket an invoice so many days overdue falls in, by the contract's boundaries (30, 60, 90 days). */
export function ageingBucketOf(days: number): AgeingBucketKey {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days1to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'days90plus';
}

export interface BillListTotals {
  count: number;
  total: number;
  amountDue: number;
}

/** How many bills, what they came to and what is still due on them, in cents without drift. */
export function billListTotals(bills: ReadonlyArray<{ total: number; amountDue: number }>): BillListTotals {
  return {
    count: bills.length,
    total: sumMoney(bills.map((b) => b.total)),
    amountDue: sumMoney(bills.map((b) => b.amountDue)),
  };
}
