import { describe, expect, it } from 'vitest';
import type { Bill, Payment } from '../../../../../src-preload/contract/partner-api';
import type { SyncCursor } from '../../../../../src-preload/contract/sync';
import { billListTotals } from '../../../../../src-preload/contract/money';
import { syncResources } from '../../../../../src-main/sync/sync-resources';
import {
  DEFAULT_BILL_VIEW,
  DEFAULT_PAYMENT_VIEW,
  filterBills,
  filterPayments,
  HISTORY_DAYS,
  indexBills,
  indexPayments,
  localWindow,
  paymentsReceived,
  rangeText,
  type BillView,
  type PaymentView,
} from '../../../../../src-renderer/features/billing/billing-filter';

const cursor = (patch: Partial<SyncCursor>): SyncCursor => ({
  resource: 'bills',
  mode: 'incremental',
  watermark: null,
  nextPage: 1,
  passServerTime: null,
  largestPage: 100,
  lastCompletedAt: '2026-05-01T00:00:00.000Z',
  recordsThisPass: 10,
  ...patch,
});

describe('the window of bills on this laptop', () => {
  it('uses the same history as the sync reads', () => {
    expect(syncResources.find((r) => r.name === 'bills')!.window!.historyDays).toBe(HISTORY_DAYS);
    expect(syncResources.find((r) => r.name === 'payments')!.window!.historyDays).toBe(HISTORY_DAYS);
  });

  it('runs from a year before the first pass to the end of the latest pass', () => {
    // First pass on 2026-03-10 read 2025-03-10…2026-04-10; the latest pass (recent window) ends 2026-06-01.
    expect(
      localWindow(
        cursor({ fullPassAt: '2026-03-10T08:00:00.000Z', window: { startDate: '2026-03-02', endDate: '2026-06-01' } }),
      ),
    ).toEqual({ startDate: '2025-03-10', endDate: '2026-06-01', complete: true });
  });

  it('is the first pass’s own window while that pass is under way, and nothing before any pass', () => {
    expect(
      localWindow(
        cursor({
          mode: 'full',
          nextPage: 4,
          lastCompletedAt: null,
          window: { startDate: '2025-03-10', endDate: '2026-04-10' },
        }),
      ),
    ).toEqual({ startDate: '2025-03-10', endDate: '2026-04-10', complete: false });
    expect(localWindow(undefined)).toBeNull();
    expect(localWindow(cursor({}))).toBeNull();
  });
});

let n = 0;
const bill = (billNumber: string, patch: Partial<Bill>): Bill => ({
  billingId: ++n,
  billNumber,
  entityKey: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  entityName: 'Acme Pty Ltd',
  billDate: '2026-02-01',
  dueDate: '2026-03-01',
  statusName: 'Awaiting payment',
  source: 'adhoc',
  currency: 'AUD',
  subtotal: 100,
  taxTotal: 10,
  total: 110,
  amountPaid: 0,
  amountDue: 110,
  reference: null,
  engagementKey: null,
  recurringBillingId: null,
  updatedOn: '2026-02-01T00:00:00Z',
  ...patch,
});

describe('bills: filters, search and sort', () => {
  const window = { startDate: '2025-06-01', endDate: '2026-06-30', complete: true };
  const bills = [
    bill('INV-000009', { billDate: '2026-01-15', statusName: 'Paid', amountDue: 0, amountPaid: 110 }),
    bill('INV-000010', { billDate: '2026-03-20', entityName: 'Zoë Ngāta', total: 220.5, amountDue: 220.5 }),
    bill('INV-000011', {
      billDate: '2026-03-21',
      statusName: 'Part paid',
      amountDue: 10.25,
      reference: 'March retainer',
    }),
    bill('INV-000001', { billDate: '2024-11-30' }), // older history read for one client: not in the window
  ];
  const index = indexBills(bills, window);
  const numbers = (patch: Partial<BillView>) =>
    filterBills(index, { ...DEFAULT_BILL_VIEW, ...patch }).map((b) => b.billNumber);

  it('lists only the window, newest bill first', () => {
    expect(numbers({})).toEqual(['INV-000011', 'INV-000010', 'INV-000009']);
    expect(indexBills(bills, null)).toHaveLength(4);
  });

  it('filters by status and by an inclusive bill-date range', () => {
    expect(numbers({ status: 'Paid' })).toEqual(['INV-000009']);
    expect(numbers({ from: '2026-03-20', to: '2026-03-20' })).toEqual(['INV-000010']);
    expect(numbers({ from: '2026-02-01' })).toEqual(['INV-000011', 'INV-000010']);
    expect(numbers({ to: '2026-02-01' })).toEqual(['INV-000009']);
  });

  it('searches by bill number, client (accents ignored) and reference', () => {
    expect(numbers({ query: '000010' })).toEqual(['INV-000010']);
    expect(numbers({ query: 'zoe ngata' })).toEqual(['INV-000010']);
    expect(numbers({ query: 'retainer' })).toEqual(['INV-000011']);
  });

  it('sorts by amount due and by client', () => {
    expect(numbers({ sort: { column: 'amountDue', direction: 'desc' } })).toEqual([
      'INV-000010',
      'INV-000011',
      'INV-000009',
    ]);
    expect(numbers({ sort: { column: 'entityName', direction: 'asc' } })).toEqual([
      'INV-000011',
      'INV-000009',
      'INV-000010',
    ]);
  });

  it('totals what is shown to the cent', () => {
    expect(billListTotals(filterBills(index, DEFAULT_BILL_VIEW))).toEqual({
      count: 3,
      total: 440.5,
      amountDue: 230.75,
    });
  });
});

describe('payments: filters, search and sort', () => {
  const payment = (paymentId: number, patch: Partial<Payment>): Payment => ({
    paymentId,
    billingId: 1,
    billNumber: 'INV-000001',
    entityKey: '00000000-0000-4000-8000-000000000001',
    entityName: 'Acme',
    paymentDate: '2026-02-01',
    amount: 100,
    refundedAmount: 0,
    currency: 'GBP',
    paymentStatus: 'completed',
    paymentMethod: 'card',
    reference: null,
    updatedOn: '2026-02-01T00:00:00Z',
    ...patch,
  });
  const payments = [
    payment(1, { paymentDate: '2026-02-01' }),
    payment(2, { paymentDate: '2026-02-03', paymentMethod: 'bank', paymentStatus: 'refunded', refundedAmount: 40 }),
    payment(3, { paymentDate: '2026-02-02', paymentStatus: 'failed', entityName: 'Björk', billNumber: 'INV-000077' }),
    payment(4, { paymentDate: '2026-02-02', paymentMethod: 'ledger_a', paymentStatus: 'processing' }),
  ];
  const index = indexPayments(payments, null);
  const ids = (patch: Partial<PaymentView>) =>
    filterPayments(index, { ...DEFAULT_PAYMENT_VIEW, ...patch }).map((p) => p.paymentId);

  it('lists the newest first, then filters by status, method and date range', () => {
    expect(ids({})).toEqual([2, 4, 3, 1]);
    expect(ids({ status: 'failed' })).toEqual([3]);
    expect(ids({ method: 'bank' })).toEqual([2]);
    expect(ids({ method: 'card', from: '2026-02-02' })).toEqual([3]);
    expect(ids({ query: 'bjork' })).toEqual([3]);
    expect(ids({ query: '000077' })).toEqual([3]);
  });

  it('sorts by method by its label and by amount', () => {
    expect(ids({ sort: { column: 'paymentMethod', direction: 'asc' } })).toEqual([2, 3, 1, 4]);
    expect(ids({ sort: { column: 'refundedAmount', direction: 'desc' } })[0]).toBe(2);
  });

  it('counts as received only completed and refunded payments, less refunds', () => {
    expect(paymentsReceived(payments)).toBe(160);
  });
});

describe('the picked range in words', () => {
  it("writes the range in the practice's date format, whatever the browser's locale", () => {
    expect(rangeText('2026-03-01', '2026-03-31', 'UK')).toBe(' dated 1 Mar 2026 to 31 Mar 2026');
    expect(rangeText('2026-03-01', '', 'ANZ')).toBe(' dated from 1 Mar 2026');
    expect(rangeText('', '2026-03-31', 'ANZ')).toBe(' dated up to 31 Mar 2026');
    expect(rangeText('', '', 'ANZ')).toBe('');
  });
});
