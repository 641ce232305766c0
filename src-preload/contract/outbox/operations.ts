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
  eformCreateClientSchema,
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
  adhocProposalSchema,
  fromTemplateSchema,
  proposalCreatedSchema,
  proposalUpdateResultSchema,
  recipientsPatchSchema,
  removeDocumentQuerySchema,
  renewSchema,
  servicesPatchSchema,
  servicesPutSchema,
} from '../partner-api';
import type { SyncedResourceName } from '../sync';
import { servicesBaseSchema } from './service-line-edits';

/**
 * How safe a write is to send again when we do not know whether the first attempt arrived:
 * - idempotent: PUT/PATCH-to-a-state or DELETE — sending twice ends in the same place; retried freely.
 * - create: creates something (a contact, a note, a proposal copy); a double would be a visible duplicate,
 *   so it is sent again only once a read proved the first did not arrive.
 * - once: creates something a second copy of would cost the practice or reach someone outside it (an
 *   eForm, an ID or AML check, a bill, a lead). Never resent on a guess: a crash between "sending" and the
 *   answer makes it needs-review unless a read finds it, and only the user's consent sends it again. Why
 *   is said per operation (`once`), in words that are true of it.
 */
export type IdempotencyClass = 'idempotent' | 'create' | 'once';

/** Why a write of class 'once' is never sent again on a guess, as the Outbox says it. */
export interface SentOnce {
  /**
   * The practice pays for each one sent. The contract bills eForms (each form of a stack) and SMS; the
   * schema guide says identity verifications are billed per verification, and AML screenings are taken
   * alike. A lead or a bill costs the practice nothing: a second one is a duplicate, which is reason enough.
   */
  billedPerUse: boolean;
  /** What sending it again could create, as a phrase: "a second lead". */
  secondCopy: string;
}

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
  /** Said for, and only for, a write of class 'once' (checked by `define`). */
  once?: SentOnce;
  params: z.ZodObject;
  body?: z.ZodType;
  /**
   * The app's stricter rule for the body it sends, where the contract allows what the practice would
   * misread (an eForm's custom schema is "any JSON"): used instead of `body` for what the app checks.
   */
  clientBody?: z.ZodType;
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
  /**
   * The synced lists this write changes at the practice (none: it changes only what is read on demand,
   * such as a client's proposals or a lead's notes). Told to the practice hub once the write is done
   * (hub-hint.ts), so the hub re-reads them and the other laptops hear of it.
   */
  changesLists: readonly SyncedResourceName[];
  /**
   * What the edited record's touched parts were when the user read them (`payload.base`), for a write
   * that must not overwrite a change made at the practice since: main compares before sending. Never sent.
   */
  base?: z.ZodType;
}

/** An operation of class 'once' says why; no other says it. */
type WithReason =
  | (OperationDef & { idempotency: 'once'; once: SentOnce })
  | (OperationDef & { idempotency: 'idempotent' | 'create'; once?: never });

function define<T extends Record<string, WithReason>>(ops: T): T {
  return ops;
}

/** Every write the app can queue. The same body schemas the demo server validates with. */
export const operations = define({
  'contact.create': {
    title: 'Add a contact',
    method: 'POST',
    path: '/entities/:entityKey/contacts',
    idempotency: 'create',
    changesLists: ['contacts'],
    params: z.strictObject({ entityKey: uuid }),
    body: contactCreateSchema,
    response: contactSchema,
    refParams: ['entityKey'],
    resultKey: 'entityContactID',
  },
  'contact.update': {
    title: 'Edit a contact',
    method: 'PUT',
    path: '/entities/:entityKey/contacts/:entityContactID',
    idempotency: 'idempotent',
    changesLists: ['contacts'],
    params: z.strictObject({ entityKey: uuid, entityContactID: intId }),
    body: contactUpdateSchema,
    response: contactSchema,
  },
  'lead.create': {
    title: 'Create a lead',
    method: 'POST',
    path: '/leads',
    idempotency: 'once',
    once: { billedPerUse: false, secondCopy: 'a second lead' },
    changesLists: ['leads'],
    params: z.strictObject({}),
    body: leadCreateSchema,
    response: leadSchema,
    resultKey: 'leadKey',
  },
  'lead.addNote': {
    title: 'Add a note to a lead',
    method: 'POST',
    path: '/leads/:leadKey/notes',
    idempotency: 'create',
    changesLists: [],
    params: z.strictObject({ leadKey: uuid }),
    body: leadNoteCreateSchema,
    response: leadNoteSchema,
    refParams: ['leadKey'],
  },
  'lead.convert': {
    title: 'Convert a lead to a client',
    method: 'POST',
    path: '/leads/:leadKey/convert-to-client',
    idempotency: 'create',
    changesLists: ['leads', 'entities', 'contacts'],
    params: z.strictObject({ leadKey: uuid }),
    body: leadConvertSchema,
    response: leadConvertResponseSchema,
    refParams: ['leadKey'],
  },
  'eform.create': {
    title: 'Send an eForm',
    method: 'POST',
    path: '/eforms',
    idempotency: 'once',
    once: { billedPerUse: true, secondCopy: 'a second eForm' },
    changesLists: [],
    params: z.strictObject({}),
    body: eformCreateSchema,
    clientBody: eformCreateClientSchema,
    response: eformCreateResponseSchema,
  },
  'eform.sendDraft': {
    title: 'Send an eForm draft',
    method: 'POST',
    path: '/eforms/:formKey/send',
    idempotency: 'once',
    once: { billedPerUse: true, secondCopy: 'a second eForm invitation' },
    changesLists: [],
    params: z.strictObject({ formKey: uuid }),
    response: eformSendResponseSchema,
    refParams: ['formKey'],
  },
  'identity.sendVerification': {
    title: 'Send an ID verification',
    method: 'POST',
    path: '/id-verifications/send',
    idempotency: 'once',
    once: { billedPerUse: true, secondCopy: 'a second ID verification' },
    changesLists: [],
    params: z.strictObject({}),
    body: idVerificationSendSchema,
    response: idVerificationSentSchema,
  },
  'identity.runAmlCheck': {
    title: 'Run an AML check',
    method: 'POST',
    path: '/id-verifications/aml-checks',
    idempotency: 'once',
    once: { billedPerUse: true, secondCopy: 'a second AML check' },
    changesLists: [],
    params: z.strictObject({}),
    body: amlCheckCreateSchema,
    response: amlCheckSchema,
  },
  'bill.createAdhoc': {
    title: 'Create an adhoc bill',
    method: 'POST',
    path: '/bills',
    idempotency: 'once',
    once: { billedPerUse: false, secondCopy: 'a second bill' },
    changesLists: ['bills'],
    params: z.strictObject({}),
    body: billCreateSchema,
    response: billCreatedSchema,
    resultKey: 'billingId',
  },
  'onboarding.editRecipients': {
    title: 'Edit onboarding recipients',
    method: 'PATCH',
    path: '/onboardings/:key/recipients',
    idempotency: 'create',
    changesLists: ['onboardings'],
    params: z.strictObject({ key: uuid }),
    body: recipientsPatchSchema,
    response: onboardingSchema,
  },
  'onboarding.setCustomFields': {
    title: 'Set client custom fields',
    method: 'PUT',
    path: '/onboardings/:key/clients/:clientId/custom-fields',
    idempotency: 'idempotent',
    changesLists: ['onboardings'],
    params: z.strictObject({ key: uuid, clientId: intId }),
    body: customFieldsPutSchema,
    response: customFieldValuesSchema,
  },
  'onboarding.complete': {
    title: 'Complete an onboarding',
    method: 'POST',
    path: '/onboardings/:key/complete',
    idempotency: 'idempotent',
    changesLists: ['onboardings'],
    params: z.strictObject({ key: uuid }),
    body: onboardingCompleteSchema,
    response: onboardingSchema,
    alreadyAppliedStatus: 409,
  },
  'onboarding.removeDocument': {
    title: 'Remove a requested document',
    method: 'DELETE',
    path: '/onboardings/:key/documents/:documentId',
    idempotency: 'idempotent',
    changesLists: ['onboardings'],
    params: z.strictObject({ key: uuid, documentId: intId }),
    query: removeDocumentQuerySchema,
    response: onboardingDocumentsSchema,
    alreadyAppliedStatus: 404,
  },
  'proposal.duplicate': {
    title: 'Duplicate a proposal',
    method: 'POST',
    path: '/proposals/:key/duplicate',
    idempotency: 'create',
    changesLists: [],
    params: z.strictObject({ key: uuid }),
    body: duplicateSchema,
    response: proposalCreatedSchema,
  },
  'proposal.renew': {
    title: 'Renew a proposal',
    method: 'POST',
    path: '/proposals/:key/renew',
    idempotency: 'create',
    changesLists: [],
    params: z.strictObject({ key: uuid }),
    body: renewSchema,
    response: proposalCreatedSchema,
  },
  'proposal.createFromTemplate': {
    title: 'New proposal from a template',
    method: 'POST',
    path: '/proposals/from-template',
    idempotency: 'create',
    changesLists: [],
    params: z.strictObject({}),
    body: fromTemplateSchema,
    response: proposalCreatedSchema,
    resultKey: 'proposalKey',
  },
  'proposal.create': {
    title: 'New proposal',
    method: 'POST',
    path: '/proposals',
    idempotency: 'create',
    changesLists: [],
    params: z.strictObject({}),
    body: adhocProposalSchema,
    response: proposalCreatedSchema,
    resultKey: 'proposalKey',
  },
  'proposal.replaceServices': {
    title: 'Replace proposal services',
    method: 'PUT',
    path: '/proposals/:key/services',
    idempotency: 'idempotent',
    changesLists: [],
    params: z.strictObject({ key: uuid }),
    body: servicesPutSchema,
    response: proposalUpdateResultSchema,
  },
  /**
   * Idempotent: each line is matched by serviceID and set to absolute values, so the same PATCH twice ends
   * in the same place at the practice (an added line sent again updates that line, it is not added twice);
   * only a removal sent again would be refused (404), and main's check before each send drops every line
   * that already is what the edit makes it (service-line-edits.ts), so a resend carries none of those.
   */
  'proposal.editServices': {
    title: 'Edit proposal services',
    method: 'PATCH',
    path: '/proposals/:key/services',
    idempotency: 'idempotent',
    changesLists: [],
    params: z.strictObject({ key: uuid }),
    body: servicesPatchSchema,
    base: servicesBaseSchema,
    response: proposalUpdateResultSchema,
  },
  'proposal.replaceExternalProjects': {
    title: 'Replace external projects',
    method: 'PUT',
    path: '/proposals/:key/external-projects',
    idempotency: 'idempotent',
    changesLists: [],
    params: z.strictObject({ key: uuid }),
    body: externalProjectsPutSchema,
    response: proposalUpdateResultSchema,
  },
});

export type OperationName = keyof typeof operations;
export const operationNames = Object.keys(operations) as [OperationName, ...OperationName[]];
export const operationNameSchema = z.enum(operationNames);
