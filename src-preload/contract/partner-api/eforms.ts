import { z } from 'zod';
import { uuid } from './common';

const formDefinitionSchema = z
  .strictObject({
    templateId: z.number().int().nullable().optional(),
    name: z.string().max(200).nullable().optional(),
    schema: z.unknown().optional(),
  })
  .refine(
    (form) => (form.templateId != null) !== (form.name != null && form.schema != null),
    'Each form is either {templateId} or {name, schema}.',
  );

/**
 * Body of `POST /api/v1/eforms`. Unknown properties are rejected (contract). Exactly one of
 * templateId (optional name) / name + schema / forms[2..10]; emailContent must include "[Link]";
 * sendSms needs a mobile (the recipient's, or the client's when entityKey supplies it — checked by the server).
 */
export const eformCreateBaseSchema = z.strictObject({
  templateId: z.number().int().nullable().optional(),
  name: z.string().max(200).nullable().optional(),
  schema: z.unknown().optional(),
  entityKey: uuid.nullable().optional(),
  recipientName: z.string().max(200).nullable().optional(),
  recipientEmail: z.email().max(254).nullable().optional(),
  recipientMobile: z.string().max(40).nullable().optional(),
  sendSms: z.boolean().optional(),
  emailSubject: z.string().max(300).nullable().optional(),
  emailContent: z.string().max(20_000).nullable().optional(),
  mute: z.boolean().optional(),
  sendNow: z.boolean().optional(),
  applyMergeFields: z.boolean().optional(),
  forms: z.array(formDefinitionSchema).nullable().optional(),
  /** Staff may pre-fill answers on view-only questions of a custom schema (contract). */
  answers: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const eformCreateSchema = eformCreateBaseSchema.superRefine((body, ctx) => {
  const byTemplate = body.templateId != null;
  const bySchema = body.schema != null;
  const byStack = body.forms != null;
  if ([byTemplate, bySchema, byStack].filter(Boolean).length !== 1) {
    ctx.addIssue({
      code: 'custom',
      message: 'Supply exactly one of templateId, name with schema, or forms.',
      path: [],
    });
  }
  if (bySchema && !body.name) {
    ctx.addIssue({ code: 'custom', message: 'A custom schema needs a name.', path: ['name'] });
  }
  if (byStack && body.forms && (body.forms.length < 2 || body.forms.length > 10)) {
    ctx.addIssue({ code: 'custom', message: 'A stack has 2 to 10 forms.', path: ['forms'] });
  }
  if (body.emailContent != null && !body.emailContent.includes('[Link]')) {
    ctx.addIssue({ code: 'custom', message: 'emailContent must include the token [Link].', path: ['emailContent'] });
  }
  if (body.answers != null && !bySchema) {
    ctx.addIssue({ code: 'custom', message: 'answers can only pre-fill a custom schema.', path: ['answers'] });
  }
});
export type EformCreate = z.infer<typeof eformCreateSchema>;

export const eformCreateResponseSchema = z.object({
  formKey: uuid,
  stackKey: uuid.nullable(),
  accessUrl: z.string().nullable(),
  sent: z.boolean(),
  emailSent: z.boolean(),
  forms: z.array(z.object({ formKey: uuid, name: z.string().nullable(), stackPosition: z.number().int() })).nullable(),
});
export type EformCreateResponse = z.infer<typeof eformCreateResponseSchema>;

/** `GET /api/v1/eforms/templates` element (fields not shown; demo's choice). */
export const eformTemplateSchema = z.object({
  templateId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  questionCount: z.number().int(),
});
export type EformTemplate = z.infer<typeof eformTemplateSchema>;

/** `GET /api/v1/eforms/schema-guide`. */
export const schemaGuideSchema = z.object({
  questionTypes: z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      description: z.string(),
      answerFormat: z.string(),
      conditionalOperators: z.array(z.string()),
      canBeSensitive: z.boolean(),
      canUseMergeField: z.boolean(),
      allowedInRepeatingGroup: z.boolean(),
      allowedInRepeatingSection: z.boolean(),
      notes: z.string(),
    }),
  ),
  clientAccessValues: z.array(z.string()),
  mergeFields: z.array(z.string()),
  identityVerificationMethods: z.array(z.object({ value: z.string(), label: z.string() })),
  exampleSchema: z.unknown(),
});
export type SchemaGuide = z.infer<typeof schemaGuideSchema>;

/** `POST /api/v1/eforms/{formKey}/send` response: same shape as create (demo's choice). */
export const eformSendResponseSchema = eformCreateResponseSchema;
