import '../../styles/money.css';
import { Callout, Flex, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { ScreenHeader } from '../../ui/ScreenHeader';
import type { PracticeDb } from '../../data/practice-db';
import { activePractice } from '../../stores/practice-store';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { localWindow, type LocalWindow } from './billing-filter';
import { windowSentence } from './money-wording';
import { useBalance } from '../../client-data/use-balance';
import { useToday } from '../../ui/regional/use-now';
import { BillsTable } from './BillsTable';
import { PaymentsTable } from './PaymentsTable';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';

type Region = string | undefined;

/**
 * One synced list and the date window its cursor says is on the laptop. Each list has its own live query,
 * so a sync page of payments does not hand the bills table a new array to index again (and back).
 */
function useSyncedList<T>(
  practiceKey: string,
  list: 'bills' | 'payments',
  rowsOf: (db: PracticeDb) => Promise<T[]>,
): { rows: T[]; window: LocalWindow | null } | undefined {
  const { databases } = useServices();
  const data = useLiveQuery(async () => {
    const db = databases.of(practiceKey);
    const [rows, cursor] = await Promise.all([rowsOf(db), db.cursors.get(list)]);
    return { rows, window: localWindow(cursor) ?? null };
  }, [practiceKey, list]);
  const w = data?.window ?? null;
  // Compared by value, so a sync page that does not move the window keeps the table's memos.
  const [startDate, endDate, complete] = [w?.startDate, w?.endDate, w?.complete];
  const window = useMemo<LocalWindow | null>(
    () =>
      startDate !== undefined && endDate !== undefined && complete !== undefined
        ? { startDate, endDate, complete }
        : null,
    [startDate, endDate, complete],
  );
  return data ? { rows: data.rows, window } : undefined;
}

function Billing({ practiceKey, region }: { practiceKey: string; region: Region }) {
  const running = usePractice((s) => s.progress?.running ?? false);
  const bills = useSyncedList(practiceKey, 'bills', (db) => db.bills.toArray());
  const payments = useSyncedList(practiceKey, 'payments', (db) => db.payments.toArray());
  const { databases } = useServices();
  const today = useToday();
  // What the practice is owed, by the one rule Debtors uses too.
  const owed = useBalance(databases.of(practiceKey), null);
  const billsWindow = bills?.window ?? null;
  const paymentsWindow = payments?.window ?? null;

  if (bills === undefined || payments === undefined) return <Text color="gray">Loading bills and payments…</Text>;
  if (!billsWindow && bills.rows.length === 0) {
    return (
      <EmptyState title="No bills on this laptop yet">
        {running
          ? 'The sync is under way: bills and payments are read last, after clients and the debtor reports, so they may take a few minutes.'
          : 'A year of bills and payments is copied here by the sync, so money questions can be answered offline. Sync from Settings → Sync.'}
      </EmptyState>
    );
  }
  return (
    <Flex direction="column" gap="6">
      <Flex direction="column" gap="3">
        {billsWindow ? (
          <Callout.Root size="1" color="gray" data-testid="bills-window">
            <Callout.Text>{windowSentence('Bills', billsWindow, today, region)}</Callout.Text>
          </Callout.Root>
        ) : null}
        <BillsTable practiceKey={practiceKey} bills={bills.rows} window={billsWindow} region={region} owed={owed} />
      </Flex>
      <Flex direction="column" gap="3">
        {paymentsWindow ? (
          <Text size="2" color="gray" data-testid="payments-window">
            {windowSentence('Payments', paymentsWindow, today, region)}
          </Text>
        ) : (
          <Text size="2" color="gray">
            Payments arrive after bills in the sync.
          </Text>
        )}
        <PaymentsTable practiceKey={practiceKey} payments={payments.rows} window={paymentsWindow} region={region} />
      </Flex>
    </Flex>
  );
}

/** Bills and payments of the synced window, searchable and filterable offline. */
export function BillingScreen() {
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const loaded = usePractice((s) => s.loaded);
  const region = usePractice((s) => activePractice(s)?.region);
  return (
    <>
      <ScreenHeader title="Billing" subtitle="Bills and payments, on this laptop." />
      {practiceKey ? <Billing practiceKey={practiceKey} region={region} /> : loaded ? <ConnectPanel /> : null}
    </>
  );
}
