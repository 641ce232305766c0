import { Badge, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { paymentMethods, paymentStatuses, type Payment } from '../../../src-preload/contract/partner-api';
import { ChoiceFilter, FilterBar, Pager, SortableTable, type SortColumn } from '../../ui/TableControls';
import { moneyStatusColour } from '../../ui/money-status';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { enumWords, inWords } from '../../ui/words/enum-words';
import { clearedFilters, dateRangeProblem, isNarrowed, nextSort, paginate } from '../../ui/table-sort';
import {
  DEFAULT_PAYMENT_VIEW,
  filterPayments,
  firstDirectionOfPaymentColumn,
  indexPayments,
  paymentsReceived,
  rangeText,
  type LocalWindow,
  type PaymentColumn,
  type PaymentMethod,
  type PaymentStatus,
} from './billing-filter';
import { BILLING_PAGE_SIZE, useBillingView, useBillingViews } from './billing-view-store';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { ExportCsvButton } from '../../ui/csv/ExportCsvButton';
import { exportColumns } from '../../ui/csv/csv-writer';
import { countOf } from '../../ui/regional/counts';
import { routes } from '../../../src-preload/contract/routes';

const COLUMNS: readonly SortColumn<PaymentColumn>[] = [
  { column: 'paymentDate', label: 'Date' },
  { column: 'entityName', label: 'Client' },
  { column: 'billNumber', label: 'Bill' },
  { column: 'paymentMethod', label: 'Method' },
  { column: 'paymentStatus', label: 'Status' },
  { column: 'amount', label: 'Amount', numeric: true },
  { column: 'refundedAmount', label: 'Refunded', numeric: true },
];

/** The exported payments: the screen's columns, each as the row shows it. */
const EXPORTED_PAYMENTS = exportColumns<PaymentColumn, Payment>(COLUMNS, {
  paymentDate: { kind: 'date', value: (p) => p.paymentDate },
  entityName: { kind: 'text', value: (p) => p.entityName },
  billNumber: { kind: 'text', value: (p) => p.billNumber ?? '' },
  paymentMethod: { kind: 'text', value: (p) => inWords('paymentMethod', p.paymentMethod) },
  paymentStatus: { kind: 'text', value: (p) => inWords('paymentStatus', p.paymentStatus) },
  amount: { kind: 'money', value: (p) => p.amount },
  refundedAmount: { kind: 'money', value: (p) => p.refundedAmount },
});

const PaymentRow = memo(function PaymentRow({ payment, region }: { payment: Payment; region: string | undefined }) {
  return (
    <Table.Row data-testid="payment-row">
      <Table.RowHeaderCell className="nowrap">{formatDate(payment.paymentDate, region)}</Table.RowHeaderCell>
      <Table.Cell>
        <Link to={routes.client(payment.entityKey)}>{payment.entityName}</Link>
      </Table.Cell>
      <Table.Cell className="nowrap">{payment.billNumber ?? '—'}</Table.Cell>
      <Table.Cell>{inWords('paymentMethod', payment.paymentMethod)}</Table.Cell>
      <Table.Cell>
        <Badge color={moneyStatusColour[payment.paymentStatus]}>
          {inWords('paymentStatus', payment.paymentStatus)}
        </Badge>
      </Table.Cell>
      <Table.Cell justify="end" className="amount">
        {formatMoney(payment.amount, region, payment.currency)}
      </Table.Cell>
      <Table.Cell justify="end" className={payment.refundedAmount === 0 ? 'amount amount--zero' : 'amount'}>
        {formatMoney(payment.refundedAmount, region, payment.currency)}
      </Table.Cell>
    </Table.Row>
  );
});

/** The payments of the local window: status, method, payment-date range and search; sortable; paged. */
export function PaymentsTable({
  practiceKey,
  payments,
  window,
  region,
}: {
  practiceKey: string;
  payments: readonly Payment[];
  window: LocalWindow | null;
  region: string | undefined;
}) {
  const view = useBillingView(practiceKey);
  const update = useBillingViews((s) => s.update);
  const v = view.payments;
  const index = useMemo(() => indexPayments(payments, window), [payments, window]);
  // Tens of thousands of rows: typing stays responsive while the list catches up.
  const deferred = useDeferredValue(v);
  const rows = useMemo(() => filterPayments(index, deferred), [index, deferred]);
  const received = useMemo(() => paymentsReceived(rows), [rows]);
  const page = paginate(rows, view.paymentPage, BILLING_PAGE_SIZE);
  const currency = payments[0]?.currency;
  const problem = dateRangeProblem(v.from, v.to);
  const narrowed = isNarrowed(v, DEFAULT_PAYMENT_VIEW);
  const setView = (patch: Partial<typeof v>) => update(practiceKey, { payments: { ...v, ...patch }, paymentPage: 0 });
  const onSort = (column: PaymentColumn) =>
    setView({ sort: nextSort(v.sort, column, firstDirectionOfPaymentColumn(column)) });

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4" id="payments-heading">
        Payments
      </Heading>
      <FilterBar
        searchLabel="Search payments"
        placeholder="Client, bill number or reference"
        query={v.query}
        onQuery={(query) => setView({ query })}
        onClear={
          narrowed
            ? () => update(practiceKey, { payments: clearedFilters(v, DEFAULT_PAYMENT_VIEW), paymentPage: 0 })
            : null
        }
      >
        <ChoiceFilter
          label="Status"
          value={v.status}
          onChange={(status) => setView({ status: status as PaymentStatus | '' })}
          any="All statuses"
          choices={paymentStatuses.map((s) => [s, enumWords.paymentStatus[s]] as const)}
        />
        <ChoiceFilter
          label="Method"
          value={v.method}
          onChange={(method) => setView({ method: method as PaymentMethod | '' })}
          any="All methods"
          choices={paymentMethods.map((m) => [m, enumWords.paymentMethod[m]] as const)}
        />
        <DateRangeFields
          label="Paid"
          fromLabel="Payments from"
          toLabel="Payments to"
          from={v.from}
          to={v.to}
          window={window}
          onChange={setView}
        />
        <ExportCsvButton
          what="payments"
          rows={() => rows}
          columns={EXPORTED_PAYMENTS}
          region={region}
          label="Export CSV of the payments shown"
          testId="payments-export"
        />
      </FilterBar>
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Text size="2" color="gray" data-testid="payment-summary">
        {countOf(rows.length, 'payment', region)}
        {rangeText(v.from, v.to, region)} · received {formatMoney(received, region, currency)} (completed, less refunds)
      </Text>
      <SortableTable
        columns={COLUMNS}
        sort={v.sort}
        onSort={onSort}
        labelledBy="payments-heading"
        testId="payments-table"
      >
        {page.rows.map((payment) => (
          <PaymentRow key={payment.paymentId} payment={payment} region={region} />
        ))}
      </SortableTable>
      {rows.length === 0 && narrowed ? <Text color="gray">No payment matches the search and filters.</Text> : null}
      <Pager
        {...page}
        noun="payments"
        onPage={(paymentPage) => update(practiceKey, { paymentPage })}
        testId="payment-count"
      />
    </Flex>
  );
}
