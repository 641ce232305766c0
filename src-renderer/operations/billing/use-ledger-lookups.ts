import { useLiveQuery } from 'dexie-react-hooks';
import { ledgerStatusSchema, type LedgerLookups, type LedgerStatus } from '../../../src-preload/contract/partner-api';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';

/** The lookups with the whole status (organisation name, last sync) for the form to show. */
export type SyncedLedger = LedgerLookups & { status: LedgerStatus };

/**
 * The ledger's status, revenue accounts, tax rates and sale items as last synced, so a bill line can be
 * booked offline. `null` until the sync has read the ledger status once; `undefined` while loading.
 */
export function useLedgerLookups(): SyncedLedger | null | undefined {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  return useLiveQuery(async (): Promise<SyncedLedger | null> => {
    const db = databases.of(practiceKey);
    const [report, accounts, taxRates] = await Promise.all([
      db.reports.get('ledgerStatus'),
      db.ledgerAccounts.toArray(),
      db.ledgerTaxRates.toArray(),
    ]);
    const status = ledgerStatusSchema.safeParse(report?.data);
    if (!status.success) return null;
    return { status: status.data, accounts, taxRates };
  }, [practiceKey]);
}
