import { z } from 'zod';
import { date, dateTime, money, pageNumberSchema, uuid } from './common';

/** Known enumerations (contract). */
export const paymentStatuses = ['processing', 'completed', 'refunded', 'failed'] as const;
export const paymentMethods = ['card', 'bank', 'external', 'ledger_a', 'ledger_b'] as const;

/** Payment fields beyond status and method are the demo's design. Saved payment sources are never returned. */
export const paymentSchema = z.object({
  paymentId: z.number().int(),
  billingId: z.number().int().nullable(),
  billNumber: z.string().nullable(),
  entityKey: uuid,
  entityName: z.string(),
  paymentDate: date,
  amount: money,
  refundedAmount: money,
  currency: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.enum(paymentMethods),
  reference: z.string().nullable(),
  updatedOn: dateTime,
});
export type Payment = z.infer<typeof paymentSchema>;

export const refundSchema = z.object({
  refundId: z.number().int(),
  amount: money,
  refundedOn: dateTime,
  reason: z.string().nullable(),
});
export const paymentDetailSchema = paymentSchema.extend({
  refunds: z.array(refundSchema),
  failureReason: z.string().nullable(),
  processorReference: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const paymentsListQuerySchema = z.object({
  startDate: date,
  endDate: date,
  paymentStatus: z.enum(paymentStatuses).optional(),
  paymentMethod: z.enum(paymentMethods).optional(),
  entityKey: uuid.optional(),
  pageNumber: pageNumberSchema.optional(),
});
