import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  clearedFilters,
  compareValues,
  dateRangeProblem,
  inDateRange,
  isNarrowed,
  nextSort,
  paginate,
  sortRows,
  type SortState,
} from '../../../../src-renderer/ui/table-sort';

describe('table sorting', () => {
  const rows = [
    { name: 'Client 10', amount: 5, date: '2026-02-01' },
    { name: 'client 9', amount: null, date: '2025-12-31' },
    { name: 'Élan', amount: 20, date: '' },
    { name: 'Acme', amount: 5, date: '2026-01-15' },
  ];
  const names = (column: 'name' | 'amount' | 'date', direction: 'asc' | 'desc') =>
    sortRows(rows, { column, direction }, (r, c) => r[c]).map((r) => r.name);

  it('sorts text A→Z with numbers in order, ignoring case and accents', () => {
    expect(names('name', 'asc')).toEqual(['Acme', 'client 9', 'Client 10', 'Élan']);
    expect(names('name', 'desc')).toEqual(['Élan', 'Client 10', 'client 9', 'Acme']);
  });

  it('sorts numbers and ISO dates, blanks last in both directions, ties in their input order', () => {
    expect(names('amount', 'desc')).toEqual(['Élan', 'Client 10', 'Acme', 'client 9']);
    expect(names('amount', 'asc')).toEqual(['Client 10', 'Acme', 'Élan', 'client 9']);
    expect(names('date', 'asc')).toEqual(['client 9', 'Acme', 'Client 10', 'Élan']);
    expect(names('date', 'desc')).toEqual(['Client 10', 'Acme', 'client 9', 'Élan']);
  });

  it('does not change the input and compares booleans', () => {
    const before = rows.map((r) => r.name);
    names('amount', 'asc');
    expect(rows.map((r) => r.name)).toEqual(before);
    expect(compareValues(true, false, 'asc')).toBeGreaterThan(0);
    expect(compareValues(Number.NaN, 1, 'desc')).toBe(1);
  });

  it('flips the sorted column, starts another in its natural direction, and says so in aria-sort', () => {
    const byName = { column: 'name' as const, direction: 'asc' as const };
    expect(nextSort<'name' | 'total'>(byName, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort<'name' | 'total'>(byName, 'total', 'desc')).toEqual({ column: 'total', direction: 'desc' });
    expect(ariaSort<'name' | 'total'>(byName, 'name')).toBe('ascending');
    expect(ariaSort<'name' | 'total'>({ column: 'name', direction: 'desc' }, 'name')).toBe('descending');
    expect(ariaSort<'name' | 'total'>(byName, 'total')).toBe('none');
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);

  it('cuts pages and reports 1-based positions', () => {
    expect(paginate(rows, 0, 50)).toMatchObject({ page: 0, pageCount: 3, first: 1, last: 50, total: 120 });
    const last = paginate(rows, 2, 50);
    expect(last).toMatchObject({ page: 2, first: 101, last: 120 });
    expect(last.rows).toHaveLength(20);
  });

  it('pulls a page past the end back to the last page, and handles an empty list', () => {
    expect(paginate(rows.slice(0, 30), 5, 50)).toMatchObject({ page: 0, pageCount: 1, first: 1, last: 30 });
    expect(paginate([], 3, 50)).toMatchObject({ rows: [], page: 0, pageCount: 1, first: 0, last: 0, total: 0 });
    expect(paginate(rows, -4, 50).page).toBe(0);
  });
});

describe('date helpers', () => {
  it('checks inclusive date ranges with open ends, and explains a range that cannot be used', () => {
    expect(inDateRange('2026-03-01', '2026-03-01', '2026-03-31')).toBe(true);
    expect(inDateRange('2026-04-01', '2026-03-01', '2026-03-31')).toBe(false);
    expect(inDateRange('2020-01-01', '', '')).toBe(true);
    expect(dateRangeProblem('', '')).toBeNull();
    expect(dateRangeProblem('2026-03-02', '2026-03-01')).toMatch(/after/);
    expect(dateRangeProblem('yesterday', '')).toMatch(/not a date/);
  });
});

describe('narrowed views', () => {
  const defaults: { query: string; status: string; sort: SortState<string> } = {
    query: '',
    status: '',
    sort: { column: 'date', direction: 'desc' },
  };

  it('is narrowed by any filter, never by the sort alone', () => {
    expect(isNarrowed(defaults, defaults)).toBe(false);
    expect(isNarrowed({ ...defaults, sort: { column: 'name', direction: 'asc' } }, defaults)).toBe(false);
    expect(isNarrowed({ ...defaults, query: 'acme' }, defaults)).toBe(true);
    expect(isNarrowed({ ...defaults, status: 'overdue' }, defaults)).toBe(true);
  });

  it('clears every filter and keeps the sort', () => {
    const sort = { column: 'name', direction: 'asc' } as const;
    expect(clearedFilters({ query: 'acme', status: 'overdue', sort }, defaults)).toEqual({ ...defaults, sort });
  });
});
