import { Badge, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { collectionStatuses, type DebtorInvoice } from '../../../src-preload/contract/partner-api';
import { ChoiceFilter, FilterBar, Pager, SortableTable, type SortColumn } from '../../ui/TableControls';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { sumMoney } from '../../../src-preload/contract/money';
import { clearedFilters, isNarrowed, nextSort, paginate } from '../../ui/table-sort';
import { ageFilters, type AgeFilter } from './ageing';
import {
  DEFAULT_INVOICE_VIEW,
  filterInvoices,
  firstDirectionOfInvoiceColumn,
  indexInvoices,
  paymentPlanText,
  type CollectionStatus,
  type InvoiceColumn,
  type PlanFilter,
} from './debtor-tables';
import { DEBTOR_PAGE_SIZE, useDebtorsView, useDebtorsViews } from './debtors-view-store';
import { useServices } from '../../context/services-context';
import { ExportCsvButton } from '../../ui/csv/ExportCsvButton';
import { exportColumns } from '../../ui/csv/csv-writer';
import { countOf } from '../../ui/regional/counts';
import { routes } from '../../../src-preload/contract/routes';

const COLUMNS: readonly SortColumn<InvoiceColumn>[] = [
  { column: 'billNumber', label: 'Bill' },
  { column: 'entityName', label: 'Client' },
  { column: 'billDate', label: 'Bill date' },
  { column: 'dueDate', label: 'Due date' },
  { column: 'daysOverdue', label: 'Days overdue', numeric: true },
  { column: 'total', label: 'Total', numeric: true },
  { column: 'amountDue', label: 'Amount due', numeric: true },
  { column: 'collectionStatus', label: 'Collection' },
  { column: 'paymentPlan', label: 'Payment plan' },
];

const collectionColour: Record<CollectionStatus, 'gray' | 'blue' | 'orange' | 'violet' | 'red'> = {
  None: 'gray',
  'Reminder sent': 'blue',
  'Final notice': 'orange',
  'Payment plan': 'violet',
  'Debt collection': 'red',
};

/** The exported outstanding invoices: the screen's columns, each as the row shows it. */
const EXPORTED_INVOICES = exportColumns<InvoiceColumn, DebtorInvoice>(COLUMNS, {
  billNumber: { kind: 'text', value: (i) => i.billNumber },
  entityName: { kind: 'text', value: (i) => i.entityName },
  billDate: { kind: 'date', value: (i) => i.billDate },
  dueDate: { kind: 'date', value: (i) => i.dueDate },
  daysOverdue: { kind: 'count', value: (i) => (i.daysOverdue > 0 ? i.daysOverdue : 'Not due') },
  total: { kind: 'money', value: (i) => i.total },
  amountDue: { kind: 'money', value: (i) => i.amountDue },
  collectionStatus: { kind: 'text', value: (i) => i.collectionStatus },
  paymentPlan: { kind: 'text', value: (i) => paymentPlanText(i) },
});

const InvoiceRow = memo(function InvoiceRow({
  invoice,
  region,
  currency,
}: {
  invoice: DebtorInvoice;
  region: string | undefined;
  currency: string | undefined;
}) {
  return (
    <Table.Row data-testid="debtor-invoice-row">
      <Table.RowHeaderCell className="nowrap">{invoice.billNumber}</Table.RowHeaderCell>
      <Table.Cell>
        <Link to={routes.client(invoice.entityKey)}>{invoice.entityName}</Link>
      </Table.Cell>
      <Table.Cell className="nowrap">{formatDate(invoice.billDate, region)}</Table.Cell>
      <Table.Cell className="nowrap">{formatDate(invoice.dueDate, region)}</Table.Cell>
      <Table.Cell justify="end" className="amount">
        {invoice.daysOverdue > 0 ? invoice.daysOverdue : 'Not due'}
      </Table.Cell>
      <Table.Cell justify="end" className="amount">
        {formatMoney(invoice.total, region, currency)}
      </Table.Cell>
      <Table.Cell justify="end" className="amount amount--total">
        {formatMoney(invoice.amountDue, region, currency)}
      </Table.Cell>
      <Table.Cell>
        <Badge color={collectionColour[invoice.collectionStatus]}>{invoice.collectionStatus}</Badge>
      </Table.Cell>
      <Table.Cell>{paymentPlanText(invoice)}</Table.Cell>
    </Table.Row>
  );
});

/**
 * The outstanding invoices (synced snapshot): days overdue, collection status and payment plan; search
 * by bill number or client, filters by collection status, plan and age; sortable by every column; paged.
 */
export function DebtorInvoicesTable({
  practiceKey,
  region,
  currency,
}: {
  practiceKey: string;
  region: string | undefined;
  currency: string | undefined;
}) {
  const { databases } = useServices();
  const view = useDebtorsView(practiceKey);
  const update = useDebtorsViews((s) => s.update);
  const invoices = useLiveQuery(() => databases.of(practiceKey).debtorInvoices.toArray(), [practiceKey]);
  const index = useMemo(() => indexInvoices(invoices ?? []), [invoices]);
  const rows = useMemo(() => filterInvoices(index, view.invoices), [index, view.invoices]);
  const due = useMemo(() => sumMoney(rows.map((i) => i.amountDue)), [rows]);
  const page = paginate(rows, view.invoicePage, DEBTOR_PAGE_SIZE);
  const v = view.invoices;
  const narrowed = isNarrowed(v, DEFAULT_INVOICE_VIEW);
  const setView = (patch: Partial<typeof v>) => update(practiceKey, { invoices: { ...v, ...patch }, invoicePage: 0 });
  const onSort = (column: InvoiceColumn) =>
    setView({ sort: nextSort(v.sort, column, firstDirectionOfInvoiceColumn(column)) });

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4" id="debtor-invoices-heading">
        Outstanding invoices
      </Heading>
      <FilterBar
        searchLabel="Search outstanding invoices"
        placeholder="Search by bill number or client"
        query={v.query}
        onQuery={(query) => setView({ query })}
        onClear={
          narrowed
            ? () => update(practiceKey, { invoices: clearedFilters(v, DEFAULT_INVOICE_VIEW), invoicePage: 0 })
            : null
        }
      >
        <ChoiceFilter
          label="Collection"
          value={v.collection}
          onChange={(collection) => setView({ collection: collection as CollectionStatus | '' })}
          any="Any status"
          choices={collectionStatuses.map((s) => [s, s] as const)}
        />
        <ChoiceFilter
          label="Payment plan"
          value={v.plan}
          onChange={(plan) => setView({ plan: plan as PlanFilter })}
          choices={[
            ['any', 'Any'],
            ['on-plan', 'On a payment plan'],
            ['no-plan', 'Not on a plan'],
          ]}
        />
        <ChoiceFilter
          label="Overdue"
          value={v.age}
          onChange={(age) => setView({ age: age as AgeFilter })}
          choices={ageFilters.map(([value, label]) => [value, value === 'all' ? 'Any' : label] as const)}
        />
        <ExportCsvButton
          what="debtor-invoices"
          rows={() => rows}
          columns={EXPORTED_INVOICES}
          region={region}
          label="Export CSV of the outstanding invoices shown"
          testId="debtor-invoices-export"
        />
      </FilterBar>
      {invoices === undefined ? (
        <Text color="gray">Loading invoices…</Text>
      ) : invoices.length === 0 ? (
        <Text color="gray">
          No outstanding invoices on this laptop. They come with the sync, with the ageing report.
        </Text>
      ) : (
        <>
          <Text size="2" color="gray" data-testid="debtor-invoice-summary">
            {countOf(rows.length, 'invoice', region)} · {formatMoney(due, region, currency)} due
          </Text>
          <SortableTable
            columns={COLUMNS}
            sort={v.sort}
            onSort={onSort}
            labelledBy="debtor-invoices-heading"
            testId="debtor-invoices-table"
          >
            {page.rows.map((invoice) => (
              <InvoiceRow key={invoice.billingId} invoice={invoice} region={region} currency={currency} />
            ))}
          </SortableTable>
          <Pager
            {...page}
            noun="invoices"
            onPage={(invoicePage) => update(practiceKey, { invoicePage })}
            testId="debtor-invoice-count"
          />
        </>
      )}
    </Flex>
  );
}
