import { z } from 'zod';
import {
  billDetailSchema,
  billSchema,
  debtorMovementSchema,
  leadNoteSchema,
  onboardingDocumentsEntitySchema,
  paymentDetailSchema,
  paymentSchema,
  proposalDetailSchema,
  proposalSummarySchema,
  recurringBillingRunSchema,
  renewPreviewSchema,
  schemaGuideSchema,
  statementDetailSchema,
  statementSummarySchema,
} from './partner-api';
import { jsonValueUntyped } from './plain-json';
import { cancelIdSchema } from './cancel-id';

/**
 * `practice.read`: the per-client and on-demand reads of the Partner API (a client's proposals, a
 * statement, an onboarding's documents, a lead's notes …). Each kind names
 * its request, the path it maps to and the schema its answer must match — main validates the answer
 * before it crosses the bridge, and the renderer parses it again with the same schema before storing.
 */
const uuid = z.uuid();
const id = z.number().int().min(1).max(999_999_999_999);
const day = z.iso.date();

export const readRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('proposals.list'), entityKey: uuid }),
  z.strictObject({ kind: z.literal('proposals.detail'), proposalKey: uuid }),
  z.strictObject({ kind: z.literal('proposals.renewPreview'), proposalKey: uuid }),
  z.strictObject({ kind: z.literal('statements.list'), entityKey: uuid }),
  z.strictObject({ kind: z.literal('statements.detail'), statementId: id }),
  z.strictObject({ kind: z.literal('bills.detail'), billingId: id }),
  z.strictObject({ kind: z.literal('bills.payments'), billingId: id }),
  // Paged lists: main reads every page (the one paging rule) and answers with the whole list.
  z.strictObject({ kind: z.literal('bills.forClient'), entityKey: uuid, startDate: day, endDate: day }),
  z.strictObject({ kind: z.literal('payments.forClient'), entityKey: uuid, startDate: day, endDate: day }),
  z.strictObject({ kind: z.literal('payments.detail'), paymentId: id }),
  z.strictObject({ kind: z.literal('recurring.runs'), recurringBillingId: id }),
  z.strictObject({ kind: z.literal('debtors.movement'), startDate: day, endDate: day }),
  z.strictObject({ kind: z.literal('onboardings.documents'), onboardingKey: uuid }),
  z.strictObject({ kind: z.literal('leads.notes'), leadKey: uuid }),
  // So a custom eForm schema is checked against the practice's own rules before it is queued.
  z.strictObject({ kind: z.literal('eforms.schemaGuide') }),
]);
export type ReadRequest = z.infer<typeof readRequestSchema>;
export type ReadKind = ReadRequest['kind'];
type RequestOf<K extends ReadKind> = Extract<ReadRequest, { kind: K }>;

interface ReadSpec<K extends ReadKind, S extends z.ZodType, L extends boolean = boolean> {
  path(request: RequestOf<K>): string;
  query?(request: RequestOf<K>): Record<string, string | number>;
  /** The answer's schema; lists are validated record by record (a bad record is dropped and reported). */
  response: S;
  list: L;
  /** A paged list: main reads it to its end by the one paging rule; records are told apart by this key. */
  pagedBy?: (record: z.output<S>) => string | number;
}

function spec<K extends ReadKind, S extends z.ZodType, const L extends boolean>(
  s: ReadSpec<K, S, L>,
): ReadSpec<K, S, L> {
  return s;
}

export const readSpecs = {
  'proposals.list': spec({
    path: () => '/proposals/list',
    query: (r: RequestOf<'proposals.list'>) => ({ entityKey: r.entityKey }),
    response: proposalSummarySchema,
    list: true,
  }),
  'proposals.detail': spec({
    path: (r: RequestOf<'proposals.detail'>) => `/proposals/${r.proposalKey}`,
    response: proposalDetailSchema,
    list: false,
  }),
  'proposals.renewPreview': spec({
    path: (r: RequestOf<'proposals.renewPreview'>) => `/proposals/${r.proposalKey}/renew-preview`,
    response: renewPreviewSchema,
    list: false,
  }),
  'statements.list': spec({
    path: () => '/statements/list',
    query: (r: RequestOf<'statements.list'>) => ({ entityKey: r.entityKey }),
    response: statementSummarySchema,
    list: true,
  }),
  'statements.detail': spec({
    path: (r: RequestOf<'statements.detail'>) => `/statements/${r.statementId}`,
    response: statementDetailSchema,
    list: false,
  }),
  'bills.detail': spec({
    path: (r: RequestOf<'bills.detail'>) => `/bills/${r.billingId}`,
    response: billDetailSchema,
    list: false,
  }),
  'bills.payments': spec({
    path: (r: RequestOf<'bills.payments'>) => `/bills/${r.billingId}/payments`,
    response: paymentSchema,
    list: true,
  }),
  'bills.forClient': spec({
    path: () => '/bills/list',
    query: (r: RequestOf<'bills.forClient'>) => ({
      entityKey: r.entityKey,
      startDate: r.startDate,
      endDate: r.endDate,
    }),
    response: billSchema,
    list: true,
    pagedBy: (bill) => bill.billingId,
  }),
  'payments.forClient': spec({
    path: () => '/payments/list',
    query: (r: RequestOf<'payments.forClient'>) => ({
      entityKey: r.entityKey,
      startDate: r.startDate,
      endDate: r.endDate,
    }),
    response: paymentSchema,
    list: true,
    pagedBy: (payment) => payment.paymentId,
  }),
  'payments.detail': spec({
    path: (r: RequestOf<'payments.detail'>) => `/payments/${r.paymentId}`,
    response: paymentDetailSchema,
    list: false,
  }),
  'recurring.runs': spec({
    path: (r: RequestOf<'recurring.runs'>) => `/recurring-billing/${r.recurringBillingId}/runs`,
    response: recurringBillingRunSchema,
    list: true,
  }),
  'debtors.movement': spec({
    path: () => '/debtors/movement',
    query: (r: RequestOf<'debtors.movement'>) => ({ startDate: r.startDate, endDate: r.endDate }),
    response: debtorMovementSchema,
    list: false,
  }),
  'onboardings.documents': spec({
    path: (r: RequestOf<'onboardings.documents'>) => `/onboardings/${r.onboardingKey}/documents`,
    response: onboardingDocumentsEntitySchema,
    list: true,
  }),
  // Notes are not in the lead list (only noteCount is); each note is validated on its own.
  'leads.notes': spec({
    path: (r: RequestOf<'leads.notes'>) => `/leads/${r.leadKey}/notes`,
    response: leadNoteSchema,
    list: true,
  }),
  'eforms.schemaGuide': spec({
    path: () => '/eforms/schema-guide',
    response: schemaGuideSchema,
    list: false,
  }),
} satisfies { [K in ReadKind]: ReadSpec<K, z.ZodType> };

/** The parsed answer of a read kind: an array for list reads, the object otherwise. */
export type ReadData<K extends ReadKind> = (typeof readSpecs)[K]['list'] extends true
  ? z.output<(typeof readSpecs)[K]['response']>[]
  : z.output<(typeof readSpecs)[K]['response']>;

/**
 * Why a read gave nothing: offline (no connection), not-found (404: the record is not in the practice),
 * not-connected (this practice is not the active, unlocked one; nothing was sent), failed (anything else).
 */
export const readProblemSchema = z.enum(['offline', 'not-found', 'not-connected', 'failed']);
export type ReadProblem = z.infer<typeof readProblemSchema>;

export const readInputSchema = z.strictObject({
  practiceKey: uuid,
  request: readRequestSchema,
  /** 'interactive' for a screen the user is looking at; 'prefetch' for a meeting pack. */
  priority: z.enum(['interactive', 'prefetch']),
  /** Names this read for `practice.cancel` (cancel-id.ts). */
  cancelId: cancelIdSchema.optional(),
});
export type ReadInput = z.infer<typeof readInputSchema>;

export const readResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    /** Already validated by main against `readSpecs[kind].response`; parse again with `parseReadData`. */
    data: jsonValueUntyped,
    /** Records of a list answer that did not match the contract and were left out. */
    rejected: z.number().int().min(0),
    serverDate: z.iso.datetime().nullable(),
    /** Requests main made for it (a paged list takes several). */
    requests: z.number().int().min(1).max(10_000),
  }),
  z.strictObject({
    ok: z.literal(false),
    problem: readProblemSchema,
    message: z.string().max(1000),
    /** Set when the failure may pass (the practice answered 5xx or 429): a later try may succeed. */
    retryable: z.boolean().optional(),
  }),
]);
export type ReadResult = z.infer<typeof readResultSchema>;

/** The renderer's side of the border: the answer parsed with the same schema main used. */
export function parseReadData<K extends ReadKind>(kind: K, data: unknown): ReadData<K> {
  const s = readSpecs[kind] as unknown as { response: z.ZodType; list: boolean };
  return (s.list ? z.array(s.response).parse(data) : s.response.parse(data)) as ReadData<K>;
}
