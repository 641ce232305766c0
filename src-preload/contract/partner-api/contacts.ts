import { z } from 'zod';
import { dateTime, pageNumberSchema, queryBoolean, uuid } from './common';

/** Entity contact (element of `GET /api/v1/contacts/list`): a person tied to one client. */
export const contactSchema = z.object({
  entityContactID: z.number().int(),
  entityKey: uuid,
  contactID: z.number().int(),
  contactName: z.string(),
  contactSurname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  position: z.string().nullable(),
  isPrimary: z.boolean(),
  isDeleted: z.boolean(),
  updatedOn: dateTime,
});
export type Contact = z.infer<typeof contactSchema>;

export const contactsListQuerySchema = z.object({
  lastUpdated: dateTime.optional(),
  pageNumber: pageNumberSchema.optional(),
  entityKey: uuid.optional(),
  includeDeleted: queryBoolean.optional(),
});

/** Body of `POST /api/v1/entities/{entityKey}/contacts` (shape not shown in the contract; demo's choice). */
export const contactCreateSchema = z.object({
  contactName: z.string().trim().min(1).max(100),
  contactSurname: z.string().trim().min(1).max(100),
  email: z.email().max(254).nullable().optional(),
  mobile: z.string().max(40).nullable().optional(),
  position: z.string().max(100).nullable().optional(),
  isPrimary: z.boolean().optional(),
});
export type ContactCreate = z.infer<typeof contactCreateSchema>;

/** Body of `PUT /api/v1/entities/{entityKey}/contacts/{entityContactID}`: the fields to change. */
export const contactUpdateSchema = contactCreateSchema.partial().extend({
  isDeleted: z.boolean().optional(),
});
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;
