import '../../styles/money.css';
import { Callout, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo } from 'react';
import type { DebtorAgeing } from '../../../src-preload/contract/partner-api';
import { EmptyState } from '../../ui/EmptyState';
import { lazyComponent } from '../../ui/LazyLoad';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { activePractice } from '../../stores/practice-store';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { formatDate, formatDateTime, formatMoney } from '../../ui/regional/regional-format';
import { bucketShares, sumBuckets } from './ageing';
import { readAgeing } from '../../data/stored-reports';
import { DebtorClientsTable } from './DebtorClientsTable';
import { DebtorInvoicesTable } from './DebtorInvoicesTable';
import { MovementSection } from './MovementSection';
import { debtorsTotalNote } from '../billing/money-wording';
import { useServices } from '../../context/services-context';
import { useBalance, type BalanceView } from '../../client-data/use-balance';
import { BalanceFigure } from '../../ui/BalanceFigure';
import { usePractice } from '../../context/store-hooks';

// The chart's drawing code is loaded when the screen first shows it, not at start.
const AgeingChart = lazyComponent(async () => (await import('./AgeingChart')).AgeingChart, 'the ageing chart');

type Region = string | undefined;

/** Practice totals: the big number, the chart, and the same figures as a table. */
function AgeingSummary({
  ageing,
  fetchedAt,
  region,
  money,
  owed,
}: {
  ageing: DebtorAgeing;
  /** What the practice is owed by the one balance rule: the ageing plus bills read since (as Billing shows). */
  owed: BalanceView | undefined;
  fetchedAt: string;
  region: Region;
  money(amount: number): string;
}) {
  const shares = bucketShares(ageing.totals);
  const bucketSum = sumBuckets(ageing.totals);
  const title = `Debtor ageing as at ${formatDate(ageing.asAt, region)}`;
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Ageing
      </Heading>
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          Owed to the practice
        </Text>
        {owed?.balance.known ? (
          <Text as="div">
            <BalanceFigure
              balance={owed.balance}
              currency={owed.currency}
              region={region}
              testId="debtors-total"
              size="7"
              stacked
            />
          </Text>
        ) : (
          <Text size="7" weight="bold" data-testid="debtors-total" data-amount={ageing.totals.total}>
            {money(ageing.totals.total)}
          </Text>
        )}
        <Text size="2" color="gray" data-testid="debtors-as-at">
          {/* The figure's own line says "as at the ageing of …" when it is known: the date is said once. */}
          {owed?.balance.known ? 'Read' : `As at ${formatDate(ageing.asAt, region)} · read`} from the practice{' '}
          {formatDateTime(fetchedAt, region)}
        </Text>
        <Text size="2" color="gray" data-testid="debtors-counts">
          {debtorsTotalNote()}
        </Text>
      </Flex>
      {Math.abs(bucketSum - ageing.totals.total) > 0.005 ? (
        <Callout.Root color="amber" size="1" role="status">
          <Callout.Text>
            The buckets add up to {money(bucketSum)}, but the practice reports a total of {money(ageing.totals.total)}.
            Both figures are shown as received.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex gap="5" wrap="wrap" align="start">
        <figure className="ageing-figure">
          <AgeingChart totals={ageing.totals} title={title} format={money} />
        </figure>
        <Table.Root
          size="1"
          aria-label="Practice totals per ageing bucket"
          data-testid="ageing-totals"
          className="ageing-totals"
        >
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Age</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Share</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shares.map((s) => (
              <Table.Row key={s.key}>
                <Table.RowHeaderCell>
                  <span className={`swatch ageing-swatch--${s.key}`} aria-hidden="true" /> {s.label}
                </Table.RowHeaderCell>
                <Table.Cell justify="end" className="amount">
                  {money(s.amount)}
                </Table.Cell>
                <Table.Cell justify="end" className="amount">
                  {Math.round(s.share * 100)}%
                </Table.Cell>
              </Table.Row>
            ))}
            <Table.Row className="table-total-row">
              <Table.RowHeaderCell>Total</Table.RowHeaderCell>
              <Table.Cell justify="end" className="amount amount--total">
                {money(ageing.totals.total)}
              </Table.Cell>
              <Table.Cell />
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Flex>
    </Flex>
  );
}

/** Everything the sync keeps about what clients owe: ageing, the clients behind it, invoices, movement. */
function Debtors({ practiceKey, region }: { practiceKey: string; region: Region }) {
  const { databases } = useServices();
  const running = usePractice((s) => s.progress?.running ?? false);
  // null = looked and nothing is stored; undefined = still looking.
  const row = useLiveQuery(
    async () => (await databases.of(practiceKey).reports.get('debtorAgeing')) ?? null,
    [practiceKey],
  );
  const ageing = useMemo(() => (row ? readAgeing(row.data) : null), [row]);
  const owed = useBalance(databases.of(practiceKey), null);
  const currency = ageing?.currency;
  const money = useCallback((amount: number) => formatMoney(amount, region, currency), [region, currency]);

  if (row === undefined) return <Text color="gray">Loading…</Text>;
  if (!ageing) {
    return (
      <EmptyState title="No debtor figures on this laptop yet">
        {row
          ? 'The stored ageing report could not be read; the next sync replaces it.'
          : running
            ? 'The sync is under way: the ageing report, outstanding invoices and movement arrive after clients and onboardings.'
            : 'Debtor ageing, outstanding invoices and movement are copied here by the sync, so they can be answered offline. Sync from Settings → Sync.'}
      </EmptyState>
    );
  }
  return (
    <Flex direction="column" gap="6">
      <AgeingSummary ageing={ageing} fetchedAt={row!.fetchedAt} region={region} money={money} owed={owed} />
      <DebtorClientsTable practiceKey={practiceKey} ageing={ageing} money={money} region={region} />
      <DebtorInvoicesTable practiceKey={practiceKey} region={region} currency={currency} />
      <MovementSection practiceKey={practiceKey} region={region} />
    </Flex>
  );
}

export function DebtorsScreen() {
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const loaded = usePractice((s) => s.loaded);
  const region = usePractice((s) => activePractice(s)?.region);
  return (
    <>
      <ScreenHeader title="Debtors" subtitle="What clients owe the practice, how overdue it is, and how it moved." />
      {practiceKey ? <Debtors practiceKey={practiceKey} region={region} /> : loaded ? <ConnectPanel /> : null}
    </>
  );
}
