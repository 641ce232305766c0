import { describe, expect, it } from 'vitest';
import type { Bill, DebtorInvoice } from '../../../../../src-preload/contract/partner-api';
import { clientBalance } from '../../../../../src-renderer/features/clients/client-balance';

const entityKey = '11111111-1111-4111-8111-111111111111';
const bill = (billingId: number, patch: Partial<Bill>): Bill => ({
  billingId,
  billNumber: `INV-${billingId}`,
  entityKey,
  entityName: 'Acme Ltd',
  billDate: '2026-10-01',
  dueDate: '2026-10-31',
  statusName: 'Awaiting payment',
  source: 'adhoc',
  currency: 'NZD',
  subtotal: 100,
  taxTotal: 15,
  total: 115,
  amountPaid: 0,
  amountDue: 115,
  reference: null,
  engagementKey: null,
  recurringBillingId: null,
  updatedOn: '2026-10-01T00:00:00Z',
  ...patch,
});
const debtor = (billingId: number, amountDue: number, dueDate: string): DebtorInvoice => ({
  billingId,
  billNumber: `INV-${billingId}`,
  entityKey,
  entityName: 'Acme Ltd',
  billDate: '2025-01-01',
  dueDate,
  total: amountDue,
  amountDue,
  daysOverdue: 0,
  collectionStatus: 'None',
  onPaymentPlan: false,
  paymentPlanInstalmentsRemaining: null,
});
const today = '2026-11-23';

describe("a client's balance and overdue from its rows on this laptop", () => {
  it('is unknown when neither its bills nor the debtors list are on this laptop', () => {
    expect(clientBalance({ bills: [], debtors: [], debtorsRead: false, today })).toEqual({ known: false });
  });

  it('is zero once the debtors list was read and holds nothing for the client', () => {
    expect(clientBalance({ bills: [], debtors: [], debtorsRead: true, today })).toMatchObject({
      known: true,
      balance: 0,
      overdue: 0,
    });
  });

  it('sums what is due on sent bills; past its due date a bill is overdue; drafts and voided bills do not count', () => {
    const result = clientBalance({
      bills: [
        bill(1, { dueDate: '2026-10-31', amountDue: 115 }),
        bill(2, { dueDate: '2026-12-10', amountDue: 50.1 }),
        bill(3, { statusName: 'Draft', amountDue: 999 }),
        bill(4, { statusName: 'Voided', amountDue: 999 }),
        bill(5, { statusName: 'Paid', amountDue: 0 }),
      ],
      debtors: [],
      debtorsRead: false,
      today,
    });
    expect(result).toEqual({ known: true, balance: 165.1, overdue: 115, overdueBills: 1, currency: 'NZD' });
  });

  it('adds unpaid bills only the debtors list holds (older than the synced year), counting a bill once', () => {
    const result = clientBalance({
      bills: [bill(1, { amountDue: 0, statusName: 'Paid' })],
      // Bill 1 was paid since the debtors snapshot: its bill row wins. Bill 9 is older than a year.
      debtors: [debtor(1, 115, '2026-10-31'), debtor(9, 40, '2025-02-01')],
      debtorsRead: true,
      today,
    });
    expect(result).toMatchObject({ balance: 40, overdue: 40, overdueBills: 1 });
  });
});
