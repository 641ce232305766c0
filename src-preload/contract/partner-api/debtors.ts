import { z } from 'zod';
import { date, money, uuid } from './common';

/** Buckets of days overdue (contract): current, 1-30, 31-60, 61-90, 90+. */
export const ageingBucketsSchema = z.object({
  current: money,
  days1to30: money,
  days31to60: money,
  days61to90: money,
  days90plus: money,
  total: money,
});
export type AgeingBuckets = z.infer<typeof ageingBucketsSchema>;

export const debtorAgeingSchema = z.object({
  asAt: date,
  currency: z.string(),
  totals: ageingBucketsSchema,
  clients: z.array(ageingBucketsSchema.extend({ entityKey: uuid, entityName: z.string() })),
});
export type DebtorAgeing = z.infer<typeof debtorAgeingSchema>;

export const collectionStatuses = ['None', 'Reminder sent', 'Final notice', 'Payment plan', 'Debt collection'] as const;
export const debtorInvoiceSchema = z.object({
  billingId: z.number().int(),
  billNumber: z.string(),
  entityKey: uuid,
  entityName: z.string(),
  billDate: date,
  dueDate: date,
  total: money,
  amountDue: money,
  daysOverdue: z.number().int(),
  collectionStatus: z.enum(collectionStatuses),
  onPaymentPlan: z.boolean(),
  paymentPlanInstalmentsRemaining: z.number().int().nullable(),
});
export type DebtorInvoice = z.infer<typeof debtorInvoiceSchema>;

export const debtorMovementSchema = z.object({
  startDate: date,
  endDate: date,
  currency: z.string(),
  openingBalance: money,
  billed: money,
  /** Net of refunds in the period. */
  paid: money,
  closingBalance: money,
});
export type DebtorMovement = z.infer<typeof debtorMovementSchema>;

export const ageingQuerySchema = z.object({ asAt: date.optional() });
export const debtorInvoicesQuerySchema = z.object({ asAt: date.optional(), entityKey: uuid.optional() });
export const movementQuerySchema = z.object({ startDate: date, endDate: date });
