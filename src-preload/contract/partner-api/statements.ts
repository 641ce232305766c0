import { z } from 'zod';
import { date, dateTime, money, uuid } from './common';
import { ageingBucketsSchema } from './debtors';

export const statementSummarySchema = z.object({
  statementId: z.number().int(),
  statementNumber: z.string(),
  entityKey: uuid,
  entityName: z.string(),
  statementDate: date,
  periodStart: date,
  periodEnd: date,
  openingBalance: money,
  closingBalance: money,
  sentOn: dateTime.nullable(),
  updatedOn: dateTime,
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementLineSchema = z.object({
  date,
  type: z.enum(['opening', 'invoice', 'payment', 'refund', 'credit']),
  reference: z.string(),
  description: z.string(),
  debit: money,
  credit: money,
  balance: money,
  billingId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
});
export const statementDetailSchema = statementSummarySchema.extend({
  currency: z.string(),
  lines: z.array(statementLineSchema),
  ageing: ageingBucketsSchema,
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const statementsListQuerySchema = z.object({ entityKey: uuid });
