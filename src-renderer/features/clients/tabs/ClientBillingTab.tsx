import { Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment, useState } from 'react';
import type {
  Bill,
  BillDetail as BillDetailRecord,
  Payment,
  RecurringBilling,
} from '../../../../src-preload/contract/partner-api';
import { taxNameOf } from '../../../ui/regional/tax-name';

type BillDetailLine = BillDetailRecord['lines'][number];
import { DetailsToggle } from '../../../ui/DetailsToggle';
import {
  readBillDetail,
  readClientBills,
  readClientPayments,
  readRecurringRuns,
} from '../../../client-data/client-reads';
import { useClientPart, useDetailOnOpen } from '../../../client-data/use-client-data';
import type { StoredEntity } from '../../../data/practice-db';
import { formatDate, formatMoney } from '../../../ui/regional/regional-format';
import { DetailStatus, PartStatus, ReadButton } from '../../shared/PartStatus';
import { OpenPdfLink } from '../../../ui/OpenPdfLink';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRegion } from '../../../ui/regional/use-region';
import { useActivePracticeDb, useServices } from '../../../context/services-context';
import { BillStatusBadge } from '../../../ui/BillStatusBadge';
import { billColumn } from '../../../ui/bill-columns';
import { useToday } from '../../../ui/regional/use-now';
import { ClientAgeing } from './ClientAgeing';
import { inWords } from '../../../ui/words/enum-words';
import { useBalance } from '../../../client-data/use-balance';
import { BalanceFigure } from '../../../ui/BalanceFigure';
import { usePractice } from '../../../context/store-hooks';

/** A client's bills: the bill columns but the client (this is the client's page), in the order the cells below lay them out. */
const CLIENT_BILL_COLUMNS = (['billNumber', 'statusName', 'billDate', 'dueDate', 'total', 'amountDue'] as const).map(
  billColumn,
);

/** Bills (newest first) with status, due date and amount due; a bill opens to its lines and payments. */
export function ClientBillingTab({ entity }: { entity: StoredEntity }) {
  const db = useActivePracticeDb();
  const region = useRegion();
  const today = useToday();
  const [open, setOpen] = useState<number | null>(null);
  const data = useLiveQuery(async () => {
    if (!db) return null;
    const [bills, payments, schedules] = await Promise.all([
      db.bills.where('entityKey').equals(entity.entityKey).toArray(),
      db.payments.where('entityKey').equals(entity.entityKey).toArray(),
      db.recurringBillings.where('entityKey').equals(entity.entityKey).toArray(),
    ]);
    return {
      bills: bills.sort((a, b) => b.billDate.localeCompare(a.billDate) || b.billingId - a.billingId),
      payments,
      schedules,
    };
  }, [db, entity.entityKey]);
  const part = useClientPart(entity.entityKey, 'bills', data ? data.bills.length : 'loading');
  // The same one balance as the header: the ageing below is its first part, bills since are the rest.
  const owed = useBalance(db, entity.entityKey);
  if (!data) return <PartStatus part="bills" what="All bills" noun="bills" region={region} {...part} />;
  return (
    <Flex direction="column" gap="4">
      <Card>
        <Flex gap="3" align="center" wrap="wrap" mb="2">
          <Heading as="h2" size="3">
            Bills
          </Heading>
          <Text size="2" data-testid="client-amount-due">
            Outstanding:{' '}
            {owed === undefined ? (
              'reading…'
            ) : owed.balance.known ? (
              <BalanceFigure balance={owed.balance} currency={owed.currency} region={region} testId="client-owed" />
            ) : (
              'no bills or debtor ageing on this laptop yet'
            )}
          </Text>
          <ReadButton
            label="Read all bills and payments"
            run={async (ctx) => {
              const bills = await readClientBills(ctx, entity.entityKey);
              return bills.ok ? readClientPayments(ctx, entity.entityKey) : bills;
            }}
          />
        </Flex>
        <ClientAgeing entityKey={entity.entityKey} bills={data.bills} today={today} region={region} />
        <PartStatus
          part="bills"
          what="All bills"
          noun="bills"
          region={region}
          unread="Bills of the last year, from the sync; every bill is read when this client is opened online."
          {...part}
        />
        {data.bills.length === 0 ? null : (
          <Table.Root size="1" aria-label="Bills">
            <Table.Header>
              <Table.Row>
                {CLIENT_BILL_COLUMNS.map(({ column, label, short, kind }) => (
                  <Table.ColumnHeaderCell key={column} {...(kind === 'money' ? { justify: 'end' as const } : {})}>
                    {short ?? label}
                  </Table.ColumnHeaderCell>
                ))}
                <Table.ColumnHeaderCell aria-label="Actions" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.bills.map((bill) => (
                <Fragment key={bill.billingId}>
                  <Table.Row data-testid="bill-row">
                    <Table.RowHeaderCell className="nowrap">{bill.billNumber}</Table.RowHeaderCell>
                    <Table.Cell>
                      <BillStatusBadge bill={bill} today={today} />
                    </Table.Cell>
                    <Table.Cell>{formatDate(bill.billDate, region)}</Table.Cell>
                    <Table.Cell>{formatDate(bill.dueDate, region)}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(bill.total, region, bill.currency)}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(bill.amountDue, region, bill.currency)}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="3" align="center">
                        <DetailsToggle id={bill.billingId} open={open} onOpen={setOpen} show="Details" />
                        {bill.statusName === 'Draft' ? (
                          <Text size="1" color="gray">
                            no PDF (draft)
                          </Text>
                        ) : (
                          <OpenPdfLink kind="bill" id={bill.billingId} entityKey={entity.entityKey} />
                        )}
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                  {open === bill.billingId ? (
                    <Table.Row>
                      <Table.Cell colSpan={CLIENT_BILL_COLUMNS.length + 1}>
                        <BillDetail
                          bill={bill}
                          payments={data.payments.filter((p) => p.billingId === bill.billingId)}
                        />
                      </Table.Cell>
                    </Table.Row>
                  ) : null}
                </Fragment>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card>
      <RecurringSchedules schedules={data.schedules} />
    </Flex>
  );
}

function BillDetail({ bill, payments }: { bill: Bill; payments: Payment[] }) {
  const region = useRegion();
  const { detail, problem, state } = useDetailOnOpen(
    (db) => db.billDetails.get(bill.billingId),
    (ctx) => readBillDetail(ctx, bill.billingId),
    bill.billingId,
  );
  return (
    <Flex direction="column" gap="2" data-testid="bill-detail">
      {detail ? (
        <BillLines lines={detail.lines} billNumber={bill.billNumber} currency={bill.currency} region={region} />
      ) : (
        <DetailStatus state={state} subject="the lines of this bill" problem={problem} />
      )}
      {detail?.externalNumber ? (
        <Text size="1" color="gray">
          Ledger invoice {detail.externalNumber}
        </Text>
      ) : null}
      <Text size="2" weight="bold">
        Payments
      </Text>
      {payments.length === 0 ? (
        <Text size="1" color="gray">
          No payments on this laptop for this bill.
        </Text>
      ) : (
        payments.map((p) => (
          <Flex key={p.paymentId} gap="3" align="center" data-testid="bill-payment">
            <Text size="1">{formatDate(p.paymentDate, region)}</Text>
            <Text size="1">{formatMoney(p.amount, region, p.currency)}</Text>
            <StatusBadge status={p.paymentStatus} />
            <Text size="1" color="gray" data-testid="bill-payment-method">
              {inWords('paymentMethod', p.paymentMethod)}
            </Text>
            {p.refundedAmount > 0 ? (
              <Text size="1" color="amber">
                refunded {formatMoney(p.refundedAmount, region, p.currency)}
              </Text>
            ) : null}
          </Flex>
        ))
      )}
    </Flex>
  );
}

/**
 * A bill's lines as an accountant reads them: the unit price is before tax and the line amount after it, so
 * each says so, and where a line carries tax its own column shows it (12 × £100.00 ex VAT, £240.00 VAT,
 * £1,440.00 inc VAT — not "12 × £100.00 … £1,440.00").
 */
function BillLines(props: {
  lines: BillDetailLine[];
  billNumber: string;
  currency: string;
  region: string | undefined;
}) {
  const { lines, currency, region } = props;
  const tax = taxNameOf(region);
  const taxed = lines.some((l) => l.taxAmount !== 0);
  return (
    <Table.Root size="1" aria-label={`Lines of ${props.billNumber}`} data-testid="bill-lines">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Qty</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{taxed ? `Unit price ex ${tax}` : 'Unit price'}</Table.ColumnHeaderCell>
          {taxed ? <Table.ColumnHeaderCell justify="end">{tax}</Table.ColumnHeaderCell> : null}
          <Table.ColumnHeaderCell justify="end">{taxed ? `Amount inc ${tax}` : 'Amount'}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((l) => (
          <Table.Row key={l.lineID}>
            <Table.Cell>{l.description}</Table.Cell>
            <Table.Cell justify="end">{l.quantity}</Table.Cell>
            <Table.Cell justify="end">{formatMoney(l.unitPrice, region, currency)}</Table.Cell>
            {taxed ? <Table.Cell justify="end">{formatMoney(l.taxAmount, region, currency)}</Table.Cell> : null}
            <Table.Cell justify="end">{formatMoney(l.lineTotal, region, currency)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function RecurringSchedules({ schedules }: { schedules: RecurringBilling[] }) {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = useRegion();
  const runs = useLiveQuery(
    async () =>
      practiceKey
        ? databases
            .of(practiceKey)
            .recurringRuns.where('recurringBillingId')
            .anyOf(schedules.map((s) => s.recurringBillingId))
            .toArray()
        : [],
    [practiceKey, schedules],
  );
  if (schedules.length === 0) return null;
  return (
    <Card>
      <Heading as="h2" size="3" mb="2">
        Recurring billing
      </Heading>
      {schedules.map((s) => {
        const mine = (runs ?? [])
          .filter((r) => r.recurringBillingId === s.recurringBillingId)
          .sort((a, b) => b.runOn.localeCompare(a.runOn));
        return (
          <Flex key={s.recurringBillingId} direction="column" gap="1" mb="3" data-testid="recurring-schedule">
            <Flex gap="3" align="center" wrap="wrap">
              <Text weight="bold">{s.name}</Text>
              <StatusBadge status={s.statusName} />
              <Text size="2">
                {s.frequency}, {formatMoney(s.amount, region)}
              </Text>
              <Text size="1" color="gray">
                {s.nextRunOn ? `next run ${formatDate(s.nextRunOn, region)}` : 'no further runs'}
              </Text>
              <ReadButton label="Read runs" run={(ctx) => readRecurringRuns(ctx, s.recurringBillingId)} />
            </Flex>
            {mine.slice(0, 12).map((r) => (
              <Text key={r.runId} size="1" color="gray">
                {formatDate(r.runOn, region)} · {r.statusName} · {formatMoney(r.amount, region)}
                {r.billNumber ? ` · bill ${r.billNumber}` : ''}
                {r.ledgerInvoiceNumber ? ` (ledger ${r.ledgerInvoiceNumber})` : ''}
              </Text>
            ))}
          </Flex>
        );
      })}
    </Card>
  );
}
