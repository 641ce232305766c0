import { Flex, Heading, Table, Text } from '@radix-ui/themes';
import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { billListTotals } from '../../../src-preload/contract/money';
import { billStatuses, type Bill } from '../../../src-preload/contract/partner-api';
import { ChoiceFilter, FilterBar, Pager, SortableTable, type SortColumn } from '../../ui/TableControls';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { clearedFilters, dateRangeProblem, isNarrowed, nextSort, paginate } from '../../ui/table-sort';
import {
  DEFAULT_BILL_VIEW,
  rangeText,
  filterBills,
  firstDirectionOfBillColumn,
  indexBills,
  type BillStatus,
  type LocalWindow,
} from './billing-filter';
import { BILLING_PAGE_SIZE, useBillingView, useBillingViews } from './billing-view-store';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { BillStatusBadge } from '../../ui/BillStatusBadge';
import { useToday } from '../../ui/regional/use-now';
import type { BalanceView } from '../../client-data/use-balance';
import { BalanceFigure } from '../../ui/BalanceFigure';
import { billSummaryText, overdueAmount } from './money-wording';
import { ExportCsvButton } from '../../ui/csv/ExportCsvButton';
import { BILL_COLUMNS, exportedBills, type BillColumn } from '../../ui/bill-columns';
import { routes } from '../../../src-preload/contract/routes';

/** The table's headings, in the cells' order: bill columns as listed once (ui/bill-columns.ts). */
const COLUMNS: readonly SortColumn<BillColumn>[] = BILL_COLUMNS.map(({ column, label, kind }) => ({
  column,
  label,
  numeric: kind === 'money',
}));

const BillRow = memo(function BillRow({
  bill,
  region,
  today,
}: {
  bill: Bill;
  region: string | undefined;
  today: string;
}) {
  return (
    <Table.Row data-testid="bill-row">
      <Table.RowHeaderCell className="nowrap">{bill.billNumber}</Table.RowHeaderCell>
      <Table.Cell>
        <Link to={routes.client(bill.entityKey)} data-testid="bill-client-link">
          {bill.entityName}
        </Link>
      </Table.Cell>
      <Table.Cell className="nowrap">{formatDate(bill.billDate, region)}</Table.Cell>
      <Table.Cell className="nowrap">{formatDate(bill.dueDate, region)}</Table.Cell>
      <Table.Cell>
        <BillStatusBadge bill={bill} today={today} />
      </Table.Cell>
      <Table.Cell justify="end" className="amount">
        {formatMoney(bill.total, region, bill.currency)}
      </Table.Cell>
      <Table.Cell justify="end" className={bill.amountDue === 0 ? 'amount amount--zero' : 'amount amount--total'}>
        {formatMoney(bill.amountDue, region, bill.currency)}
      </Table.Cell>
    </Table.Row>
  );
});

/** The bills of the local window: status, bill-date range and search (number, client, reference); sortable; paged. */
export function BillsTable({
  practiceKey,
  bills,
  window,
  region,
  owed,
}: {
  practiceKey: string;
  bills: readonly Bill[];
  window: LocalWindow | null;
  region: string | undefined;
  /** What the practice is owed, by the one balance rule (the same figure as Debtors); undefined while loading. */
  owed: BalanceView | undefined;
}) {
  const view = useBillingView(practiceKey);
  const update = useBillingViews((s) => s.update);
  const v = view.bills;
  const index = useMemo(() => indexBills(bills, window), [bills, window]);
  // Tens of thousands of rows: typing stays responsive while the list catches up.
  const deferred = useDeferredValue(v);
  const rows = useMemo(() => filterBills(index, deferred), [index, deferred]);
  const today = useToday();
  const totals = useMemo(() => billListTotals(rows), [rows]);
  const overdue = useMemo(() => overdueAmount(rows, today), [rows, today]);
  const page = paginate(rows, view.billPage, BILLING_PAGE_SIZE);
  const currency = bills[0]?.currency;
  const problem = dateRangeProblem(v.from, v.to);
  const narrowed = isNarrowed(v, DEFAULT_BILL_VIEW);
  const setView = (patch: Partial<typeof v>) => update(practiceKey, { bills: { ...v, ...patch }, billPage: 0 });
  const onSort = (column: BillColumn) =>
    setView({ sort: nextSort(v.sort, column, firstDirectionOfBillColumn(column)) });

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4" id="bills-heading">
        Bills
      </Heading>
      <FilterBar
        searchLabel="Search bills"
        placeholder="Bill number, client or reference"
        query={v.query}
        onQuery={(query) => setView({ query })}
        onClear={
          narrowed ? () => update(practiceKey, { bills: clearedFilters(v, DEFAULT_BILL_VIEW), billPage: 0 }) : null
        }
      >
        <ChoiceFilter
          label="Status"
          value={v.status}
          onChange={(status) => setView({ status: status as BillStatus | '' })}
          any="All statuses"
          choices={billStatuses.map((s) => [s, s] as const)}
        />
        <DateRangeFields
          label="Bill date"
          fromLabel="Bills dated from"
          toLabel="Bills dated to"
          from={v.from}
          to={v.to}
          window={window}
          onChange={setView}
        />
        <ExportCsvButton
          what="bills"
          rows={() => rows}
          columns={exportedBills(today)}
          region={region}
          label="Export CSV of the bills shown"
          testId="bills-export"
        />
      </FilterBar>
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Flex direction="column" gap="1">
        {owed?.balance.known ? (
          <Text size="2" data-testid="practice-owed">
            Owed to the practice:{' '}
            <BalanceFigure
              balance={owed.balance}
              currency={owed.currency}
              region={region}
              testId="practice-owed-figure"
            />
          </Text>
        ) : null}
        <Text size="2" color="gray" data-testid="bill-summary">
          {billSummaryText(
            { ...totals, overdue, range: rangeText(v.from, v.to, region), currency },
            region,
            owed?.balance.known ?? false,
          )}
        </Text>
      </Flex>
      <SortableTable columns={COLUMNS} sort={v.sort} onSort={onSort} labelledBy="bills-heading" testId="bills-table">
        {page.rows.map((bill) => (
          <BillRow key={bill.billingId} bill={bill} region={region} today={today} />
        ))}
      </SortableTable>
      {rows.length === 0 && narrowed ? <Text color="gray">No bill matches the search and filters.</Text> : null}
      <Pager {...page} noun="bills" onPage={(billPage) => update(practiceKey, { billPage })} testId="bill-count" />
    </Flex>
  );
}
