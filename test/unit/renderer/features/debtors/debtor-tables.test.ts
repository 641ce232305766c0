import { describe, expect, it } from 'vitest';
import type { DebtorInvoice } from '../../../../../src-preload/contract/partner-api';
import {
  DEFAULT_DEBTOR_CLIENT_VIEW,
  DEFAULT_INVOICE_VIEW,
  filterDebtorClients,
  filterInvoices,
  indexDebtorClients,
  indexInvoices,
  paymentPlanText,
  type DebtorClientRow,
  type DebtorClientView,
  type InvoiceView,
} from '../../../../../src-renderer/features/debtors/debtor-tables';

let n = 0;
const key = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const client = (
  entityName: string,
  [current, d30, d60, d90, d90plus]: [number, number, number, number, number],
): DebtorClientRow => ({
  entityKey: key(),
  entityName,
  current,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  days90plus: d90plus,
  total: current + d30 + d60 + d90 + d90plus,
});

describe('per-client ageing table', () => {
  const zoe = client('Zoë Ngāta Orchards', [100, 0, 0, 0, 0]);
  const bo = client('Bo Lind & Co', [0, 50, 0, 700, 0]);
  const cy = client('Cy Trust', [10, 0, 0, 0, 900]);
  const di = client('Di Partners', [0, 300, 250, 0, 0]);
  const index = indexDebtorClients([zoe, bo, cy, di]);
  const names = (patch: Partial<DebtorClientView>) =>
    filterDebtorClients(index, { ...DEFAULT_DEBTOR_CLIENT_VIEW, ...patch }).map((r) => r.entityName.split(' ')[0]);

  it('starts with the largest balance on top', () => {
    expect(names({})).toEqual(['Cy', 'Bo', 'Di', 'Zoë']);
  });

  it('sorts by any column either way; equal amounts fall back to the name', () => {
    expect(names({ sort: { column: 'entityName', direction: 'asc' } })).toEqual(['Bo', 'Cy', 'Di', 'Zoë']);
    expect(names({ sort: { column: 'entityName', direction: 'desc' } })).toEqual(['Zoë', 'Di', 'Cy', 'Bo']);
    expect(names({ sort: { column: 'days1to30', direction: 'desc' } })).toEqual(['Di', 'Bo', 'Cy', 'Zoë']);
    expect(names({ sort: { column: 'days90plus', direction: 'asc' } })).toEqual(['Bo', 'Di', 'Zoë', 'Cy']);
  });

  it('searches names ignoring case and accents', () => {
    expect(names({ query: 'ZOE NGATA' })).toEqual(['Zoë']);
    expect(names({ query: 'lind &' })).toEqual(['Bo']);
    expect(names({ query: 'nobody' })).toEqual([]);
  });

  it('"only 61+ days" keeps clients with anything 61 days or older; "overdue" any overdue money', () => {
    expect(names({ age: '61+' })).toEqual(['Cy', 'Bo']);
    expect(names({ age: '90+' })).toEqual(['Cy']);
    expect(names({ age: '31+' })).toEqual(['Cy', 'Bo', 'Di']);
    expect(names({ age: 'overdue' })).toEqual(['Cy', 'Bo', 'Di']);
    expect(names({ age: '61+', query: 'bo' })).toEqual(['Bo']);
  });

  it('agrees with a plain reference filter over many random clients', () => {
    const rows = Array.from({ length: 2000 }, (_, i) =>
      client(`Client ${i}`, [i % 7 ? 0 : i, i % 3 ? 0 : 10, 0, i % 5 ? 0 : 5, i % 11 ? 0 : 1]),
    );
    const idx = indexDebtorClients(rows);
    const got = filterDebtorClients(idx, { query: '1', age: '61+', sort: { column: 'total', direction: 'desc' } });
    const expected = rows.filter((r) => r.entityName.includes('1') && r.days61to90 + r.days90plus > 0);
    expect(new Set(got)).toEqual(new Set(expected));
    for (let i = 1; i < got.length; i++) expect(got[i - 1]!.total).toBeGreaterThanOrEqual(got[i]!.total);
  });
});

describe('outstanding invoices table', () => {
  const invoice = (billNumber: string, patch: Partial<DebtorInvoice>): DebtorInvoice => ({
    billingId: ++n,
    billNumber,
    entityKey: key(),
    entityName: 'Acme',
    billDate: '2026-01-01',
    dueDate: '2026-01-31',
    total: 100,
    amountDue: 100,
    daysOverdue: 0,
    collectionStatus: 'None',
    onPaymentPlan: false,
    paymentPlanInstalmentsRemaining: null,
    ...patch,
  });
  const a = invoice('INV-9', { daysOverdue: 12, collectionStatus: 'Reminder sent', amountDue: 40 });
  const b = invoice('INV-10', {
    daysOverdue: 95,
    collectionStatus: 'Debt collection',
    entityName: 'Björk Ltd',
    amountDue: 900,
  });
  const c = invoice('INV-11', {
    daysOverdue: 70,
    collectionStatus: 'Payment plan',
    onPaymentPlan: true,
    paymentPlanInstalmentsRemaining: 3,
  });
  const d = invoice('INV-12', { daysOverdue: 0, dueDate: '2026-05-01' });
  const index = indexInvoices([a, b, c, d]);
  const numbers = (patch: Partial<InvoiceView>) =>
    filterInvoices(index, { ...DEFAULT_INVOICE_VIEW, ...patch }).map((i) => i.billNumber);

  it('starts with the most overdue first', () => {
    expect(numbers({})).toEqual(['INV-10', 'INV-11', 'INV-9', 'INV-12']);
  });

  it('sorts by bill number in number order, by amount, by collection status and by plan', () => {
    expect(numbers({ sort: { column: 'billNumber', direction: 'asc' } })).toEqual([
      'INV-9',
      'INV-10',
      'INV-11',
      'INV-12',
    ]);
    expect(numbers({ sort: { column: 'amountDue', direction: 'desc' } })).toEqual([
      'INV-10',
      'INV-11',
      'INV-12',
      'INV-9',
    ]);
    expect(numbers({ sort: { column: 'collectionStatus', direction: 'asc' } })).toEqual([
      'INV-10',
      'INV-12',
      'INV-11',
      'INV-9',
    ]);
    expect(numbers({ sort: { column: 'paymentPlan', direction: 'desc' } })[0]).toBe('INV-11');
  });

  it('filters by collection status, payment plan, age and search', () => {
    expect(numbers({ collection: 'Debt collection' })).toEqual(['INV-10']);
    expect(numbers({ plan: 'on-plan' })).toEqual(['INV-11']);
    expect(numbers({ plan: 'no-plan' })).toEqual(['INV-10', 'INV-9', 'INV-12']);
    expect(numbers({ age: '61+' })).toEqual(['INV-10', 'INV-11']);
    expect(numbers({ query: 'bjork' })).toEqual(['INV-10']);
    expect(numbers({ query: 'inv-1' })).toEqual(['INV-10', 'INV-11', 'INV-12']);
  });

  it('says what the payment plan is in words', () => {
    expect(paymentPlanText(c)).toBe('Yes, 3 instalments left');
    expect(paymentPlanText({ onPaymentPlan: true, paymentPlanInstalmentsRemaining: 1 })).toBe('Yes, 1 instalment left');
    expect(paymentPlanText({ onPaymentPlan: true, paymentPlanInstalmentsRemaining: null })).toBe('Yes');
    expect(paymentPlanText(a)).toBe('No');
  });
});
