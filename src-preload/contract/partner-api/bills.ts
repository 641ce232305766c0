import { z } from 'zod';
import { date, dateTime, money, pageNumberSchema, uuid } from './common';

/** Bill fields are not shown in the contract beyond externalId/Number/Url; this is the demo's design. */
export const billStatuses = ['Draft', 'Awaiting payment', 'Part paid', 'Paid', 'Voided'] as const;
export const billSources = ['proposal', 'recurring', 'adhoc'] as const;

export const billSchema = z.object({
  billingId: z.number().int(),
  billNumber: z.string(),
  entityKey: uuid,
  entityName: z.string(),
  billDate: date,
  dueDate: date,
  statusName: z.enum(billStatuses),
  source: z.enum(billSources),
  currency: z.string(),
  subtotal: money,
  taxTotal: money,
  total: money,
  amountPaid: money,
  amountDue: money,
  reference: z.string().nullable(),
  engagementKey: uuid.nullable(),
  recurringBillingId: z.number().int().nullable(),
  updatedOn: dateTime,
});
export type Bill = z.infer<typeof billSchema>;

export const billLineSchema = z.object({
  lineID: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: money,
  taxAmount: money,
  lineTotal: money,
  extAccountID: z.string().nullable(),
  saleItemCode: z.string().nullable(),
  extTaxID: z.string().nullable(),
});

/** `GET /api/v1/bills/{billingId}`: detail including externalId, externalNumber, externalUrl (contract). */
export const billDetailSchema = billSchema.extend({
  lines: z.array(billLineSchema),
  externalId: z.string().nullable(),
  externalNumber: z.string().nullable(),
  externalUrl: z.string().nullable(),
  payLinkUrl: z.string().nullable(),
  sendBill: z.boolean(),
  syncNow: z.boolean(),
});
export type BillDetail = z.infer<typeof billDetailSchema>;

export const billsListQuerySchema = z.object({
  startDate: date,
  endDate: date,
  entityKey: uuid.optional(),
  pageNumber: pageNumberSchema.optional(),
});

/** `POST /api/v1/bills`: an adhoc bill for an Active client. */
export const billCreateSchema = z.object({
  entityKey: uuid,
  userKey: uuid.nullable().optional(),
  billDate: date.optional(),
  dueDate: date,
  reference: z.string().max(100).nullable().optional(),
  sendBill: z.boolean(),
  syncNow: z.boolean(),
  lines: z
    .array(
      z.object({
        description: z.string().trim().min(1).max(500),
        quantity: z.number().positive().max(100_000),
        unitPrice: money.min(0).max(10_000_000),
        extAccountID: z.string().max(100).nullable().optional(),
        saleItemCode: z.string().max(100).nullable().optional(),
        extTaxID: z.string().max(100).nullable().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type BillCreate = z.infer<typeof billCreateSchema>;
export const billCreatedSchema = z.object({
  billingId: z.number().int(),
  billNumber: z.string(),
  statusName: z.enum(billStatuses),
});

/** Ledger lookups. */
export const ledgerStatusSchema = z.object({
  connected: z.boolean(),
  ledger: z.enum(['ledger_a', 'ledger_b']).nullable(),
  organisationName: z.string().nullable(),
  lastSyncOn: dateTime.nullable(),
  /** Sale items a bill line may use instead of a revenue account (demo's choice of where they are listed). */
  saleItems: z.array(z.object({ code: z.string(), name: z.string(), unitPrice: money })),
});
export const ledgerAccountSchema = z.object({
  extAccountID: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
});
export const ledgerTaxRateSchema = z.object({ extTaxID: z.string(), name: z.string(), rate: z.number() });
export const ledgerBrandingThemeSchema = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() });
export type LedgerStatus = z.infer<typeof ledgerStatusSchema>;
