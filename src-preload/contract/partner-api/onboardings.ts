import { z } from 'zod';
import { dateTime, pageNumberSchema, queryBoolean, uuid } from './common';

export const onboardingRecipientSchema = z.object({
  recipientKey: uuid,
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  sendOrder: z.number().int(),
  sentOn: dateTime.nullable(),
  submittedOn: dateTime.nullable(),
});
export type OnboardingRecipient = z.infer<typeof onboardingRecipientSchema>;

/** Onboarding (element of `GET /api/v1/onboardings/list`). */
export const onboardingSchema = z.object({
  onboardingKey: uuid,
  onboardingID: z.number().int(),
  /** Not in the contract's field table; the demo adds the client the onboarding is for (see decisions doc). */
  entityKey: uuid.nullable(),
  statusID: z.number().int(),
  statusName: z.string(),
  createdOn: dateTime,
  sentOn: dateTime.nullable(),
  submittedOn: dateTime.nullable(),
  completedOn: dateTime.nullable(),
  updatedOn: dateTime,
  createdByKey: uuid,
  approverKey: uuid.nullable(),
  engagementKey: uuid,
  formKey: uuid,
  recipients: z.array(onboardingRecipientSchema),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** `GET /api/v1/onboardings/statuses` (body not shown; demo's choice). */
export const onboardingStatusSchema = z.object({
  statusID: z.number().int(),
  statusName: z.string(),
  isFinal: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

export const onboardingsListQuerySchema = z.object({
  statusID: z.coerce.number().int().optional(),
  searchFilter: z.string().max(200).optional(),
  pageNumber: pageNumberSchema.optional(),
  userID: z.coerce.number().int().optional(),
  lastUpdated: dateTime.optional(),
  excludeCompleted: queryBoolean.optional(),
});

/** `PATCH /api/v1/onboardings/{key}/recipients`. */
export const recipientEditSchema = z.object({
  /** Omitted or unknown to the onboarding → a new recipient is added (decisions doc). */
  recipientKey: uuid.optional(),
  remove: z.boolean().optional(),
  name: z.string().max(100).optional(),
  surname: z.string().max(100).optional(),
  email: z.email().max(254).optional(),
  mobile: z.string().max(40).optional(),
  sendSms: z.boolean().optional(),
  access: z
    .array(z.object({ entityOnboardingId: z.number().int(), canEdit: z.boolean() }))
    .max(50)
    .optional(),
});
export const recipientsPatchSchema = z.object({
  userKey: uuid,
  recipients: z.array(recipientEditSchema).min(1).max(50),
});
export type RecipientsPatch = z.infer<typeof recipientsPatchSchema>;

/** `PUT /api/v1/onboardings/{key}/clients/{clientId}/custom-fields`. */
export const customFieldsPutSchema = z.object({
  userKey: uuid,
  fields: z.array(z.object({ customFieldID: z.number().int(), value: z.string().max(2000) })).max(200),
});
export type CustomFieldsPut = z.infer<typeof customFieldsPutSchema>;

export const customFieldValueSchema = z.object({
  customFieldID: z.number().int(),
  label: z.string(),
  value: z.string(),
});
/** The answer of the custom-fields PUT: the client's values with their labels. */
export const customFieldValuesSchema = z.array(customFieldValueSchema);

/** `POST /api/v1/onboardings/{key}/complete`. */
export const onboardingCompleteSchema = z.object({
  userKey: uuid,
  approverUserKey: uuid,
  paused: z.boolean(),
  engagementKey: uuid,
});
export type OnboardingComplete = z.infer<typeof onboardingCompleteSchema>;

/** One document request of an onboarding (`GET /api/v1/onboardings/{key}/documents`; fields not shown). */
export const onboardingDocumentSchema = z.object({
  documentId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isRequired: z.boolean(),
  isUploaded: z.boolean(),
  isBypassed: z.boolean(),
  fileName: z.string().nullable(),
  uploadedOn: dateTime.nullable(),
});
export const onboardingDocumentsEntitySchema = z.object({
  entityOnboardingId: z.number().int(),
  entityKey: uuid.nullable(),
  entityName: z.string(),
  documents: z.array(onboardingDocumentSchema),
});
export type OnboardingDocumentsEntity = z.infer<typeof onboardingDocumentsEntitySchema>;
/** `GET …/documents` and the answer of removing a request: the requirements of every client of the onboarding. */
export const onboardingDocumentsSchema = z.array(onboardingDocumentsEntitySchema);

/**
 * One uploaded file: a short-lived signed storage URL (contract), answered as JSON rather than a redirect so
 * that a client never carries its credentials to the storage host (decisions doc). `size` is the file's length
 * in bytes (null when the practice does not know it); the URL is fetched without the API's credentials.
 */
export const signedDocumentUrlSchema = z.object({
  documentId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0).nullable(),
  url: z.string(),
  expiresOn: dateTime,
});

/** `DELETE /api/v1/onboardings/{key}/documents/{documentId}` query (names not shown; demo's choice). */
export const removeDocumentQuerySchema = z.object({
  userKey: uuid,
  entityOnboardingId: z.coerce.number().int().optional(),
});
