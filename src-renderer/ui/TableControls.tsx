import { Button, Flex, Table, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ariaSort, type SortState } from './table-sort';
import { LabelledSelect } from './LabelledSelect';

/**
 * A column header that sorts its table: a real button inside the <th> (keyboard and screen readers
 * reach it), `aria-sort` on the header, and an arrow that is decoration only.
 */
function SortHeader<C extends string>(props: {
  column: C;
  sort: SortState<C>;
  onSort(column: C): void;
  children: ReactNode;
  numeric?: boolean;
}) {
  const state = ariaSort(props.sort, props.column);
  const arrow = state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '';
  return (
    <Table.ColumnHeaderCell aria-sort={state} justify={props.numeric ? 'end' : 'start'}>
      <button type="button" className="sort-button" onClick={() => props.onSort(props.column)}>
        {props.children}
        <span className="sort-button__arrow" aria-hidden="true">
          {arrow}
        </span>
      </button>
    </Table.ColumnHeaderCell>
  );
}

/** One column of a SortableTable: the key it sorts by, its heading, and whether it holds amounts (right-aligned). */
export interface SortColumn<C extends string> {
  column: C;
  label: string;
  numeric?: boolean;
}

/** A table whose every column sorts it: the header comes from the column list, the rows from the caller. */
export function SortableTable<C extends string>(props: {
  columns: readonly SortColumn<C>[];
  sort: SortState<C>;
  onSort(column: C): void;
  labelledBy: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Table.Root size="1" variant="surface" aria-labelledby={props.labelledBy} data-testid={props.testId}>
      <Table.Header>
        <Table.Row>
          {props.columns.map(({ column, label, numeric }) => (
            <SortHeader key={column} column={column} sort={props.sort} onSort={props.onSort} numeric={numeric ?? false}>
              {label}
            </SortHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{props.children}</Table.Body>
    </Table.Root>
  );
}

const count = new Intl.NumberFormat('en');

/**
 * "41–80 of 1,204 clients" and Previous/Next. Long tables are paged rather than all in the DOM, so a
 * practice with 20,000 clients stays as quick as one with 20.
 */
export function Pager(props: {
  page: number;
  pageCount: number;
  first: number;
  last: number;
  total: number;
  noun: string;
  onPage(page: number): void;
  testId?: string;
}) {
  return (
    <Flex align="center" gap="3" wrap="wrap" mt="2">
      <Text size="1" color="gray" aria-live="polite" data-testid={props.testId}>
        {props.total === 0
          ? `No ${props.noun}`
          : `${count.format(props.first)}–${count.format(props.last)} of ${count.format(props.total)} ${props.noun}`}
      </Text>
      {props.pageCount > 1 ? (
        <Flex gap="2" align="center">
          <Button size="1" variant="soft" disabled={props.page <= 0} onClick={() => props.onPage(props.page - 1)}>
            Previous page
          </Button>
          <Text size="1" color="gray">
            Page {count.format(props.page + 1)} of {count.format(props.pageCount)}
          </Text>
          <Button
            size="1"
            variant="soft"
            disabled={props.page >= props.pageCount - 1}
            onClick={() => props.onPage(props.page + 1)}
          >
            Next page
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

/**
 * Above a list: its search box, its filters (children) and "Clear …", shown only while something
 * narrows the list — the same row on every money and debtor table.
 */
export function FilterBar(props: {
  searchLabel: string;
  placeholder: string;
  query: string;
  onQuery(query: string): void;
  onClear: (() => void) | null;
  clearLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Flex gap="3" wrap="wrap" align="center">
      <TextField.Root
        aria-label={props.searchLabel}
        placeholder={props.placeholder}
        value={props.query}
        onChange={(e) => props.onQuery(e.target.value)}
        className="search-field"
      />
      {props.children}
      {props.onClear ? (
        <Button size="1" variant="soft" onClick={props.onClear}>
          {props.clearLabel ?? 'Clear search and filters'}
        </Button>
      ) : null}
    </Flex>
  );
}

/** A filter chosen from a fixed list: `any` names the empty choice (omit it when the list has its own "all"). */
export function ChoiceFilter(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  choices: readonly (readonly [value: string, label: string])[];
  any?: string;
}) {
  return (
    <LabelledSelect label={props.label} value={props.value} onChange={props.onChange}>
      {props.any !== undefined ? <option value="">{props.any}</option> : null}
      {props.choices.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </LabelledSelect>
  );
}
