import { z } from 'zod';
import {
  adhocProposalSchema,
  catalogItemSchema,
  applyExternalProjects,
  duplicateSchema,
  externalProjectIssues,
  externalProjectsPutSchema,
  fromTemplateSchema,
  proposalCreatedSchema,
  proposalDetailSchema,
  proposalPricingSchema,
  proposalServiceSchema,
  proposalSummarySchema,
  proposalTemplateSchema,
  proposalUpdateResultSchema,
  renewPreviewSchema,
  renewSchema,
  servicesPatchSchema,
  servicesPutSchema,
  uuid,
  type ProposalDetail,
  type ProposalUpdateResult,
} from '../../../src-preload/contract/partner-api';
import { addDays, isoDate, parseDate, round2 } from '../data/dates';
import { badRequest, notFound } from '../http/api-problem';
import { defineRoute } from '../http/route-spec';
import type { PracticeState } from '../state/practice-state';
import { findActiveEntity, findEntity, findUser, keyParams, touch } from './route-helpers';

function findProposal(practice: PracticeState, key: string): ProposalDetail {
  const proposal = practice.proposals.get(key);
  if (!proposal) throw notFound(`Proposal ${key} was not found.`);
  return proposal;
}

type LineInput = { serviceID: number; quantity?: number | undefined; price?: number | undefined };

function pricedLine(practice: PracticeState, input: LineInput, where: string) {
  const service = practice.services.find((s) => s.serviceID === input.serviceID);
  if (!service) throw badRequest(`${where}: service ${input.serviceID} is not in the catalog.`);
  const price = input.price ?? service.price;
  const quantity = input.quantity ?? 1;
  const taxAmount = round2(price * quantity * practice.profile.taxRate);
  return {
    serviceID: service.serviceID,
    serviceName: service.name,
    price,
    quantity,
    taxAmount,
    lineTotal: round2(price * quantity + taxAmount),
  };
}

function recalculate(proposal: ProposalDetail): void {
  proposal.servicesTotal = round2(proposal.pricing.services.reduce((sum, line) => sum + line.lineTotal, 0));
  proposal.pricing.servicesTotal = proposal.servicesTotal;
  proposal.pricing.invoicesTotal = round2(proposal.pricing.invoices.reduce((sum, invoice) => sum + invoice.amount, 0));
}

/** Editing an accepted proposal changes what was agreed, so its billing needs a person to review it. */
function updateResult(proposal: ProposalDetail): ProposalUpdateResult {
  const { pricing } = proposal;
  return {
    engagementKey: proposal.engagementKey,
    statusName: proposal.statusName,
    billingNeedsReview: proposal.statusName === 'Accepted',
    pricing: {
      engagementKey: pricing.engagementKey,
      name: pricing.name,
      statusName: proposal.statusName,
      createBills: pricing.createBills,
      servicesTotal: pricing.servicesTotal,
      invoicesTotal: pricing.invoicesTotal,
      services: pricing.services,
    },
    section: null,
  };
}

/** A new Draft copying pricing, billings and jobs (contract, States: duplicate and renew). */
function copyAsDraft(
  practice: PracticeState,
  source: ProposalDetail,
  now: Date,
  overrides: Partial<ProposalDetail>,
): ProposalDetail {
  const engagementKey = crypto.randomUUID();
  const copy: ProposalDetail = structuredClone({
    ...source,
    proposalKey: crypto.randomUUID(),
    engagementKey,
    statusName: 'Draft' as const,
    createdOn: now.toISOString(),
    sentOn: null,
    acceptedOn: null,
    renewedFromKey: null,
    updatedOn: now.toISOString(),
    externalProjects: [],
    ...overrides,
  });
  copy.pricing.engagementKey = engagementKey;
  copy.pricing.statusName = 'Draft';
  practice.proposals.set(copy.proposalKey, copy);
  return copy;
}

function newDraft(
  practice: PracticeState,
  now: Date,
  entityKey: string,
  name: string,
  createdByKey: string,
  lines: ReturnType<typeof pricedLine>[],
): ProposalDetail {
  const engagementKey = crypto.randomUUID();
  const startsOn = isoDate(addDays(now, 14));
  const proposal: ProposalDetail = {
    proposalKey: crypto.randomUUID(),
    engagementKey,
    entityKey,
    name,
    statusName: 'Draft',
    servicesTotal: 0,
    createdOn: now.toISOString(),
    sentOn: null,
    acceptedOn: null,
    startsOn,
    endsOn: isoDate(addDays(parseDate(startsOn), 364)),
    renewedFromKey: null,
    updatedOn: now.toISOString(),
    signatoryName: null,
    signatoryEmail: null,
    createdByKey,
    pricing: {
      engagementKey,
      name,
      statusName: 'Draft',
      createBills: false,
      servicesTotal: 0,
      invoicesTotal: 0,
      services: lines,
      invoices: [],
      recurringBillings: [],
      jobs: [],
    },
    externalProjects: [],
  };
  recalculate(proposal);
  practice.proposals.set(proposal.proposalKey, proposal);
  return proposal;
}

const created = (p: ProposalDetail) => ({
  proposalKey: p.proposalKey,
  engagementKey: p.engagementKey,
  statusName: 'Draft' as const,
});
const catalogNames = [
  'pm-job-templates',
  'pm-job-categories',
  'pm-staff',
  'dms-job-templates',
  'dms-job-states',
] as const;

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
    method: 'POST',
    path: '/proposals/:key/duplicate',
    operationId: 'duplicateProposal',
    tag: 'Proposals',
    access: 'write',
    summary: 'Copy a proposal as a new Draft (pricing, billings and jobs)',
    params: keyParams,
    body: duplicateSchema,
    response: { status: 201, schema: proposalCreatedSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const source = findProposal(practice, params.key);
      findUser(practice, body.userKey);
      const entityKey = body.entityKey ? findEntity(practice, body.entityKey).entityKey : source.entityKey;
      return created(
        copyAsDraft(practice, source, now, { entityKey, createdByKey: body.userKey, name: `${source.name} (copy)` }),
      );
    },
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
    handler: ({ practice, params }) => {
      const proposal = findProposal(practice, params.key);
      const contacts = [...practice.contacts.values()].filter(
        (c) => c.entityKey === proposal.entityKey && !c.isDeleted,
      );
      const startsOn = proposal.endsOn ? isoDate(addDays(parseDate(proposal.endsOn), 1)) : isoDate(new Date());
      return {
        proposalKey: proposal.proposalKey,
        name: proposal.name,
        signatories: contacts.map((c) => ({
          contactID: c.contactID,
          name: `${c.contactName} ${c.contactSurname}`,
          email: c.email,
          isDefault: c.isPrimary,
        })),
        startsOn,
        endsOn: isoDate(addDays(parseDate(startsOn), 364)),
        servicesTotal: proposal.servicesTotal,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/proposals/:key/renew',
    operationId: 'renewProposal',
    tag: 'Proposals',
    access: 'write',
    summary: 'Renew: a new Draft; the original becomes Renewed',
    params: keyParams,
    body: renewSchema,
    response: { status: 201, schema: proposalCreatedSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const source = findProposal(practice, params.key);
      findUser(practice, body.userKey);
      let signatory: { name: string; email: string | null } | null = null;
      if (body.signatoryContactID !== undefined) {
        const contact = [...practice.contacts.values()].find(
          (c) => c.contactID === body.signatoryContactID && c.entityKey === source.entityKey && !c.isDeleted,
        );
        if (!contact)
          throw badRequest(`signatoryContactID ${body.signatoryContactID} is not a contact of this client.`);
        signatory = { name: `${contact.contactName} ${contact.contactSurname}`, email: contact.email };
      }
      const startsOn = source.endsOn ? isoDate(addDays(parseDate(source.endsOn), 1)) : isoDate(now);
      const copy = copyAsDraft(practice, source, now, {
        createdByKey: body.userKey,
        renewedFromKey: source.proposalKey,
        startsOn,
        endsOn: isoDate(addDays(parseDate(startsOn), 364)),
        ...(signatory ? { signatoryName: signatory.name, signatoryEmail: signatory.email } : {}),
      });
      source.statusName = 'Renewed';
      source.pricing.statusName = 'Renewed';
      touch(source, now);
      return created(copy);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/proposals/from-template',
    operationId: 'createProposalFromTemplate',
    tag: 'Proposals',
    access: 'write',
    summary: 'Create a Draft from a saved template',
    body: fromTemplateSchema,
    response: { status: 201, schema: proposalCreatedSchema },
    errors: [400, 403, 404],
    handler: ({ practice, body, now }) => {
      const template = practice.proposalTemplates.find((t) => t.templateID === body.templateID);
      if (!template) throw badRequest(`templateID ${body.templateID} does not exist.`);
      findUser(practice, body.userKey);
      const entity = findActiveEntity(practice, body.entityKey);
      const lines = template.serviceIDs.map((serviceID, i) =>
        pricedLine(practice, { serviceID }, `template service ${i}`),
      );
      return created(
        newDraft(
          practice,
          now,
          entity.entityKey,
          body.name ?? `${template.name} — ${entity.fullEntityName}`,
          body.userKey,
          lines,
        ),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/proposals',
    operationId: 'createAdhocProposal',
    tag: 'Proposals',
    access: 'write',
    summary: 'Adhoc proposal with services, optional jobs and billings',
    body: adhocProposalSchema,
    response: { status: 201, schema: proposalCreatedSchema },
    errors: [400, 403, 404],
    handler: ({ practice, body, now }) => {
      findUser(practice, body.userKey);
      const entity = findActiveEntity(practice, body.entityKey);
      const lines = body.services.map((s, i) => pricedLine(practice, s, `services[${i}]`));
      const proposal = newDraft(practice, now, entity.entityKey, body.name, body.userKey, lines);
      let id = 1;
      proposal.pricing.jobs = [
        ...(body.pmJobs ?? []).map((j) => ({
          jobID: id++,
          name: j.name,
          system: 'pm' as const,
          templateID: j.templateID,
          dueOn: j.dueOn ?? null,
        })),
        ...(body.dmsJobs ?? []).map((j) => ({
          jobID: id++,
          name: j.name,
          system: 'dms' as const,
          templateID: j.templateID,
          dueOn: j.dueOn ?? null,
        })),
      ];
      for (const billing of body.billings ?? []) {
        const item = {
          billingID: id++,
          description: billing.description,
          amount: billing.amount,
          billOn: billing.billOn,
          kind: billing.kind,
          frequency: billing.frequency ?? null,
        };
        (billing.kind === 'invoice' ? proposal.pricing.invoices : proposal.pricing.recurringBillings).push(item);
      }
      proposal.pricing.createBills = proposal.pricing.invoices.length + proposal.pricing.recurringBillings.length > 0;
      recalculate(proposal);
      return created(proposal);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/proposals/:key/services',
    operationId: 'replaceProposalServices',
    tag: 'Proposals',
    access: 'write',
    summary: 'Replace the service lines',
    params: keyParams,
    body: servicesPutSchema,
    response: { status: 200, schema: proposalUpdateResultSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const proposal = findProposal(practice, params.key);
      findUser(practice, body.userKey);
      proposal.pricing.services = body.services.map((s, i) => pricedLine(practice, s, `services[${i}]`));
      recalculate(proposal);
      touch(proposal, now);
      return updateResult(proposal);
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/proposals/:key/services',
    operationId: 'editProposalServices',
    tag: 'Proposals',
    access: 'write',
    summary: 'Add, change or remove service lines (matched by serviceID)',
    params: keyParams,
    body: servicesPatchSchema,
    response: { status: 200, schema: proposalUpdateResultSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const proposal = findProposal(practice, params.key);
      findUser(practice, body.userKey);
      for (const [i, edit] of body.services.entries()) {
        const index = proposal.pricing.services.findIndex((line) => line.serviceID === edit.serviceID);
        if (edit.remove) {
          if (index < 0) throw notFound(`services[${i}]: service ${edit.serviceID} is not on this proposal.`);
          proposal.pricing.services.splice(index, 1);
          continue;
        }
        const current = index >= 0 ? proposal.pricing.services[index] : undefined;
        const line = pricedLine(
          practice,
          {
            serviceID: edit.serviceID,
            quantity: edit.quantity ?? current?.quantity,
            price: edit.price ?? current?.price,
          },
          `services[${i}]`,
        );
        if (index >= 0) proposal.pricing.services[index] = line;
        else proposal.pricing.services.push(line);
      }
      recalculate(proposal);
      touch(proposal, now);
      return updateResult(proposal);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/proposals/:key/external-projects',
    operationId: 'replaceProposalExternalProjects',
    tag: 'Proposals',
    access: 'write',
    summary: 'Replace the external projects created on acceptance (id matches an existing project; remove drops it)',
    params: keyParams,
    body: externalProjectsPutSchema,
    response: { status: 200, schema: proposalUpdateResultSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const proposal = findProposal(practice, params.key);
      findUser(practice, body.userKey);
      const [issue] = externalProjectIssues(body.externalProjects);
      if (issue) throw badRequest(`Project ${issue.id}: ${issue.message}`);
      proposal.externalProjects = applyExternalProjects(proposal.externalProjects, body.externalProjects);
      touch(proposal, now);
      return updateResult(proposal);
    },
  }),
];
