import { z } from 'zod';
import {
  authValidationSchema,
  contactSchema,
  contactsListQuerySchema,
  entitiesListQuerySchema,
  entitySchema,
  userSchema,
  uuid,
} from '../../../src-preload/contract/partner-api';
import { notFound } from '../http/api-problem';
import { defineRoute } from '../http/route-spec';
import { checkLastUpdated, contains, listPage, updatedSince } from './route-helpers';

/** Auth validate, users, client entities and the practice-wide contacts list. */
export const coreRoutes = [
  defineRoute({
    method: 'GET',
    path: '/auth/validate',
    operationId: 'validateCredentials',
    tag: 'Auth',
    access: 'read',
    summary: 'Confirm access and read canWrite',
    response: { status: 200, schema: authValidationSchema },
    handler: ({ practice, canWrite }) => ({
      canWrite,
      practiceKey: practice.profile.practiceKey,
      practiceName: practice.profile.name,
      region: practice.profile.region,
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/users/list',
    operationId: 'listUsers',
    tag: 'Users',
    access: 'read',
    summary: 'List practice users',
    response: { status: 200, schema: z.array(userSchema) },
    handler: ({ practice }) => [...practice.users.values()],
  }),
  defineRoute({
    method: 'GET',
    path: '/users/:userKey',
    operationId: 'getUser',
    tag: 'Users',
    access: 'read',
    summary: 'Get a practice user',
    params: z.object({ userKey: uuid }),
    response: { status: 200, schema: userSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      const user = practice.users.get(params.userKey);
      if (!user) throw notFound(`User ${params.userKey} was not found.`);
      return user;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/entities/list',
    operationId: 'listEntities',
    tag: 'Entities',
    access: 'read',
    summary: 'List client entities (filters combine with AND)',
    query: entitiesListQuerySchema,
    response: { status: 200, schema: z.array(entitySchema) },
    errors: [400],
    handler: ({ practice, query, now, runtime }) => {
      const since = checkLastUpdated(query.lastUpdated, now);
      const matches = updatedSince(practice.entities.values(), since).filter((entity) => {
        const profile = practice.entityProfiles.get(entity.entityKey);
        if (query.name !== undefined && !contains(profile?.givenName, query.name)) return false;
        if (query.otherName !== undefined && !contains(profile?.otherName, query.otherName)) return false;
        if (query.surname !== undefined && !contains(profile?.surname, query.surname)) return false;
        if (query.email !== undefined && !contains(entity.entityEmail, query.email)) return false;
        return true;
      });
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (e) => e.entityKey,
        (e) => e.updatedOn,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/contacts/list',
    operationId: 'listContacts',
    tag: 'Contacts',
    access: 'read',
    summary: 'List client contacts (soft-deleted only with includeDeleted=true)',
    query: contactsListQuerySchema,
    response: { status: 200, schema: z.array(contactSchema) },
    errors: [400],
    handler: ({ practice, query, now, runtime }) => {
      const since = checkLastUpdated(query.lastUpdated, now);
      const matches = updatedSince(practice.contacts.values(), since).filter(
        (contact) =>
          (query.includeDeleted === true || !contact.isDeleted) &&
          (query.entityKey === undefined || contact.entityKey === query.entityKey),
      );
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (c) => c.entityContactID,
        (c) => c.updatedOn,
      );
    },
  }),
];
