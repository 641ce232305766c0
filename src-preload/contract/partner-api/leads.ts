import { z } from 'zod';
import { dateTime, pageNumberSchema, uuid } from './common';

/** Lead fields are not shown in the contract; this is the demo's documented design. */
export const leadStatuses = ['New', 'Contacted', 'Qualified', 'Converted', 'Lost'] as const;

export const leadSchema = z.object({
  leadKey: uuid,
  leadID: z.number().int(),
  name: z.string(),
  surname: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  source: z.string().nullable(),
  statusName: z.enum(leadStatuses),
  assignedUserKey: uuid.nullable(),
  /** Set once the lead has been converted to a client. */
  convertedEntityKey: uuid.nullable(),
  noteCount: z.number().int(),
  createdOn: dateTime,
  updatedOn: dateTime,
});
export type Lead = z.infer<typeof leadSchema>;

export const leadNoteSchema = z.object({
  noteID: z.number().int(),
  leadKey: uuid,
  text: z.string(),
  createdByKey: uuid.nullable(),
  createdOn: dateTime,
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

export const leadDetailSchema = leadSchema.extend({ notes: z.array(leadNoteSchema) });

export const leadsListQuerySchema = z.object({
  pageNumber: pageNumberSchema.optional(),
  searchFilter: z.string().max(200).optional(),
  lastUpdated: dateTime.optional(),
});

export const leadCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  surname: z.string().max(100).nullable().optional(),
  companyName: z.string().max(200).nullable().optional(),
  email: z.email().max(254).nullable().optional(),
  mobile: z.string().max(40).nullable().optional(),
  source: z.string().max(100).nullable().optional(),
  assignedUserKey: uuid.nullable().optional(),
});
export type LeadCreate = z.infer<typeof leadCreateSchema>;

/**
 * The lead a `lead.create` body makes: its fields as given (an absent one null), status New, not converted,
 * no notes, created and updated `now`. Its key and number are the caller's: the practice gives the next
 * ones; a lead queued on the laptop holds placeholders until the practice answers.
 */
export function leadFromCreate(body: LeadCreate, ids: { leadKey: string; leadID: number }, now: string): Lead {
  return {
    leadKey: ids.leadKey,
    leadID: ids.leadID,
    name: body.name,
    surname: body.surname ?? null,
    companyName: body.companyName ?? null,
    email: body.email ?? null,
    mobile: body.mobile ?? null,
    source: body.source ?? null,
    statusName: 'New',
    assignedUserKey: body.assignedUserKey ?? null,
    convertedEntityKey: null,
    noteCount: 0,
    createdOn: now,
    updatedOn: now,
  };
}

export const leadNoteCreateSchema = z.object({
  text: z.string().trim().min(1).max(5000),
  userKey: uuid.nullable().optional(),
});
export type LeadNoteCreate = z.infer<typeof leadNoteCreateSchema>;

export const leadConvertSchema = z.object({
  userKey: uuid.nullable().optional(),
  entityType: z.string().max(100).optional(),
  officeName: z.string().max(100).nullable().optional(),
});
export const leadConvertResponseSchema = z.object({
  leadKey: uuid,
  entityKey: uuid,
  statusName: z.literal('Converted'),
});
