import { Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment, useState } from 'react';
import { readClientStatements, readStatementDetail } from '../../../client-data/client-reads';
import { useClientPart, useDetailOnOpen } from '../../../client-data/use-client-data';
import type { StoredEntity } from '../../../data/practice-db';
import { formatDate, formatMoney } from '../../../ui/regional/regional-format';
import { DetailStatus, PartStatus, ReadButton } from '../../shared/PartStatus';
import { OpenPdfLink } from '../../../ui/OpenPdfLink';
import { useRegion } from '../../../ui/regional/use-region';
import { useActivePracticeDb } from '../../../context/services-context';
import { DetailsToggle } from '../../../ui/DetailsToggle';

/** Statements sent to the client, newest first; one opens to its lines and ageing. */
export function ClientStatementsTab({ entity }: { entity: StoredEntity }) {
  const db = useActivePracticeDb();
  const region = useRegion();
  const [open, setOpen] = useState<number | null>(null);
  const statements = useLiveQuery(
    async () =>
      db
        ? (await db.statements.where('entityKey').equals(entity.entityKey).toArray()).sort((a, b) =>
            b.statementDate.localeCompare(a.statementDate),
          )
        : [],
    [db, entity.entityKey],
  );
  const part = useClientPart(entity.entityKey, 'statements', statements ? statements.length : 'loading');
  return (
    <Card>
      <Flex gap="3" align="center" mb="2">
        <Heading as="h2" size="3">
          Statements
        </Heading>
        <ReadButton label="Read again" run={(ctx) => readClientStatements(ctx, entity.entityKey)} />
      </Flex>
      <PartStatus part="statements" what="Statements" noun="statements" region={region} {...part} />
      {!statements || statements.length === 0 ? null : (
        <Table.Root size="1" aria-label="Statements">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Statement</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Opening</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Closing</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell aria-label="Actions" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {statements.map((s) => (
              <Fragment key={s.statementId}>
                <Table.Row data-testid="statement-row">
                  <Table.RowHeaderCell>{s.statementNumber}</Table.RowHeaderCell>
                  <Table.Cell>
                    {formatDate(s.periodStart, region)} – {formatDate(s.periodEnd, region)}
                  </Table.Cell>
                  <Table.Cell justify="end">{formatMoney(s.openingBalance, region)}</Table.Cell>
                  <Table.Cell justify="end">{formatMoney(s.closingBalance, region)}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="3" align="center">
                      <DetailsToggle id={s.statementId} open={open} onOpen={setOpen} show="Lines" />
                      <OpenPdfLink kind="statement" id={s.statementId} entityKey={entity.entityKey} />
                    </Flex>
                  </Table.Cell>
                </Table.Row>
                {open === s.statementId ? (
                  <Table.Row>
                    <Table.Cell colSpan={5}>
                      <StatementLines statementId={s.statementId} />
                    </Table.Cell>
                  </Table.Row>
                ) : null}
              </Fragment>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}

function StatementLines({ statementId }: { statementId: number }) {
  const region = useRegion();
  const { detail, problem, state } = useDetailOnOpen(
    (db) => db.statementDetails.get(statementId),
    (ctx) => readStatementDetail(ctx, statementId),
    statementId,
  );
  if (!detail) return <DetailStatus state={state} subject="the lines of this statement" problem={problem} />;
  const a = detail.ageing;
  return (
    <Flex direction="column" gap="2" data-testid="statement-detail">
      <Table.Root size="1" aria-label={`Lines of ${detail.statementNumber}`}>
        <Table.Body>
          {detail.lines.map((l, i) => (
            <Table.Row key={i}>
              <Table.Cell>{formatDate(l.date, region)}</Table.Cell>
              <Table.Cell>{l.reference}</Table.Cell>
              <Table.Cell>{l.description}</Table.Cell>
              <Table.Cell justify="end">{l.debit ? formatMoney(l.debit, region, detail.currency) : ''}</Table.Cell>
              <Table.Cell justify="end">{l.credit ? formatMoney(l.credit, region, detail.currency) : ''}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(l.balance, region, detail.currency)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text size="1" color="gray">
        Ageing: current {formatMoney(a.current, region, detail.currency)} · 1–30{' '}
        {formatMoney(a.days1to30, region, detail.currency)} · 31–60 {formatMoney(a.days31to60, region, detail.currency)}{' '}
        · 61–90 {formatMoney(a.days61to90, region, detail.currency)} · 90+{' '}
        {formatMoney(a.days90plus, region, detail.currency)}
      </Text>
    </Flex>
  );
}
