import { z } from 'zod';
import {
  eformCreateResponseSchema,
  eformCreateSchema,
  eformSendResponseSchema,
  eformTemplateSchema,
  schemaGuideSchema,
  uuid,
} from '../../../src-preload/contract/partner-api';
import { schemaGuide } from '../data/schema-guide';
import { badRequest, conflict, notFound } from '../http/api-problem';
import { defineRoute } from '../http/route-spec';
import { createEforms, sendForms, stackOf } from './eform-sending';

export const eformRoutes = [
  defineRoute({
    method: 'POST',
    path: '/eforms',
    operationId: 'createEform',
    tag: 'eForms',
    access: 'write',
    summary: 'Create and send an eForm or eForm stack (billed per form)',
    body: eformCreateSchema,
    response: { status: 200, schema: eformCreateResponseSchema },
    errors: [400, 403, 404, 429],
    handler: ({ practice, runtime, body, now }) => createEforms(practice, runtime, body, now),
  }),
  defineRoute({
    method: 'POST',
    path: '/eforms/:formKey/send',
    operationId: 'sendEformDraft',
    tag: 'eForms',
    access: 'write',
    summary: 'Send a saved draft (a stack is sent from its entry form)',
    params: z.object({ formKey: uuid }),
    response: { status: 200, schema: eformSendResponseSchema },
    errors: [400, 403, 404, 409, 429],
    handler: ({ practice, runtime, params, now }) => {
      const form = practice.eforms.get(params.formKey);
      if (!form) throw notFound(`eForm ${params.formKey} was not found.`);
      if (form.stackPosition !== 1) throw badRequest('Send a stack from its entry form (stackPosition 1).');
      if (form.status !== 'draft') throw conflict(`eForm ${params.formKey} is already ${form.status}.`);
      return sendForms(practice, runtime, stackOf(practice, form), now);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/eforms/templates',
    operationId: 'listEformTemplates',
    tag: 'eForms',
    access: 'read',
    summary: 'List eForm templates',
    response: { status: 200, schema: z.array(eformTemplateSchema) },
    handler: ({ practice }) => practice.eformTemplates,
  }),
  defineRoute({
    method: 'GET',
    path: '/eforms/schema-guide',
    operationId: 'getEformSchemaGuide',
    tag: 'eForms',
    access: 'read',
    summary: 'The eForm schema guide: question types, merge fields, an example',
    response: { status: 200, schema: schemaGuideSchema },
    handler: () => schemaGuide,
  }),
];
