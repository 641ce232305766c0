import { z } from 'zod';
import { date, dateTime, money, pageNumberSchema, uuid } from './common';

export const recurringBillingSchema = z.object({
  recurringBillingId: z.number().int(),
  entityKey: uuid,
  entityName: z.string(),
  engagementKey: uuid.nullable(),
  name: z.string(),
  frequency: z.enum(['Monthly', 'Quarterly', 'Annually']),
  amount: money,
  taxAmount: money,
  startsOn: date,
  endsOn: date.nullable(),
  nextRunOn: date.nullable(),
  statusName: z.enum(['Active', 'Paused', 'Ended']),
  updatedOn: dateTime,
});
export type RecurringBilling = z.infer<typeof recurringBillingSchema>;

export const recurringBillingDetailSchema = recurringBillingSchema.extend({
  lines: z.array(z.object({ description: z.string(), amount: money, taxAmount: money })),
});

/** A generated run. Ledger invoice numbers appear on generated bills, not on the schedule (contract). */
export const recurringBillingRunSchema = z.object({
  runId: z.number().int(),
  recurringBillingId: z.number().int(),
  runOn: date,
  statusName: z.enum(['Created', 'Failed', 'Skipped']),
  billingId: z.number().int().nullable(),
  billNumber: z.string().nullable(),
  ledgerInvoiceNumber: z.string().nullable(),
  amount: money,
});
export type RecurringBillingRun = z.infer<typeof recurringBillingRunSchema>;

export const recurringBillingListQuerySchema = z.object({
  entityKey: uuid.optional(),
  pageNumber: pageNumberSchema.optional(),
});
