import type { Entity } from '../../src-preload/contract/partner-api';
import type { SyncPageEvent } from '../../src-preload/contract/practice';
import { foldForSearch, type PracticeDb } from './practice-db';

const tables = [
  'entities', 'contacts', 'onboardings', 'leads', 'users', 'onboardingStatuses', 'proposalServices', 'eformTemplates',
  'ledgerAccounts', 'ledgerTaxRates', 'debtorInvoices', 'recurringBillings', 'bills', 'payments',
] as const;
/** Synced resources that are one object each, kept in the reports table under their name. */
const reports = ['ledgerStatus', 'debtorAgeing', 'debtorMovement'] as const;
const isReport = (name: string): boolean => (reports as readonly string[]).includes(name);
type TableName = (typeof tables)[number];
const isTable = (name: string): name is TableName => (tables as readonly string[]).includes(name);

function prepare(resource: TableName, records: unknown[]): unknown[] {
  if (resource !== 'entities') return records;
  return (records as Entity[]).map((e) => ({
    ...e,
    search: foldForSearch([e.fullEntityName, e.entitySalutation, e.entityCode, e.entityEmail, e.entityTelephone, e.entityMobile, e.entityTelephone?.replace(/\D/g, ''), e.entityMobile?.replace(/\D/g, '')].join(' ')),
  }));
}

/**
 * Stores one synced page and its cursor in a single transaction: either both are there or neither,
 * so a crash can never leave a cursor pointing past data that was not stored.
 */
export async function ingestPage(db: PracticeDb, page: SyncPageEvent): Promise<void> {
  if (isReport(page.resource)) {
    const fetchedAt = page.cursor.lastCompletedAt ?? new Date().toISOString();
    await db.transaction('rw', db.reports, db.cursors, async () => {
      await db.reports.put({ name: page.resource, data: page.records[0] ?? null, fetchedAt });
      await db.cursors.put(page.cursor);
    });
    return;
  }
  if (!isTable(page.resource)) throw new Error(`Unknown synced resource "${page.resource}".`);
  const table = db.table(page.resource);
  const rows = prepare(page.resource, page.records);
  await db.transaction('rw', table, db.cursors, async () => {
    if (page.replaceAll) await table.clear();
    await table.bulkPut(rows);
    await db.cursors.put(page.cursor);
  });
}
