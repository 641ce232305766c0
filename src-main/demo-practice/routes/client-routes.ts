import { z } from 'zod';
import {
  contactCreateSchema,
  contactSchema,
  contactUpdateSchema,
  leadConvertResponseSchema,
  leadConvertSchema,
  leadCreateSchema,
  leadDetailSchema,
  leadFromCreate,
  leadNoteCreateSchema,
  leadNoteSchema,
  leadSchema,
  leadsListQuerySchema,
  queryBoolean,
  uuid,
  type Contact,
  type Entity,
  type Lead,
} from '../../../src-preload/contract/partner-api';
import { conflict, notFound } from '../http/api-problem';
import { defineRoute } from '../http/route-spec';
import type { PracticeState } from '../state/practice-state';
import {
  checkLastUpdated,
  contains,
  entityKeyParams,
  findEntity,
  findUser,
  intId,
  listPage,
  touch,
  updatedSince,
} from './route-helpers';

function findLead(practice: PracticeState, leadKey: string): Lead {
  const lead = practice.leads.get(leadKey);
  if (!lead) throw notFound(`Lead ${leadKey} was not found.`);
  return lead;
}

/** A new primary contact demotes the previous one, so a client has at most one primary contact. */
function makePrimary(practice: PracticeState, contact: Contact, now: Date): void {
  for (const other of practice.contacts.values()) {
    if (other.entityKey === contact.entityKey && other.entityContactID !== contact.entityContactID && other.isPrimary) {
      other.isPrimary = false;
      touch(other, now);
    }
  }
}

const leadParams = z.object({ leadKey: uuid });

/** Contacts of one client (list, create, update) and leads (list, detail, notes, create, convert). */
export const clientRoutes = [
  defineRoute({
    method: 'GET',
    path: '/entities/:entityKey/contacts',
    operationId: 'listClientContacts',
    tag: 'Contacts',
    access: 'read',
    summary: "List a client's contacts",
    params: entityKeyParams,
    query: z.object({ includeDeleted: queryBoolean.optional() }),
    response: { status: 200, schema: z.array(contactSchema) },
    errors: [400, 404],
    handler: ({ practice, params, query }) => {
      findEntity(practice, params.entityKey);
      return [...practice.contacts.values()].filter(
        (c) => c.entityKey === params.entityKey && (query.includeDeleted === true || !c.isDeleted),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/entities/:entityKey/contacts',
    operationId: 'createClientContact',
    tag: 'Contacts',
    access: 'write',
    summary: 'Add a contact to a client',
    params: entityKeyParams,
    body: contactCreateSchema,
    response: { status: 201, schema: contactSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      findEntity(practice, params.entityKey);
      const hasPrimary = [...practice.contacts.values()].some(
        (c) => c.entityKey === params.entityKey && c.isPrimary && !c.isDeleted,
      );
      const contact: Contact = {
        entityContactID: practice.nextIds.entityContact++,
        entityKey: params.entityKey,
        contactID: practice.nextIds.contact++,
        contactName: body.contactName,
        contactSurname: body.contactSurname,
        email: body.email ?? null,
        mobile: body.mobile ?? null,
        position: body.position ?? null,
        isPrimary: body.isPrimary ?? !hasPrimary,
        isDeleted: false,
        updatedOn: now.toISOString(),
      };
      practice.contacts.set(contact.entityContactID, contact);
      if (contact.isPrimary) makePrimary(practice, contact, now);
      return contact;
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/entities/:entityKey/contacts/:entityContactID',
    operationId: 'updateClientContact',
    tag: 'Contacts',
    access: 'write',
    summary: "Update a client's contact (fields given are changed)",
    params: z.object({ entityKey: uuid, entityContactID: intId }),
    body: contactUpdateSchema,
    response: { status: 200, schema: contactSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      findEntity(practice, params.entityKey);
      const contact = practice.contacts.get(params.entityContactID);
      if (!contact || contact.entityKey !== params.entityKey)
        throw notFound(`Contact ${params.entityContactID} was not found for this client.`);
      if (body.contactName !== undefined) contact.contactName = body.contactName;
      if (body.contactSurname !== undefined) contact.contactSurname = body.contactSurname;
      if (body.email !== undefined) contact.email = body.email;
      if (body.mobile !== undefined) contact.mobile = body.mobile;
      if (body.position !== undefined) contact.position = body.position;
      if (body.isDeleted !== undefined) contact.isDeleted = body.isDeleted;
      if (body.isPrimary !== undefined) contact.isPrimary = body.isPrimary;
      touch(contact, now);
      if (contact.isPrimary) makePrimary(practice, contact, now);
      return contact;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/leads/list',
    operationId: 'listLeads',
    tag: 'Leads',
    access: 'read',
    summary: 'List leads',
    query: leadsListQuerySchema,
    response: { status: 200, schema: z.array(leadSchema) },
    errors: [400],
    handler: ({ practice, query, now, runtime }) => {
      const since = checkLastUpdated(query.lastUpdated, now);
      const search = query.searchFilter;
      const matches = updatedSince(practice.leads.values(), since).filter(
        (lead) =>
          search === undefined ||
          [lead.name, lead.surname, lead.companyName, lead.email].some((v) => contains(v, search)),
      );
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (l) => l.leadID,
        (l) => l.updatedOn,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/leads/:leadKey',
    operationId: 'getLead',
    tag: 'Leads',
    access: 'read',
    summary: 'Get a lead with its notes',
    params: leadParams,
    response: { status: 200, schema: leadDetailSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => ({
      ...findLead(practice, params.leadKey),
      notes: practice.leadNotes.get(params.leadKey) ?? [],
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/leads',
    operationId: 'createLead',
    tag: 'Leads',
    access: 'write',
    summary: 'Create a lead',
    body: leadCreateSchema,
    response: { status: 201, schema: leadSchema },
    errors: [400, 403],
    handler: ({ practice, body, now }) => {
      if (body.assignedUserKey) findUser(practice, body.assignedUserKey, 'assignedUserKey');
      const lead = leadFromCreate(
        body,
        { leadKey: crypto.randomUUID(), leadID: practice.nextIds.lead++ },
        now.toISOString(),
      );
      practice.leads.set(lead.leadKey, lead);
      practice.leadNotes.set(lead.leadKey, []);
      return lead;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/leads/:leadKey/notes',
    operationId: 'listLeadNotes',
    tag: 'Leads',
    access: 'read',
    summary: "List a lead's notes",
    params: leadParams,
    response: { status: 200, schema: z.array(leadNoteSchema) },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      findLead(practice, params.leadKey);
      return practice.leadNotes.get(params.leadKey) ?? [];
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/leads/:leadKey/notes',
    operationId: 'addLeadNote',
    tag: 'Leads',
    access: 'write',
    summary: 'Add a note to a lead',
    params: leadParams,
    body: leadNoteCreateSchema,
    response: { status: 201, schema: leadNoteSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const lead = findLead(practice, params.leadKey);
      if (body.userKey) findUser(practice, body.userKey);
      const note = {
        noteID: practice.nextIds.note++,
        leadKey: lead.leadKey,
        text: body.text,
        createdByKey: body.userKey ?? null,
        createdOn: now.toISOString(),
      };
      const notes = practice.leadNotes.get(lead.leadKey) ?? [];
      notes.push(note);
      practice.leadNotes.set(lead.leadKey, notes);
      lead.noteCount = notes.length;
      touch(lead, now);
      return note;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/leads/:leadKey/convert-to-client',
    operationId: 'convertLeadToClient',
    tag: 'Leads',
    access: 'write',
    summary: 'Promote a lead to an Active client',
    params: leadParams,
    body: leadConvertSchema,
    response: { status: 200, schema: leadConvertResponseSchema },
    errors: [400, 403, 404, 409],
    handler: ({ practice, params, body, now }) => {
      const lead = findLead(practice, params.leadKey);
      if (lead.convertedEntityKey)
        throw conflict(`Lead ${lead.leadKey} was already converted to client ${lead.convertedEntityKey}.`);
      const isCompany = lead.companyName !== null;
      const fullName = lead.companyName ?? [lead.name, lead.surname].filter(Boolean).join(' ');
      const seq = practice.nextIds.entityCode++;
      const entity: Entity = {
        entityKey: crypto.randomUUID(),
        externalSystemID: null,
        entityCode: `${fullName
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toUpperCase()
          .padEnd(4, 'X')
          .slice(0, 4)}${String(seq).padStart(5, '0')}`,
        fullEntityName: fullName,
        entitySalutation: lead.name,
        entityInitials: fullName
          .split(/\s+/)
          .map((p) => p[0]?.toUpperCase() ?? '')
          .join('')
          .slice(0, 4),
        entityBirthDate: null,
        entityEmail: lead.email,
        entityTelephone: null,
        entityMobile: lead.mobile,
        entitySalesTaxNumber: null,
        entityRegNumber: null,
        entityTerminated: false,
        entityType: body.entityType ?? (isCompany ? 'Company' : 'Individual'),
        officeName: body.officeName ?? null,
        isTaxEntity: true,
        updatedOn: now.toISOString(),
      };
      practice.entities.set(entity.entityKey, entity);
      practice.entityProfiles.set(entity.entityKey, {
        isIndividual: !isCompany,
        givenName: isCompany ? null : lead.name,
        surname: isCompany ? lead.companyName : lead.surname,
        otherName: null,
        addressLines: [],
        createdOn: now.toISOString(),
      });
      lead.convertedEntityKey = entity.entityKey;
      lead.statusName = 'Converted';
      touch(lead, now);
      return { leadKey: lead.leadKey, entityKey: entity.entityKey, statusName: 'Converted' as const };
    },
  }),
];
