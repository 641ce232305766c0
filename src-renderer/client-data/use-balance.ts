import { useLiveQuery } from 'dexie-react-hooks';
import { computeBalance, type Balance } from '../../src-preload/contract/partner-api/balance';
import { readAgeing } from '../data/stored-reports';
import { clientReadId, type PracticeDb } from '../data/practice-db';

/** A balance and the currency to show it in. */
export interface BalanceView {
  balance: Balance;
  currency: string | undefined;
}

/**
 * What one client owes (entityKey) or what the practice is owed (null), by the contract's one rule, from
 * the stored debtor ageing, the outstanding invoices read with it, and the bills on this laptop.
 */
export async function loadBalance(db: PracticeDb, entityKey: string | null): Promise<BalanceView> {
  const [row, invoicesCursor, billsCursor, clientBillsRead] = await Promise.all([
    db.reports.get('debtorAgeing'),
    db.cursors.get('debtorInvoices'),
    db.cursors.get('bills'),
    entityKey ? db.clientReads.get(clientReadId(entityKey, 'bills')) : undefined,
  ]);
  const report = row ? readAgeing(row.data) : null;
  const [bills, invoices] = await Promise.all(
    entityKey
      ? [
          db.bills.where('entityKey').equals(entityKey).toArray(),
          db.debtorInvoices.where('entityKey').equals(entityKey).toArray(),
        ]
      : [db.bills.toArray(), db.debtorInvoices.toArray()],
  );
  const total = report
    ? entityKey
      ? (report.clients.find((c) => c.entityKey === entityKey)?.total ?? 0)
      : report.totals.total
    : 0;
  const balance = computeBalance({
    ageing: report
      ? {
          asAt: report.asAt,
          total,
          invoices: invoicesCursor ? invoices.map((i) => ({ billingId: i.billingId, amountDue: i.amountDue })) : null,
        }
      : null,
    bills,
    billsRead: billsCursor !== undefined || clientBillsRead !== undefined,
  });
  return { balance, currency: report?.currency ?? bills[0]?.currency };
}

/** The live balance of a client (or of the practice, with null); undefined until the database answers. */
export function useBalance(db: PracticeDb | null | undefined, entityKey: string | null): BalanceView | undefined {
  return useLiveQuery(async () => (db ? loadBalance(db, entityKey) : undefined), [db, entityKey]);
}
