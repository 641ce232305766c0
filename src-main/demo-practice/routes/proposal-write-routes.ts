import {
  adhocProposalSchema,
  applyExternalProjects,
  duplicateSchema,
  externalProjectIssues,
  externalProjectsPutSchema,
  fromTemplateSchema,
  proposalCreatedSchema,
  proposalUpdateResultSchema,
  renewSchema,
  servicesPatchSchema,
  servicesPutSchema,
} from '../../../src-preload/contract/partner-api';
import { badRequest, notFound } from '../http/api-problem';
import { defineRoute } from '../http/route-spec';
import { findActiveEntity, findEntity, findUser, keyParams, touch } from './route-helpers';
import {
  copyAsDraft,
  created,
  findProposal,
  newDraft,
  pricedLine,
  recalculate,
  renewalTerm,
  updateResult,
} from './proposal-drafts';

/** Proposal writes: duplicate, renew, from a template, adhoc, services and external projects. */
export const proposalWriteRoutes = [
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
      const copy = copyAsDraft(practice, source, now, {
        createdByKey: body.userKey,
        renewedFromKey: source.proposalKey,
        ...renewalTerm(source, now),
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
