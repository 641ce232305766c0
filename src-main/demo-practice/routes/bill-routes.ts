import { z } from 'zod';
import {
  adhocBillIssues,
  describeRuleIssue,
  billCreateSchema,
  billCreatedSchema,
  billDetailSchema,
  billSchema,
  billsListQuerySchema,
  ledgerAccountSchema,
  ledgerBrandingThemeSchema,
  ledgerStatusSchema,
  ledgerTaxRateSchema,
  paymentSchema,
  type BillDetail,
} from '../../../src-preload/contract/partner-api';
import { isoDate, round2 } from '../data/dates';
import { badRequest, notFound } from '../http/api-problem';
import { defineRoute, FileResult } from '../http/route-spec';
import { renderBillPdf } from '../pdf/render-bill-pdf';
import type { PracticeState } from '../state/practice-state';
import { findActiveEntity, findUser, intId, listPage, practiceBranding } from './route-helpers';

export function findBill(practice: PracticeState, billingId: number): BillDetail {
  const bill = practice.bills.get(billingId);
  if (!bill) throw notFound(`Bill ${billingId} was not found.`);
  return bill;
}

function checkRange(startDate: string, endDate: string): void {
  if (endDate < startDate) throw badRequest('endDate must not be before startDate.');
}

const billParams = z.object({ billingId: intId });

export const billRoutes = [
  defineRoute({
    method: 'GET',
    path: '/bills/list',
    operationId: 'listBills',
    tag: 'Bills',
    access: 'read',
    summary: 'Invoices by bill date range (startDate, endDate inclusive)',
    query: billsListQuerySchema,
    response: { status: 200, schema: z.array(billSchema) },
    errors: [400],
    handler: ({ practice, query, runtime }) => {
      checkRange(query.startDate, query.endDate);
      const matches = [...practice.bills.values()].filter(
        (b) =>
          b.billDate >= query.startDate &&
          b.billDate <= query.endDate &&
          (query.entityKey === undefined || b.entityKey === query.entityKey),
      );
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (b) => b.billingId,
        (b) => b.updatedOn,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/ledger/status',
    operationId: 'getLedgerStatus',
    tag: 'Bills',
    access: 'read',
    summary: 'Ledger connection status (and sale items)',
    response: { status: 200, schema: ledgerStatusSchema },
    handler: ({ practice }) => practice.ledger.status,
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/ledger/accounts',
    operationId: 'listLedgerAccounts',
    tag: 'Bills',
    access: 'read',
    summary: 'Ledger accounts',
    response: { status: 200, schema: z.array(ledgerAccountSchema) },
    handler: ({ practice }) => practice.ledger.accounts,
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/ledger/tax-rates',
    operationId: 'listLedgerTaxRates',
    tag: 'Bills',
    access: 'read',
    summary: 'Ledger tax rates',
    response: { status: 200, schema: z.array(ledgerTaxRateSchema) },
    handler: ({ practice }) => practice.ledger.taxRates,
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/ledger/branding-themes',
    operationId: 'listLedgerBrandingThemes',
    tag: 'Bills',
    access: 'read',
    summary: 'Ledger branding themes',
    response: { status: 200, schema: z.array(ledgerBrandingThemeSchema) },
    handler: ({ practice }) => practice.ledger.brandingThemes,
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/:billingId',
    operationId: 'getBill',
    tag: 'Bills',
    access: 'read',
    summary: 'Bill detail including externalId, externalNumber, externalUrl',
    params: billParams,
    response: { status: 200, schema: billDetailSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => findBill(practice, params.billingId),
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/:billingId/payments',
    operationId: 'listBillPayments',
    tag: 'Bills',
    access: 'read',
    summary: 'All payments against a bill',
    params: billParams,
    response: { status: 200, schema: z.array(paymentSchema) },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      findBill(practice, params.billingId);
      return [...practice.payments.values()].filter((p) => p.billingId === params.billingId);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/bills/:billingId/pdf',
    operationId: 'downloadBillPdf',
    tag: 'Bills',
    access: 'read',
    summary: 'The service-generated invoice PDF (404 when it cannot be produced, e.g. a draft)',
    params: billParams,
    response: { status: 200, file: 'application/pdf' },
    errors: [400, 404],
    handler: async ({ practice, params }) => {
      const bill = findBill(practice, params.billingId);
      if (bill.statusName === 'Draft')
        throw notFound(`Bill ${bill.billNumber} is a draft; its PDF cannot be produced yet.`);
      const profile = practice.entityProfiles.get(bill.entityKey);
      const entity = practice.entities.get(bill.entityKey);
      const bytes = await renderBillPdf({
        practice: practiceBranding(practice),
        billNumber: bill.billNumber,
        billDate: bill.billDate,
        dueDate: bill.dueDate,
        client: {
          name: bill.entityName,
          addressLines: profile?.addressLines ?? [],
          email: entity?.entityEmail ?? null,
        },
        reference: bill.reference,
        lines: bill.lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          taxAmount: l.taxAmount,
          lineTotal: l.lineTotal,
        })),
        subtotal: bill.subtotal,
        taxTotal: bill.taxTotal,
        total: bill.total,
        amountPaid: bill.amountPaid,
        amountDue: bill.amountDue,
        payLinkUrl: bill.payLinkUrl,
        notes: bill.statusName === 'Voided' ? 'This invoice has been voided.' : null,
        generatedAt: bill.updatedOn,
      });
      return new FileResult('application/pdf', bytes, `${bill.billNumber}.pdf`);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/bills',
    operationId: 'createAdhocBill',
    tag: 'Bills',
    access: 'write',
    summary:
      'Adhoc bill for an Active client (with a connected ledger each line needs an account or sale item, and tax)',
    body: billCreateSchema,
    response: { status: 201, schema: billCreatedSchema },
    errors: [400, 403, 404],
    handler: ({ practice, body, now }) => {
      const entity = findActiveEntity(practice, body.entityKey);
      if (body.userKey) findUser(practice, body.userKey);
      const ledger = practice.ledger;
      const billDate = body.billDate ?? isoDate(now);
      const [issue] = adhocBillIssues(body, ledger, billDate);
      if (issue) throw badRequest(describeRuleIssue(issue));
      const lines = body.lines.map((line) => {
        const rate = line.extTaxID
          ? (ledger.taxRates.find((t) => t.extTaxID === line.extTaxID)?.rate ?? 0)
          : practice.profile.taxRate;
        const net = round2(line.unitPrice * line.quantity);
        const taxAmount = round2(net * rate);
        return {
          lineID: practice.nextIds.billLine++,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          taxAmount,
          lineTotal: round2(net + taxAmount),
          extAccountID: line.extAccountID ?? null,
          saleItemCode: line.saleItemCode ?? null,
          extTaxID: line.extTaxID ?? null,
        };
      });
      const billingId = practice.nextIds.bill++;
      // Each line's net is rounded first (as its lineTotal is), so the bill adds up line by line.
      const subtotal = round2(lines.reduce((s, l) => s + round2(l.unitPrice * l.quantity), 0));
      const taxTotal = round2(lines.reduce((s, l) => s + l.taxAmount, 0));
      const total = round2(subtotal + taxTotal);
      // Contract: adhoc bills have no engagement or onboarding link and are not pushed to the ledger.
      const bill: BillDetail = {
        billingId,
        billNumber: `INV-${String(practice.nextIds.billNumber++).padStart(6, '0')}`,
        entityKey: entity.entityKey,
        entityName: entity.fullEntityName,
        billDate,
        dueDate: body.dueDate,
        statusName: 'Awaiting payment',
        source: 'adhoc',
        currency: practice.profile.currency,
        subtotal,
        taxTotal,
        total,
        amountPaid: 0,
        amountDue: total,
        reference: body.reference ?? null,
        engagementKey: null,
        recurringBillingId: null,
        updatedOn: now.toISOString(),
        lines,
        externalId: null,
        externalNumber: null,
        externalUrl: null,
        payLinkUrl: practice.profile.payLinksEnabled
          ? `https://pay.example.com/p/${crypto.randomUUID().replaceAll('-', '')}`
          : null,
        sendBill: body.sendBill,
        syncNow: body.syncNow,
      };
      practice.bills.set(billingId, bill);
      return { billingId, billNumber: bill.billNumber, statusName: bill.statusName };
    },
  }),
];
