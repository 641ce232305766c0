import { z } from 'zod';
import {
  ageingQuerySchema,
  debtorAgeingSchema,
  debtorInvoiceSchema,
  debtorInvoicesQuerySchema,
  debtorMovementSchema,
  movementQuerySchema,
  paymentDetailSchema,
  paymentSchema,
  paymentsListQuerySchema,
  recurringBillingDetailSchema,
  recurringBillingListQuerySchema,
  recurringBillingRunSchema,
  recurringBillingSchema,
  statementDetailSchema,
  statementSummarySchema,
  statementsListQuerySchema,
  type AgeingBuckets,
} from '../../../src-preload/contract/partner-api';
import { isoDate } from '../data/dates';
import { badRequest, notFound } from '../http/api-problem';
import { defineRoute, FileResult } from '../http/route-spec';
import { renderStatementPdf } from '../pdf/render-statement-pdf';
import {
  addToBuckets,
  daysOverdue,
  emptyBuckets,
  movementBetween,
  outstandingAt,
  paymentsByBill,
} from '../state/billing-math';
import { findEntity, intId, listPage, practiceBranding } from './route-helpers';

const statementParams = z.object({ statementId: intId });

/** Payments, recurring billing, debtor reports (computed from bills and payments as at a date) and statements. */
export const moneyRoutes = [
  defineRoute({
    method: 'GET',
    path: '/payments/list',
    operationId: 'listPayments',
    tag: 'Payments',
    access: 'read',
    summary: 'Payments by payment-date range, filtered by status, method, client',
    query: paymentsListQuerySchema,
    response: { status: 200, schema: z.array(paymentSchema) },
    errors: [400],
    handler: ({ practice, query, runtime }) => {
      if (query.endDate < query.startDate) throw badRequest('endDate must not be before startDate.');
      const matches = [...practice.payments.values()].filter(
        (p) =>
          p.paymentDate >= query.startDate &&
          p.paymentDate <= query.endDate &&
          (query.paymentStatus === undefined || p.paymentStatus === query.paymentStatus) &&
          (query.paymentMethod === undefined || p.paymentMethod === query.paymentMethod) &&
          (query.entityKey === undefined || p.entityKey === query.entityKey),
      );
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (p) => p.paymentId,
        (p) => p.updatedOn,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payments/:paymentId',
    operationId: 'getPayment',
    tag: 'Payments',
    access: 'read',
    summary: 'One payment including refund details (never a saved payment source)',
    params: z.object({ paymentId: intId }),
    response: { status: 200, schema: paymentDetailSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      const payment = practice.payments.get(params.paymentId);
      if (!payment) throw notFound(`Payment ${params.paymentId} was not found.`);
      return payment;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/recurring-billing/list',
    operationId: 'listRecurringBillings',
    tag: 'Recurring billing',
    access: 'read',
    summary: 'Recurring billing schedules',
    query: recurringBillingListQuerySchema,
    response: { status: 200, schema: z.array(recurringBillingSchema) },
    errors: [400],
    handler: ({ practice, query, runtime }) => {
      const matches = [...practice.recurringBillings.values()].filter(
        (r) => query.entityKey === undefined || r.entityKey === query.entityKey,
      );
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (r) => r.recurringBillingId,
        (r) => r.updatedOn,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/recurring-billing/:recurringBillingId',
    operationId: 'getRecurringBilling',
    tag: 'Recurring billing',
    access: 'read',
    summary: 'One schedule',
    params: z.object({ recurringBillingId: intId }),
    response: { status: 200, schema: recurringBillingDetailSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      const schedule = practice.recurringBillings.get(params.recurringBillingId);
      if (!schedule) throw notFound(`Recurring billing ${params.recurringBillingId} was not found.`);
      return schedule;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/recurring-billing/:recurringBillingId/runs',
    operationId: 'listRecurringBillingRuns',
    tag: 'Recurring billing',
    access: 'read',
    summary: 'Generated runs (ledger invoice numbers appear on the generated bills)',
    params: z.object({ recurringBillingId: intId }),
    response: { status: 200, schema: z.array(recurringBillingRunSchema) },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      if (!practice.recurringBillings.has(params.recurringBillingId))
        throw notFound(`Recurring billing ${params.recurringBillingId} was not found.`);
      return practice.recurringRuns.get(params.recurringBillingId) ?? [];
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/debtors/ageing',
    operationId: 'getDebtorAgeing',
    tag: 'Debtors',
    access: 'read',
    summary: 'Outstanding receivables as at a date: practice totals and per-client buckets',
    query: ageingQuerySchema,
    response: { status: 200, schema: debtorAgeingSchema },
    errors: [400],
    handler: ({ practice, query, now }) => {
      const asAt = query.asAt ?? isoDate(now);
      const byBill = paymentsByBill(practice.payments.values());
      const totals = emptyBuckets();
      const clients = new Map<string, AgeingBuckets & { entityKey: string; entityName: string }>();
      for (const bill of practice.bills.values()) {
        const owed = outstandingAt(bill, byBill.get(bill.billingId) ?? [], asAt);
        if (owed === 0) continue;
        addToBuckets(totals, owed, bill.dueDate, asAt);
        let row = clients.get(bill.entityKey);
        if (!row)
          clients.set(
            bill.entityKey,
            (row = { entityKey: bill.entityKey, entityName: bill.entityName, ...emptyBuckets() }),
          );
        addToBuckets(row, owed, bill.dueDate, asAt);
      }
      return {
        asAt,
        currency: practice.profile.currency,
        totals,
        clients: [...clients.values()].sort((a, b) => b.total - a.total),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/debtors/invoices',
    operationId: 'listDebtorInvoices',
    tag: 'Debtors',
    access: 'read',
    summary: 'Outstanding invoices with days overdue, collection status and payment-plan flags',
    query: debtorInvoicesQuerySchema,
    response: { status: 200, schema: z.array(debtorInvoiceSchema) },
    errors: [400],
    handler: ({ practice, query, now }) => {
      const asAt = query.asAt ?? isoDate(now);
      const byBill = paymentsByBill(practice.payments.values());
      const rows = [];
      for (const bill of practice.bills.values()) {
        if (query.entityKey !== undefined && bill.entityKey !== query.entityKey) continue;
        const amountDue = outstandingAt(bill, byBill.get(bill.billingId) ?? [], asAt);
        if (amountDue <= 0) continue;
        const collection = practice.collections.get(bill.billingId) ?? {
          collectionStatus: 'None' as const,
          onPaymentPlan: false,
          paymentPlanInstalmentsRemaining: null,
        };
        rows.push({
          billingId: bill.billingId,
          billNumber: bill.billNumber,
          entityKey: bill.entityKey,
          entityName: bill.entityName,
          billDate: bill.billDate,
          dueDate: bill.dueDate,
          total: bill.total,
          amountDue,
          daysOverdue: daysOverdue(bill.dueDate, asAt),
          ...collection,
        });
      }
      return rows.sort((a, b) => b.daysOverdue - a.daysOverdue);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/debtors/movement',
    operationId: 'getDebtorMovement',
    tag: 'Debtors',
    access: 'read',
    summary: 'Opening, billed, paid and closing balance over a period',
    query: movementQuerySchema,
    response: { status: 200, schema: debtorMovementSchema },
    errors: [400],
    handler: ({ practice, query }) => {
      if (query.endDate < query.startDate) throw badRequest('endDate must not be before startDate.');
      return movementBetween(
        practice.bills.values(),
        paymentsByBill(practice.payments.values()),
        query.startDate,
        query.endDate,
        practice.profile.currency,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/statements/list',
    operationId: 'listClientStatements',
    tag: 'Statements',
    access: 'read',
    summary: 'Statements sent to a client',
    query: statementsListQuerySchema,
    response: { status: 200, schema: z.array(statementSummarySchema) },
    errors: [400, 404],
    handler: ({ practice, query }) => {
      findEntity(practice, query.entityKey);
      return [...practice.statements.values()].filter((s) => s.entityKey === query.entityKey);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/statements/:statementId',
    operationId: 'getStatement',
    tag: 'Statements',
    access: 'read',
    summary: 'A statement with its lines',
    params: statementParams,
    response: { status: 200, schema: statementDetailSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      const statement = practice.statements.get(params.statementId);
      if (!statement) throw notFound(`Statement ${params.statementId} was not found.`);
      return statement;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/statements/:statementId/pdf',
    operationId: 'downloadStatementPdf',
    tag: 'Statements',
    access: 'read',
    summary: 'Statement PDF',
    params: statementParams,
    response: { status: 200, file: 'application/pdf' },
    errors: [400, 404],
    handler: async ({ practice, params }) => {
      const s = practice.statements.get(params.statementId);
      if (!s) throw notFound(`Statement ${params.statementId} was not found.`);
      const entity = practice.entities.get(s.entityKey);
      const bytes = await renderStatementPdf({
        practice: practiceBranding(practice),
        statementNumber: s.statementNumber,
        statementDate: s.statementDate,
        periodStart: s.periodStart,
        periodEnd: s.periodEnd,
        client: {
          name: s.entityName,
          addressLines: practice.entityProfiles.get(s.entityKey)?.addressLines ?? [],
          email: entity?.entityEmail ?? null,
        },
        openingBalance: s.openingBalance,
        closingBalance: s.closingBalance,
        lines: s.lines.map((l) => ({
          date: l.date,
          type: l.type,
          reference: l.reference,
          description: l.description,
          debit: l.debit,
          credit: l.credit,
          balance: l.balance,
        })),
        ageing: {
          current: s.ageing.current,
          days1to30: s.ageing.days1to30,
          days31to60: s.ageing.days31to60,
          days61to90: s.ageing.days61to90,
          days90plus: s.ageing.days90plus,
        },
        generatedAt: s.updatedOn,
      });
      return new FileResult('application/pdf', bytes, `${s.statementNumber}.pdf`);
    },
  }),
];
