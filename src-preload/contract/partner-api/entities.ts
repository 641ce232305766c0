import { z } from 'zod';
import { date, dateTime, pageNumberSchema, uuid } from './common';

/** Client entity (element of `GET /api/v1/entities/list`). Absent values are sent as null, never omitted. */
export const entitySchema = z.object({
  entityKey: uuid,
  externalSystemID: z.string().nullable(),
  entityCode: z.string(),
  fullEntityName: z.string(),
  /** The friendly or preferred name ("not an honorific"): the demo's choice of field, see decisions doc. */
  entitySalutation: z.string().nullable(),
  entityInitials: z.string().nullable(),
  entityBirthDate: date.nullable(),
  entityEmail: z.string().nullable(),
  entityTelephone: z.string().nullable(),
  entityMobile: z.string().nullable(),
  entitySalesTaxNumber: z.string().nullable(),
  entityRegNumber: z.string().nullable(),
  entityTerminated: z.boolean(),
  entityType: z.string(),
  officeName: z.string().nullable(),
  isTaxEntity: z.boolean(),
  updatedOn: dateTime,
});
export type Entity = z.infer<typeof entitySchema>;

export const entitiesListQuerySchema = z.object({
  lastUpdated: dateTime.optional(),
  pageNumber: pageNumberSchema.optional(),
  name: z.string().max(200).optional(),
  otherName: z.string().max(200).optional(),
  surname: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
});
