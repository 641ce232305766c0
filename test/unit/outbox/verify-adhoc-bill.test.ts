import { describe, expect, it } from 'vitest';
import { verifyAdhocBill } from '../../../src-main/outbox/verify-adhoc-bill';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import type { BillDetail } from '../../../src-preload/contract/partner-api';

const SENT_AT = Date.parse('2026-11-21T10:00:00Z');
const entityKey = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

const wanted = (reference: string | null) => ({
  entityKey,
  dueDate: '2099-01-31',
  reference,
  sendBill: false,
  syncNow: false,
  lines: [{ description: 'Advice', quantity: 2, unitPrice: 150, extAccountID: '200', extTaxID: 'OUTPUT' }],
});

/** A bill at the practice made a minute after the send, with these lines and this reference. */
const billAtPractice = (billingId: number, reference: string | null): BillDetail => ({
  billingId,
  billNumber: `INV-${billingId}`,
  entityKey,
  entityName: 'Client',
  billDate: '2026-11-21',
  dueDate: '2099-01-31',
  statusName: 'Awaiting payment',
  source: 'adhoc',
  currency: 'AUD',
  subtotal: 300,
  taxTotal: 30,
  total: 330,
  amountPaid: 0,
  amountDue: 330,
  reference,
  engagementKey: null,
  recurringBillingId: null,
  updatedOn: new Date(SENT_AT + 60_000).toISOString(),
  lines: [
    {
      lineID: 1,
      description: 'Advice',
      quantity: 2,
      unitPrice: 150,
      taxAmount: 30,
      lineTotal: 330,
      extAccountID: '200',
      saleItemCode: null,
      extTaxID: 'OUTPUT',
    },
  ],
  externalId: null,
  externalNumber: null,
  externalUrl: null,
  payLinkUrl: null,
  sendBill: false,
  syncNow: false,
});

const practiceWith = (bills: BillDetail[]) =>
  ({
    list: async () => ({ data: bills, rejected: [], status: 200, serverDate: null }),
    request: async (_method: string, path: string) => ({
      data: bills.find((b) => path.endsWith(`/${b.billingId}`)),
      status: 200,
      serverDate: null,
    }),
  }) as unknown as PartnerApiClient;

const context = {
  clock: {
    sentAt: () => ({ at: SENT_AT, byPractice: true }),
    now: () => ({ at: SENT_AT + 10 * 60_000, byPractice: true }),
  },
  claimed: new Set<number>(),
};

describe('settling an adhoc bill sent with no answer', () => {
  it('the one bill with the same lines and reference is this one', async () => {
    const verdict = await verifyAdhocBill(practiceWith([billAtPractice(7, 'PO-1')]), {}, wanted('PO-1'), context);
    expect(verdict).toMatchObject({ verdict: 'found', result: { billingId: 7 } });
  });

  it('the same lines under another reference is never taken for this bill, nor ignored: a person decides', async () => {
    // Two identical bills for one client, queued with their own references: the one that arrived is the other's.
    const verdict = await verifyAdhocBill(practiceWith([billAtPractice(8, 'PO-2')]), {}, wanted('PO-1'), context);
    expect(verdict).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('"PO-2" instead of "PO-1"') });
  });

  it('no reference on either side is the same reference', async () => {
    const verdict = await verifyAdhocBill(practiceWith([billAtPractice(9, null)]), {}, wanted(null), context);
    expect(verdict).toMatchObject({ verdict: 'found', result: { billingId: 9 } });
  });
});
