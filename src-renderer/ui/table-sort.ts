import { isIsoDay } from '../../src-preload/contract/iso-day';
/**
 * Sorting and paging for the money tables (Debtors, Billing). Pure, so the orders people rely on —
 * "Client 9" before "Client 10", blanks last whichever way a column is sorted, ties kept in a stable
 * order — are unit-tested once for every table.
 */
export type SortDirection = 'asc' | 'desc';

export interface SortState<C extends string> {
  column: C;
  direction: SortDirection;
}

export type SortValue = string | number | boolean | null | undefined;

// Numbers inside text compare as numbers ("INV-9" < "INV-10"); case and accents do not decide.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const missing = (value: SortValue): value is null | undefined | '' =>
  value == null || value === '' || (typeof value === 'number' && Number.isNaN(value));

/** One comparison; blanks sort after every value in both directions (they are never "the largest"). */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aMissing = missing(a);
  const bMissing = missing(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const sign = direction === 'asc' ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return sign * (Number(a) - Number(b));
  return sign * collator.compare(String(a), String(b));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Plain ISO dates sort as plain strings: the same order as the collator's, several times faster on 50,000 bills. */
function comparerFor(values: readonly SortValue[]): (a: SortValue, b: SortValue, direction: SortDirection) => number {
  const allDays = values.every((v) => missing(v) || (typeof v === 'string' && ISO_DAY.test(v)));
  if (!allDays) return compareValues;
  return (a, b, direction) => {
    const aMissing = missing(a);
    const bMissing = missing(b);
    if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
    const order = (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    return direction === 'asc' ? order : -order;
  };
}

/**
 * A sorted copy by one column. Rows that compare equal go by `tieBreak` (say, the name), then keep the
 * order they came in; `valueOf` is called once per row, not per comparison.
 */
export function sortRows<T, C extends string>(
  rows: readonly T[],
  sort: SortState<C>,
  valueOf: (row: T, column: C) => SortValue,
  tieBreak?: (a: T, b: T) => number,
): T[] {
  const keyed = rows.map((row, index) => ({ row, index, value: valueOf(row, sort.column) }));
  const compare = comparerFor(keyed.map((k) => k.value));
  keyed.sort(
    (a, b) => compare(a.value, b.value, sort.direction) || (tieBreak ? tieBreak(a.row, b.row) : 0) || a.index - b.index,
  );
  return keyed.map((k) => k.row);
}

/** The collator's order for a tie-break on text ("Client 9" before "Client 10"). */
export const compareText = (a: string, b: string): number => collator.compare(a, b);

/**
 * What a click on a column header does: the sorted column flips; another column starts in its natural
 * direction (amounts and days largest first, names and numbers A→Z), given by `firstDirection`.
 */
export function nextSort<C extends string>(
  current: SortState<C>,
  column: C,
  firstDirection: SortDirection = 'asc',
): SortState<C> {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: firstDirection };
}

/** The header's `aria-sort`. */
export function ariaSort<C extends string>(sort: SortState<C>, column: C): 'ascending' | 'descending' | 'none' {
  if (sort.column !== column) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

export interface TablePage<T> {
  rows: T[];
  /** 0-based page actually shown (a page past the end after a filter narrows is pulled back). */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown; 0 and 0 when there are none. */
  first: number;
  last: number;
  total: number;
}

/** One page of rows; the page number is clamped into range so a narrowed list never shows an empty page. */
export function paginate<T>(rows: readonly T[], page: number, size: number): TablePage<T> {
  const pageSize = Math.max(1, Math.floor(size));
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(0, Math.floor(page) || 0), pageCount - 1);
  const start = current * pageSize;
  const shown = rows.slice(start, start + pageSize);
  return {
    rows: shown,
    page: current,
    pageCount,
    first: shown.length ? start + 1 : 0,
    last: start + shown.length,
    total: rows.length,
  };
}

/** Whether an ISO date (yyyy-mm-dd) lies in an inclusive range; an empty bound is open. */
export function inDateRange(date: string, from: string, to: string): boolean {
  return (!from || date >= from) && (!to || date <= to);
}

/** A sentence when a from/to pair cannot be used, else null. */
export function dateRangeProblem(from: string, to: string): string | null {
  if (from && !isIsoDay(from)) return 'The "from" date is not a date.';
  if (to && !isIsoDay(to)) return 'The "to" date is not a date.';
  if (from && to && from > to) return 'The "from" date is after the "to" date.';
  return null;
}

/** A table's view: its filters (plain values) and its sort. */
interface FilteredView {
  sort: SortState<string>;
}

/**
 * Whether a table shows fewer rows than it could: any filter differs from its default. The sort is not a
 * filter, so "Clear filters" keeps it ({@link clearedFilters}).
 */
export function isNarrowed<V extends FilteredView>(view: V, defaults: V): boolean {
  return (Object.keys(defaults) as (keyof V)[]).some((key) => key !== 'sort' && view[key] !== defaults[key]);
}

/** The view with every filter back to its default and its sort kept. */
export const clearedFilters = <V extends FilteredView>(view: V, defaults: V): V => ({ ...defaults, sort: view.sort });
