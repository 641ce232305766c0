import { z } from 'zod';
import {
  catalogItemSchema,
  proposalDetailSchema,
  proposalPricingSchema,
  proposalServiceSchema,
  proposalSummarySchema,
  proposalTemplateSchema,
  renewPreviewSchema,
  uuid,
} from '../../../src-preload/contract/partner-api';
import { defineRoute } from '../http/route-spec';
import { findEntity, keyParams } from './route-helpers';
import { findProposal, renewalTerm } from './proposal-drafts';

const catalogNames = [
  'pm-job-templates',
  'pm-job-categories',
  'pm-staff',
  'dms-job-templates',
  'dms-job-states',
] as const;

/** What the demo practice answers about proposals: lists, detail, pricing, catalogs and a renewal preview. */
export const proposalRoutes = [
  defineRoute({
    method: 'GET',
    path: '/proposals/list',
    operationId: 'listClientProposals',
    tag: 'Proposals',
    access: 'read',
    summary: "A client's proposals",
    query: z.object({ entityKey: uuid }),
    response: { status: 200, schema: z.array(proposalSummarySchema) },
    errors: [400, 404],
    handler: ({ practice, query }) => {
      findEntity(practice, query.entityKey);
      return [...practice.proposals.values()].filter((p) => p.entityKey === query.entityKey);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/proposals/services',
    operationId: 'listProposalServices',
    tag: 'Proposals',
    access: 'read',
    summary: 'Active proposal services (catalog)',
    response: { status: 200, schema: z.array(proposalServiceSchema) },
    handler: ({ practice }) => practice.services,
  }),
  defineRoute({
    method: 'GET',
    path: '/proposals/templates',
    operationId: 'listProposalTemplates',
    tag: 'Proposals',
    access: 'read',
    summary: 'Saved proposal templates (demo addition, needed to use from-template)',
    response: { status: 200, schema: z.array(proposalTemplateSchema) },
    handler: ({ practice }) => practice.proposalTemplates,
  }),
  ...catalogNames.map((name) =>
    defineRoute({
      method: 'GET',
      path: `/proposals/${name}`,
      operationId: `list-${name}`.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      tag: 'Proposals',
      access: 'read',
      summary: `Catalog: ${name}`,
      response: { status: 200, schema: z.array(catalogItemSchema) },
      handler: ({ practice }) => practice.catalogs[name],
    }),
  ),
  defineRoute({
    method: 'GET',
    path: '/proposals/:key',
    operationId: 'getProposal',
    tag: 'Proposals',
    access: 'read',
    summary: 'The full proposal',
    params: keyParams,
    response: { status: 200, schema: proposalDetailSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => findProposal(practice, params.key),
  }),
  defineRoute({
    method: 'GET',
    path: '/proposals/:key/pricing',
    operationId: 'getProposalPricing',
    tag: 'Proposals',
    access: 'read',
    summary: 'Services, invoices, recurring billings and jobs',
    params: keyParams,
    response: { status: 200, schema: proposalPricingSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => findProposal(practice, params.key).pricing,
  }),
  defineRoute({
    method: 'GET',
    path: '/proposals/:key/renew-preview',
    operationId: 'previewProposalRenewal',
    tag: 'Proposals',
    access: 'read',
    summary: 'Who may sign the renewal and what it copies',
    params: keyParams,
    response: { status: 200, schema: renewPreviewSchema },
    errors: [400, 404],
    handler: ({ practice, params, now }) => {
      const proposal = findProposal(practice, params.key);
      const contacts = [...practice.contacts.values()].filter(
        (c) => c.entityKey === proposal.entityKey && !c.isDeleted,
      );
      return {
        proposalKey: proposal.proposalKey,
        name: proposal.name,
        signatories: contacts.map((c) => ({
          contactID: c.contactID,
          name: `${c.contactName} ${c.contactSurname}`,
          email: c.email,
          isDefault: c.isPrimary,
        })),
        ...renewalTerm(proposal, now),
        servicesTotal: proposal.servicesTotal,
      };
    },
  }),
];
