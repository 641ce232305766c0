import { z } from 'zod';
import {
  amlCheckCreateSchema,
  amlCheckSchema,
  billCreatedSchema,
  billCreateSchema,
  contactCreateSchema,
  contactSchema,
  contactUpdateSchema,
  customFieldsPutSchema,
  customFieldValuesSchema,
  duplicateSchema,
  eformCreateResponseSchema,
  eformCreateSchema,
  eformSendResponseSchema,
  externalProjectsPutSchema,
  idVerificationSendSchema,
  idVerificationSentSchema,
  leadConvertResponseSchema,
  leadConvertSchema,
  leadCreateSchema,
  leadNoteCreateSchema,
  leadNoteSchema,
  leadSchema,
  onboardingCompleteSchema,
  onboardingDocumentsSchema,
  onboardingSchema,
  proposalCreatedSchema,
  proposalUpdateResultSchema,
  recipientsPatchSchema,
  removeDocumentQuerySchema,
  renewSchema,
  servicesPutSchema,
} from '../partner-api';

/**
 * How safe a write is to send again when we do not know whether the first attempt arrived:
 * - idempotent: PUT/PATCH-to-a-state or DELETE — sending twice ends in the same place; retried freely.
 * - create: creates something (a contact, a note, a proposal copy); a double would be a visible duplicate.
 * - billable: creates something the practice pays for per use (eForms, SMS, ID checks, AML, bills, leads
 *   per the brief). Never resent on a guess: a crash between "sending" and the answer makes it
 *   needs-review unless a read proves what happened.
 */
export type IdempotencyClass = 'idempotent' | 'create' | 'billable';

/** A path parameter that waits for another outbox entry's result (a note on a lead created offline). */
export const outboxRefSchema = z.strictObject({ outboxRef: z.uuid(), field: z.string().min(1).max(60) });
export type OutboxRef = z.infer<typeof outboxRefSchema>;

const uuid = z.uuid();
const intId = z.number().int().positive();

export interface OperationDef {
  title: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1 with :name placeholders filled from params. */
  path: string;
  idempotency: IdempotencyClass;
  params: z.ZodObject;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  /** Params that may hold an OutboxRef until the entry they depend on is done. */
  refParams?: readonly string[];
  /**
   * The practice's answer to this write sent a second time once the first was applied (a removal finds
   * nothing to remove; a completion finds it completed). Resent after an interruption, that answer means
   * the first attempt arrived: the entry is done, not failed.
   */
  alreadyAppliedStatus?: 404 | 409;
  /** The field of the answer that names the created record, for operations a verification read settles. */
  resultKey?: string;
}

function define<T extends Record<string, OperationDef>>(ops: T): T {
  return ops;
}

/** Every write the app can queue. The same body schemas the demo server validates with. */
export const operations = define({
  'contact.create': { title: 'Add a contact', method: 'POST', path: '/entities/:entityKey/contacts', idempotency: 'create', params: z.strictObject({ entityKey: uuid }), body: contactCreateSchema, response: contactSchema, refParams: ['entityKey'], resultKey: 'entityContactID' },
  'contact.update': { title: 'Edit a contact', method: 'PUT', path: '/entities/:entityKey/contacts/:entityContactID', idempotency: 'idempotent', params: z.strictObject({ entityKey: uuid, entityContactID: intId }), body: contactUpdateSchema, response: contactSchema },
  'lead.create': { title: 'Create a lead', method: 'POST', path: '/leads', idempotency: 'billable', params: z.strictObject({}), body: leadCreateSchema, response: leadSchema, resultKey: 'leadKey' },
  'lead.addNote': { title: 'Add a note to a lead', method: 'POST', path: '/leads/:leadKey/notes', idempotency: 'create', params: z.strictObject({ leadKey: uuid }), body: leadNoteCreateSchema, response: leadNoteSchema, refParams: ['leadKey'] },
  'lead.convert': { title: 'Convert a lead to a client', method: 'POST', path: '/leads/:leadKey/convert-to-client', idempotency: 'create', params: z.strictObject({ leadKey: uuid }), body: leadConvertSchema, response: leadConvertResponseSchema, refParams: ['leadKey'] },
  'eform.create': { title: 'Send an eForm', method: 'POST', path: '/eforms', idempotency: 'billable', params: z.strictObject({}), body: eformCreateSchema, response: eformCreateResponseSchema },
  'eform.sendDraft': { title: 'Send an eForm draft', method: 'POST', path: '/eforms/:formKey/send', idempotency: 'billable', params: z.strictObject({ formKey: uuid }), response: eformSendResponseSchema, refParams: ['formKey'] },
  'identity.sendVerification': { title: 'Send an ID verification', method: 'POST', path: '/id-verifications/send', idempotency: 'billable', params: z.strictObject({}), body: idVerificationSendSchema, response: idVerificationSentSchema },
  'identity.runAmlCheck': { title: 'Run an AML check', method: 'POST', path: '/id-verifications/aml-checks', idempotency: 'billable', params: z.strictObject({}), body: amlCheckCreateSchema, response: amlCheckSchema },
  'bill.createAdhoc': { title: 'Create an adhoc bill', method: 'POST', path: '/bills', idempotency: 'billable', params: z.strictObject({}), body: billCreateSchema, response: billCreatedSchema, resultKey: 'billingId' },
  'onboarding.editRecipients': { title: 'Edit onboarding recipients', method: 'PATCH', path: '/onboardings/:key/recipients', idempotency: 'create', params: z.strictObject({ key: uuid }), body: recipientsPatchSchema, response: onboardingSchema },
  'onboarding.setCustomFields': { title: 'Set client custom fields', method: 'PUT', path: '/onboardings/:key/clients/:clientId/custom-fields', idempotency: 'idempotent', params: z.strictObject({ key: uuid, clientId: intId }), body: customFieldsPutSchema, response: customFieldValuesSchema },
  'onboarding.complete': { title: 'Complete an onboarding', method: 'POST', path: '/onboardings/:key/complete', idempotency: 'idempotent', params: z.strictObject({ key: uuid }), body: onboardingCompleteSchema, response: onboardingSchema, alreadyAppliedStatus: 409 },
  'onboarding.removeDocument': { title: 'Remove a requested document', method: 'DELETE', path: '/onboardings/:key/documents/:documentId', idempotency: 'idempotent', params: z.strictObject({ key: uuid, documentId: intId }), query: removeDocumentQuerySchema, response: onboardingDocumentsSchema, alreadyAppliedStatus: 404 },
  'proposal.duplicate': { title: 'Duplicate a proposal', method: 'POST', path: '/proposals/:key/duplicate', idempotency: 'create', params: z.strictObject({ key: uuid }), body: duplicateSchema, response: proposalCreatedSchema },
  'proposal.renew': { title: 'Renew a proposal', method: 'POST', path: '/proposals/:key/renew', idempotency: 'create', params: z.strictObject({ key: uuid }), body: renewSchema, response: proposalCreatedSchema },
  'proposal.replaceServices': { title: 'Replace proposal services', method: 'PUT', path: '/proposals/:key/services', idempotency: 'idempotent', params: z.strictObject({ key: uuid }), body: servicesPutSchema, response: proposalUpdateResultSchema },
  'proposal.replaceExternalProjects': { title: 'Replace external projects', method: 'PUT', path: '/proposals/:key/external-projects', idempotency: 'idempotent', params: z.strictObject({ key: uuid }), body: externalProjectsPutSchema, response: proposalUpdateResultSchema },
});

export type OperationName = keyof typeof operations;
export const operationNames = Object.keys(operations) as [OperationName, ...OperationName[]];
export const operationNameSchema = z.enum(operationNames);

/** What an entry carries: path params (some may be OutboxRefs while they wait), body, query. */
export const storedPayloadSchema = z.strictObject({
  params: z.record(z.string().max(60), z.union([z.string().max(200), z.number(), outboxRefSchema])),
  body: z.unknown().optional(),
  query: z.record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean()])).optional(),
});
export type StoredPayload = z.infer<typeof storedPayloadSchema>;

/**
 * Validates a payload against its operation, refs resolved. Returns zod's issues so a form can show
 * them per field; the same function guards main before anything is sent.
 */
export function validatePayload(name: OperationName, payload: StoredPayload): { ok: true } | { ok: false; issues: { path: string; message: string }[] } {
  const op: OperationDef = operations[name];
  const issues: { path: string; message: string }[] = [];
  const collect = (prefix: string, result: { success: boolean; error?: z.ZodError }) => {
    for (const issue of result.error?.issues ?? []) issues.push({ path: [prefix, ...issue.path.map(String)].join('.'), message: issue.message });
  };
  collect('params', op.params.safeParse(payload.params));
  if (op.body) collect('body', op.body.safeParse(payload.body));
  else if (payload.body !== undefined) issues.push({ path: 'body', message: 'This action takes no body.' });
  if (op.query) collect('query', op.query.safeParse(payload.query ?? {}));
  return issues.length === 0 ? { ok: true } : { ok: false, issues };
}

/** Same, for a payload that may still hold refs: refs stand in for valid values of their params. */
export function validateQueuedPayload(name: OperationName, payload: StoredPayload) {
  const op: OperationDef = operations[name];
  const standIn = '00000000-0000-4000-8000-000000000000';
  const params = Object.fromEntries(
    Object.entries(payload.params).map(([key, value]) => [key, typeof value === 'object' && op.refParams?.includes(key) ? standIn : value]),
  );
  return validatePayload(name, { ...payload, params });
}

export function pathOf(name: OperationName, params: Record<string, string | number>): string {
  return operations[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}
