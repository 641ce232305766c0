import { describe, expect, it } from 'vitest';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { createServerTrickle, seededRandom } from '../../support/server-trickle';
import { useDemoSync } from './demo-sync';

const setup = useDemoSync();

describe('sync tiers and follow-ups against the demo practice', () => {
  it('reads each tier as often as it is due: lists every run, billing hourly, catalogs daily, schedules weekly; "Sync now" reads all', async () => {
    let serverNow = new Date('2031-03-04T05:00:00Z');
    const t = await setup({ clock: { now: () => serverNow }, anchor: new Date('2031-03-01T00:00:00Z') });
    await t.engine.runOnce();
    const rerun = async (minutesLater: number, round?: 'due' | 'full' | 'catalogs') => {
      serverNow = new Date(serverNow.getTime() + minutesLater * 60_000);
      const before = t.demo.runtime.requestLog.length;
      const results = await t.engine.runOnce(round ? { round } : {});
      expect(results.every((r) => r.state === 'done')).toBe(true);
      return t.demo.runtime.requestLog.slice(before).map((r) => r.operationId);
    };
    const operationsOf = (tiers: string[]) => syncResources.filter((r) => tiers.includes(r.tier)).map((r) => r.path);
    expect(operationsOf(['lists'])).toEqual(['/entities/list', '/contacts/list', '/onboardings/list', '/leads/list']);

    // Five minutes on: one empty page per lastUpdated list, nothing else.
    const soon = await rerun(5);
    expect(soon).toEqual(['listEntities', 'listContacts', 'listOnboardings', 'listLeads']);

    // An hour on: the billing tier too — the debtor reports (the outstanding invoices in a page and the
    // read proving the end), and bills and payments since the day of the last pass, in one page each.
    const hourly = await rerun(55);
    expect(hourly).toEqual([
      'listEntities',
      'listContacts',
      'listOnboardings',
      'listLeads',
      'getDebtorAgeing',
      'listDebtorInvoices',
      'listDebtorInvoices',
      'getDebtorMovement',
      'listBills',
      'listPayments',
    ]);
    const { startDate, endDate } = t.sink.cursors.bills!.window!;
    expect(startDate).toBe('2031-03-03'); // the day before the last pass's: dates carry no time zone
    expect((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000).toBe(32);

    // A form needing catalogs asks for them: read only when more than an hour old (here: since the import).
    const forForm = await rerun(5, 'catalogs');
    expect(new Set(forForm)).toEqual(
      new Set([
        'listUsers',
        'listOnboardingStatuses',
        'listProposalServices',
        'listEformTemplates',
        'listProposalTemplates',
        'listPmJobTemplates',
        'listDmsJobTemplates',
        'getLedgerStatus',
        'listLedgerAccounts',
        'listLedgerTaxRates',
      ]),
    );
    expect(await rerun(5, 'catalogs')).toEqual([]);

    // A day on, the catalogs are due with the rest; the weekly schedules are not.
    const daily = await rerun(24 * 60);
    expect(daily).toContain('listUsers');
    expect(daily).not.toContain('listRecurringBillings');

    // "Sync now" reads every resource, the schedules included.
    const full = await rerun(1, 'full');
    expect(new Set(full).size).toBe(syncResources.length);
  });

  it('reads again the bill a new payment names, so its amount due and status follow without re-reading weeks of bills', async () => {
    let serverNow = new Date('2031-03-04T05:00:00Z');
    const t = await setup({ clock: { now: () => serverNow }, anchor: new Date('2031-03-01T00:00:00Z') });
    await t.engine.runOnce();
    const bill = [...t.state.bills.values()].find((b) => b.amountDue > 0 && b.billDate < '2031-02-01')!;
    expect(t.sink.table('bills').get(bill.billingId)).toMatchObject({ amountDue: bill.amountDue });
    serverNow = new Date(serverNow.getTime() + 60 * 60_000);
    createServerTrickle(t.state, seededRandom(1)).payBill(serverNow.getTime(), bill.billingId);
    serverNow = new Date(serverNow.getTime() + 60_000);
    const before = t.demo.runtime.requestLog.length;
    await t.engine.runOnce();
    const reads = t.demo.runtime.requestLog.slice(before).map((r) => r.operationId);
    expect(reads.filter((r) => r === 'getBill')).toHaveLength(1);
    expect(t.sink.table('bills').get(bill.billingId)).toMatchObject({ amountDue: 0, statusName: 'Paid' });
  });

  it('keeps the bills new payments name in the payments cursor until they are stored, across a run cut short', async () => {
    let serverNow = new Date('2031-03-04T05:00:00Z');
    const t = await setup({ clock: { now: () => serverNow }, anchor: new Date('2031-03-01T00:00:00Z') });
    await t.engine.runOnce();
    const bill = [...t.state.bills.values()].find((b) => b.amountDue > 0 && b.billDate < '2031-02-01')!;
    serverNow = new Date(serverNow.getTime() + 60 * 60_000);
    const dueBefore = bill.amountDue;
    createServerTrickle(t.state, seededRandom(1)).payBill(serverNow.getTime(), bill.billingId);
    serverNow = new Date(serverNow.getTime() + 60_000);
    // The connection drops as the first bill is asked for: the payments page is stored, the bill is not.
    let failBills = true;
    const flaky: typeof fetch = async (input, init) => {
      if (failBills && String(input).includes(`/bills/${bill.billingId}`)) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const practice = t.demo.practices[0]!;
    const api = createPartnerApiClient({
      baseUrl: practice.baseUrl,
      credentials: () => practice.readWrite,
      fetch: flaky,
      sleep: async () => undefined,
      maxAttempts: 1,
    });
    await createSyncEngine({ api, sink: t.sink }).runOnce();
    expect(t.sink.cursors.payments!.followUps).toEqual([bill.billingId]);
    expect(t.sink.table('bills').get(bill.billingId)).toMatchObject({ amountDue: dueBefore });
    // The next run, five minutes on (payments rest): the bill is read and the cursor lets it go.
    failBills = false;
    serverNow = new Date(serverNow.getTime() + 5 * 60_000);
    await createSyncEngine({ api, sink: t.sink }).runOnce();
    expect(t.sink.table('bills').get(bill.billingId)).toMatchObject({ amountDue: 0, statusName: 'Paid' });
    expect(t.sink.cursors.payments!.followUps).toBeUndefined();
  });
});
