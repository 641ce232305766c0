import { Flex, Heading, Table, Text } from '@radix-ui/themes';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import type { DebtorAgeing } from '../../../src-preload/contract/partner-api';
import { ChoiceFilter, FilterBar, Pager, SortableTable, type SortColumn } from '../../ui/TableControls';
import { clearedFilters, isNarrowed, nextSort, paginate } from '../../ui/table-sort';
import { addBuckets, ageFilters, bucketKeys, bucketLabels, type AgeFilter } from './ageing';
import {
  DEFAULT_DEBTOR_CLIENT_VIEW,
  filterDebtorClients,
  firstDirectionOfClientColumn,
  indexDebtorClients,
  type DebtorClientColumn,
  type DebtorClientRow,
} from './debtor-tables';
import { DEBTOR_PAGE_SIZE, useDebtorsView, useDebtorsViews } from './debtors-view-store';
import { ExportCsvButton } from '../../ui/csv/ExportCsvButton';
import { exportColumns, type CsvColumn } from '../../ui/csv/csv-writer';
import { routes } from '../../../src-preload/contract/routes';

const COLUMNS: readonly SortColumn<DebtorClientColumn>[] = [
  { column: 'entityName', label: 'Client' },
  ...bucketKeys.map((key) => ({ column: key, label: bucketLabels[key], numeric: true })),
  { column: 'total', label: 'Total', numeric: true },
];

/** The exported clients who owe: the screen's columns; each bucket and the total as plain amounts. */
const EXPORTED_DEBTOR_CLIENTS = exportColumns<DebtorClientColumn, DebtorClientRow>(COLUMNS, {
  entityName: { kind: 'text', value: (r) => r.entityName },
  ...(Object.fromEntries(
    bucketKeys.map((key) => [key, { kind: 'money', value: (r: DebtorClientRow) => r[key] }]),
  ) as Record<(typeof bucketKeys)[number], Omit<CsvColumn<DebtorClientRow>, 'heading'>>),
  total: { kind: 'money', value: (r) => r.total },
});

const ClientRow = memo(function ClientRow({ row, money }: { row: DebtorClientRow; money(amount: number): string }) {
  return (
    <Table.Row data-testid="debtor-client-row">
      <Table.RowHeaderCell>
        <Link to={routes.client(row.entityKey)}>{row.entityName}</Link>
      </Table.RowHeaderCell>
      {bucketKeys.map((key) => (
        <Table.Cell key={key} justify="end" className={row[key] === 0 ? 'amount amount--zero' : 'amount'}>
          {money(row[key])}
        </Table.Cell>
      ))}
      <Table.Cell
        justify="end"
        className="amount amount--total"
        data-testid="debtor-client-total"
        data-amount={row.total}
      >
        {money(row.total)}
      </Table.Cell>
    </Table.Row>
  );
});

/** Per-client ageing: sortable by every column, searchable by name, filtered by how old the money is; paged. */
export function DebtorClientsTable({
  practiceKey,
  ageing,
  money,
  region,
}: {
  practiceKey: string;
  ageing: DebtorAgeing;
  money(amount: number): string;
  region: string | undefined;
}) {
  const view = useDebtorsView(practiceKey);
  const update = useDebtorsViews((s) => s.update);
  const index = useMemo(() => indexDebtorClients(ageing.clients), [ageing]);
  const rows = useMemo(() => filterDebtorClients(index, view.clients), [index, view.clients]);
  const footer = useMemo(() => addBuckets(rows), [rows]);
  const page = paginate(rows, view.clientPage, DEBTOR_PAGE_SIZE);
  const narrowed = isNarrowed(view.clients, DEFAULT_DEBTOR_CLIENT_VIEW);
  const setView = (patch: Partial<typeof view.clients>) =>
    update(practiceKey, { clients: { ...view.clients, ...patch }, clientPage: 0 });
  const onSort = (column: DebtorClientColumn) =>
    setView({ sort: nextSort(view.clients.sort, column, firstDirectionOfClientColumn(column)) });

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4" id="debtor-clients-heading">
        Clients who owe
      </Heading>
      <FilterBar
        searchLabel="Search debtor clients"
        placeholder="Search by client name"
        query={view.clients.query}
        onQuery={(query) => setView({ query })}
        clearLabel="Clear search and filter"
        onClear={
          narrowed
            ? () =>
                update(practiceKey, {
                  clients: clearedFilters(view.clients, DEFAULT_DEBTOR_CLIENT_VIEW),
                  clientPage: 0,
                })
            : null
        }
      >
        <ChoiceFilter
          label="Age"
          value={view.clients.age}
          onChange={(age) => setView({ age: age as AgeFilter })}
          choices={ageFilters}
        />
        <ExportCsvButton
          what="debtor-clients"
          rows={() => rows}
          columns={EXPORTED_DEBTOR_CLIENTS}
          region={region}
          label="Export CSV of the debtor clients shown"
          testId="debtor-clients-export"
        />
      </FilterBar>
      {ageing.clients.length === 0 ? (
        <Text color="gray">No client owes the practice anything as at this report.</Text>
      ) : (
        <>
          <SortableTable
            columns={COLUMNS}
            sort={view.clients.sort}
            onSort={onSort}
            labelledBy="debtor-clients-heading"
            testId="debtor-clients-table"
          >
            {page.rows.map((row) => (
              <ClientRow key={row.entityKey} row={row} money={money} />
            ))}
            {rows.length > 0 ? (
              <Table.Row className="table-total-row">
                <Table.RowHeaderCell>
                  {narrowed ? `Shown clients (${rows.length})` : `All clients (${rows.length})`}
                </Table.RowHeaderCell>
                {bucketKeys.map((key) => (
                  <Table.Cell key={key} justify="end" className="amount">
                    {money(footer[key])}
                  </Table.Cell>
                ))}
                <Table.Cell
                  justify="end"
                  className="amount amount--total"
                  data-testid="debtor-clients-sum"
                  data-amount={footer.total}
                >
                  {money(footer.total)}
                </Table.Cell>
              </Table.Row>
            ) : null}
          </SortableTable>
          <Pager
            {...page}
            noun="clients"
            onPage={(clientPage) => update(practiceKey, { clientPage })}
            testId="debtor-client-count"
          />
        </>
      )}
    </Flex>
  );
}
