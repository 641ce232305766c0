import type { AgeingBuckets } from '../../../src-preload/contract/partner-api';
import {
  ageingBucketKeys,
  ageingBucketOf,
  daysOverdue,
  isOwed,
  roundCents,
  type AgeingBucketKey,
} from '../../../src-preload/contract/money';

/** The contract's buckets of days overdue, oldest last (the rule lives with the other money rules). */
export const bucketKeys = ageingBucketKeys;
export type BucketKey = AgeingBucketKey;

export const bucketLabels: Record<BucketKey, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  days90plus: '90+ days',
};

/** How overdue a client's money must be to stay in the list: any balance, or some of it at least this old. */
export type AgeFilter = 'all' | 'overdue' | '31+' | '61+' | '90+';

export const ageFilters: ReadonlyArray<readonly [AgeFilter, string]> = [
  ['all', 'Any balance'],
  ['overdue', 'Overdue (1+ days)'],
  ['31+', 'Only 31+ days'],
  ['61+', 'Only 61+ days'],
  ['90+', 'Only 90+ days'],
];

/** The first bucket an age filter counts. */
const firstBucket: Record<AgeFilter, number> = { all: 0, overdue: 1, '31+': 2, '61+': 3, '90+': 4 };

/** The buckets an age filter counts, youngest first ('61+' → 61–90 and 90+). */
export function bucketsFrom(filter: AgeFilter): readonly BucketKey[] {
  return bucketKeys.slice(firstBucket[filter]);
}

/** What is owed in the buckets an age filter counts ('61+': 61–90 plus 90+). */
export function amountFrom(buckets: AgeingBuckets, filter: AgeFilter): number {
  return roundCents(bucketsFrom(filter).reduce((sum, key) => sum + buckets[key], 0));
}

export const bucketOfDays = ageingBucketOf;

/** Whether an invoice this many days overdue passes an age filter. */
export function daysPassFilter(daysOverdue: number, filter: AgeFilter): boolean {
  return bucketKeys.indexOf(bucketOfDays(daysOverdue)) >= firstBucket[filter];
}

export interface BucketShare {
  key: BucketKey;
  label: string;
  amount: number;
  /** Of the total, 0–1 (0 when the total is not positive). */
  share: number;
}

/** The totals bucket by bucket with each one's share of the whole, for the chart and its table. */
export function bucketShares(totals: AgeingBuckets): BucketShare[] {
  return bucketKeys.map((key) => ({
    key,
    label: bucketLabels[key],
    amount: totals[key],
    share: totals.total > 0 ? totals[key] / totals.total : 0,
  }));
}

/** The buckets summed again: how the screen checks the report's total before showing it as the sum. */
export const sumBuckets = (buckets: AgeingBuckets): number => amountFrom(buckets, 'all');

/** Bucket sums over some clients (the filtered rows' footer). */
export function addBuckets(rows: readonly AgeingBuckets[]): AgeingBuckets {
  const sum: AgeingBuckets = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 };
  for (const row of rows) {
    for (const key of bucketKeys) sum[key] += row[key];
    sum.total += row.total;
  }
  for (const key of bucketKeys) sum[key] = roundCents(sum[key]);
  sum.total = roundCents(sum.total);
  return sum;
}

type OwedBill = { statusName: string; dueDate: string; amountDue: number };

/**
 * A client's ageing from its bills on this laptop, as at `today` (the practice's date): what is still owed
 * on each bill, in the bucket of its days overdue. Drafts and voided bills owe nothing.
 */
export function ageingOfBills(bills: readonly OwedBill[], today: string): AgeingBuckets {
  const sum: AgeingBuckets = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 };
  for (const bill of bills) {
    if (!isOwed(bill)) continue;
    sum[bucketOfDays(daysOverdue(bill.dueDate, today))] += bill.amountDue;
    sum.total += bill.amountDue;
  }
  for (const key of bucketKeys) sum[key] = roundCents(sum[key]);
  sum.total = roundCents(sum.total);
  return sum;
}
