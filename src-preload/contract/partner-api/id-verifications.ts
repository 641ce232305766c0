import { z } from 'zod';
import { dateTime, uuid } from './common';

export const amlKinds = ['standard', 'extensive'] as const;

/** `POST /api/v1/id-verifications/send` (body not shown; demo's design). Billed per use. */
export const idVerificationSendSchema = z.object({
  entityKey: uuid,
  userKey: uuid.nullable().optional(),
  recipientName: z.string().max(200).nullable().optional(),
  recipientEmail: z.email().max(254).nullable().optional(),
  recipientMobile: z.string().max(40).nullable().optional(),
  sendSms: z.boolean().optional(),
  method: z.string().max(60).optional(),
  includeAml: z.boolean().optional(),
  amlKind: z.enum(amlKinds).optional(),
});
export type IdVerificationSend = z.infer<typeof idVerificationSendSchema>;

export const idVerificationSentSchema = z.object({
  verificationId: uuid,
  entityKey: uuid,
  statusName: z.enum(['Sent', 'Failed to send']),
  includeAml: z.boolean(),
  accessUrl: z.string().nullable(),
  sentOn: dateTime,
});
export type IdVerificationSent = z.infer<typeof idVerificationSentSchema>;

/** `POST /api/v1/id-verifications/aml-checks`: standalone AML screening for an existing client. */
export const amlCheckCreateSchema = z.object({
  entityKey: uuid,
  kind: z.enum(amlKinds),
  userKey: uuid.nullable().optional(),
});
export type AmlCheckCreate = z.infer<typeof amlCheckCreateSchema>;

export const amlCheckSchema = z.object({
  amlCheckId: uuid,
  entityKey: uuid,
  kind: z.enum(amlKinds),
  result: z.enum(['clear', 'match', 'pending']),
  checkedOn: dateTime,
});
export type AmlCheck = z.infer<typeof amlCheckSchema>;
