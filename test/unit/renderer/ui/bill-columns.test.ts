import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../../src-preload/contract/partner-api';
import { csvFormat, csvText } from '../../../../src-renderer/ui/csv/csv-writer';
import { BILL_COLUMNS, exportedBills } from '../../../../src-renderer/ui/bill-columns';
import { firstDirectionOfBillColumn } from '../../../../src-renderer/features/billing/billing-filter';
import { parseCsv } from '../../../support/rfc4180';

const bill: Bill = {
  billingId: 1,
  billNumber: 'INV-000001',
  entityKey: '00000000-0000-4000-8000-000000000001',
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
};

describe('the bill columns, listed once', () => {
  it("head the export in the Bills table's order, each value as the row shows it (the status as it stands today)", () => {
    const [heading, row] = parseCsv(csvText(exportedBills('2026-03-11'), [bill], csvFormat('ANZ')), ',');
    expect(heading).toEqual(['Bill', 'Client', 'Bill date', 'Due date', 'Status', 'Total', 'Amount due']);
    expect(row).toEqual([
      'INV-000001',
      'Acme Pty Ltd',
      '01/02/2026',
      '01/03/2026',
      'Overdue · 10 days',
      '110.00',
      '110.00',
    ]);
  });

  it('sort text A→Z first, dates newest first and amounts largest first', () => {
    expect(BILL_COLUMNS.map((c) => [c.column, firstDirectionOfBillColumn(c.column)])).toEqual([
      ['billNumber', 'asc'],
      ['entityName', 'asc'],
      ['billDate', 'desc'],
      ['dueDate', 'desc'],
      ['statusName', 'asc'],
      ['total', 'desc'],
      ['amountDue', 'desc'],
    ]);
  });
});
