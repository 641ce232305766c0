import '../../../styles/money.css';
import { Flex, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AgeingBuckets, Bill } from '../../../../src-preload/contract/partner-api';
import { useActivePracticeDb } from '../../../context/services-context';
import { ageingOfBills, bucketKeys, bucketLabels } from '../../debtors/ageing';
import { readAgeing } from '../../../data/stored-reports';
import { formatDate, formatMoney } from '../../../ui/regional/regional-format';
import { useShownToClient } from '../../../client-facing/client-view';

/**
 * The client's ageing: current, 1–30, 31–60, 61–90 and 90+ days overdue. The practice's own debtor ageing
 * report is used when the sync has brought it (the same figures Debtors shows, as at its date); without it,
 * the client's outstanding bills on this laptop are aged as at the practice's today.
 */
export function ClientAgeing({
  entityKey,
  bills,
  today,
  region,
}: {
  entityKey: string;
  bills: readonly Bill[];
  today: string;
  region: string | undefined;
}) {
  const db = useActivePracticeDb();
  // Where the figures come from is said to staff; the client is told only the date they stand at.
  const shownToClient = useShownToClient();
  const report = useLiveQuery(async () => {
    if (!db) return null;
    const row = await db.reports.get('debtorAgeing');
    return row ? readAgeing(row.data) : null;
  }, [db]);
  if (report === undefined) return null;
  const currency = report?.currency ?? bills[0]?.currency;
  const zero: AgeingBuckets = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 };
  const buckets = report
    ? (report.clients.find((c) => c.entityKey === entityKey) ?? zero)
    : ageingOfBills(bills, today);
  const source = report
    ? shownToClient
      ? `As at ${formatDate(report.asAt, region)}.`
      : `From the practice's debtor ageing as at ${formatDate(report.asAt, region)}, as Debtors shows it.`
    : shownToClient
      ? `From the unpaid bills, as at today (${formatDate(today, region)}).`
      : `From this client's unpaid bills on this laptop, as at today (${formatDate(today, region)}).`;
  return (
    <Flex direction="column" gap="1" data-testid="client-ageing">
      <Table.Root size="1" aria-label="This client's ageing" className="client-ageing">
        <Table.Header>
          <Table.Row>
            {bucketKeys.map((key) => (
              <Table.ColumnHeaderCell key={key} justify="end">
                {bucketLabels[key]}
              </Table.ColumnHeaderCell>
            ))}
            <Table.ColumnHeaderCell justify="end">Total</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            {bucketKeys.map((key) => (
              <Table.Cell
                key={key}
                justify="end"
                className={buckets[key] === 0 ? 'amount amount--zero' : 'amount'}
                data-testid={`client-ageing-${key}`}
                data-amount={buckets[key]}
              >
                {formatMoney(buckets[key], region, currency)}
              </Table.Cell>
            ))}
            <Table.Cell justify="end" className="amount amount--total" data-amount={buckets.total}>
              {formatMoney(buckets.total, region, currency)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      <Text size="1" color="gray">
        {source}
      </Text>
    </Flex>
  );
}
