import { z } from 'zod';
import { date, dateTime, money, uuid } from './common';

/** Proposal service (catalog entry of `GET /api/v1/proposals/services`). */
export const proposalServiceSchema = z.object({
  serviceID: z.number().int(),
  parentServiceID: z.number().int().nullable().optional(),
  name: z.string(),
  detail: z.string(),
  price: money,
  rangeMin: money.nullable(),
  rangeMax: money.nullable(),
  taxAmount: money,
  serviceType: z.string(),
  frequency: z.string(),
  pricingType: z.string(),
});
export type ProposalService = z.infer<typeof proposalServiceSchema>;

/** Named in the contract: Draft, Accepted, Renewed. The others are the demo's choice. */
export const proposalStatuses = ['Draft', 'Sent', 'Accepted', 'Declined', 'Renewed', 'Expired'] as const;

export const pricingServiceLineSchema = z.object({
  serviceID: z.number().int(),
  serviceName: z.string(),
  price: money,
  quantity: z.number(),
  taxAmount: money,
  lineTotal: money,
});

export const proposalBillingSchema = z.object({
  billingID: z.number().int(),
  description: z.string(),
  amount: money,
  billOn: date,
  /** One-off invoice or a recurring billing created on acceptance. */
  kind: z.enum(['invoice', 'recurring']),
  frequency: z.string().nullable(),
});
export const proposalJobSchema = z.object({
  jobID: z.number().int(),
  name: z.string(),
  system: z.enum(['pm', 'dms']),
  templateID: z.number().int().nullable(),
  dueOn: date.nullable(),
});

/** `GET /api/v1/proposals/{key}/pricing`: services, invoices, recurring billings, jobs. */
export const proposalPricingSchema = z.object({
  engagementKey: uuid,
  name: z.string(),
  statusName: z.string(),
  createBills: z.boolean(),
  servicesTotal: money,
  invoicesTotal: money,
  services: z.array(pricingServiceLineSchema),
  invoices: z.array(proposalBillingSchema),
  recurringBillings: z.array(proposalBillingSchema),
  jobs: z.array(proposalJobSchema),
});
export type ProposalPricing = z.infer<typeof proposalPricingSchema>;

/** Element of `GET /api/v1/proposals/list?entityKey=`. */
export const proposalSummarySchema = z.object({
  proposalKey: uuid,
  engagementKey: uuid,
  entityKey: uuid,
  name: z.string(),
  statusName: z.enum(proposalStatuses),
  servicesTotal: money,
  createdOn: dateTime,
  sentOn: dateTime.nullable(),
  acceptedOn: dateTime.nullable(),
  startsOn: date.nullable(),
  endsOn: date.nullable(),
  renewedFromKey: uuid.nullable(),
  updatedOn: dateTime,
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const externalProjectSchema = z.object({
  id: z.number().int(),
  remove: z.boolean(),
  name: z.string(),
  budget: money,
  budgetUnits: z.string(),
  normalBillingRate: money,
  hoursPerDay: z.number(),
  billingPeriod: z.string(),
  currency: z.string(),
  isIr35: z.boolean(),
  includeUnbilledTimeInProfitability: z.boolean(),
  startsOn: dateTime,
  endsOn: dateTime,
});
export type ExternalProject = z.infer<typeof externalProjectSchema>;

/** `GET /api/v1/proposals/{key}`: the full proposal. */
export const proposalDetailSchema = proposalSummarySchema.extend({
  signatoryName: z.string().nullable(),
  signatoryEmail: z.string().nullable(),
  createdByKey: uuid,
  pricing: proposalPricingSchema,
  externalProjects: z.array(externalProjectSchema.omit({ remove: true })),
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

/** Response of `PUT /api/v1/proposals/{key}/external-projects` (contract) and of the services edits (demo). */
export const proposalUpdateResultSchema = z.object({
  engagementKey: uuid,
  statusName: z.string(),
  billingNeedsReview: z.boolean(),
  pricing: z.object({
    engagementKey: uuid,
    name: z.string(),
    statusName: z.string(),
    createBills: z.boolean(),
    servicesTotal: money,
    invoicesTotal: money,
    services: z.array(pricingServiceLineSchema),
  }),
  /** null in the contract's sample; its type is not shown. */
  section: z.unknown(),
});
export type ProposalUpdateResult = z.infer<typeof proposalUpdateResultSchema>;

export const externalProjectsPutSchema = z.object({
  userKey: uuid,
  externalProjects: z.array(externalProjectSchema).max(100),
});
export type ExternalProjectsPut = z.infer<typeof externalProjectsPutSchema>;

const serviceLineInputSchema = z.object({
  serviceID: z.number().int(),
  quantity: z.number().positive().max(100_000).optional(),
  price: money.optional(),
});
/** `PUT /api/v1/proposals/{key}/services`: replace the whole list. */
export const servicesPutSchema = z.object({ userKey: uuid, services: z.array(serviceLineInputSchema).max(200) });
/** `PATCH /api/v1/proposals/{key}/services`: add, change or remove individual lines. */
export const servicesPatchSchema = z.object({
  userKey: uuid,
  services: z
    .array(serviceLineInputSchema.extend({ remove: z.boolean().optional() }))
    .min(1)
    .max(200),
});
export type ServicesPut = z.infer<typeof servicesPutSchema>;
export type ServicesPatch = z.infer<typeof servicesPatchSchema>;

/** Response of duplicate, renew, from-template and adhoc create. */
export const proposalCreatedSchema = z.object({
  proposalKey: uuid,
  engagementKey: uuid,
  statusName: z.literal('Draft'),
});

/** `GET .../renew-preview`: who may sign the renewal, and what it will copy. */
export const renewPreviewSchema = z.object({
  proposalKey: uuid,
  name: z.string(),
  signatories: z.array(
    z.object({ contactID: z.number().int(), name: z.string(), email: z.string().nullable(), isDefault: z.boolean() }),
  ),
  startsOn: date,
  endsOn: date,
  servicesTotal: money,
});
export const renewSchema = z.object({ userKey: uuid, signatoryContactID: z.number().int().optional() });
export const duplicateSchema = z.object({ userKey: uuid, entityKey: uuid.optional() });
export type RenewBody = z.infer<typeof renewSchema>;

export const proposalTemplateSchema = z.object({
  templateID: z.number().int(),
  name: z.string(),
  serviceIDs: z.array(z.number().int()),
});
export const fromTemplateSchema = z.object({
  userKey: uuid,
  templateID: z.number().int(),
  entityKey: uuid,
  name: z.string().max(200).optional(),
});

export const adhocProposalSchema = z.object({
  userKey: uuid,
  entityKey: uuid,
  name: z.string().trim().min(1).max(200),
  services: z.array(serviceLineInputSchema).min(1).max(200),
  pmJobs: z
    .array(z.object({ templateID: z.number().int(), name: z.string().max(200), dueOn: date.optional() }))
    .max(50)
    .optional(),
  dmsJobs: z
    .array(z.object({ templateID: z.number().int(), name: z.string().max(200), dueOn: date.optional() }))
    .max(50)
    .optional(),
  billings: z
    .array(
      z.object({
        description: z.string().max(200),
        amount: money,
        billOn: date,
        kind: z.enum(['invoice', 'recurring']),
        frequency: z.string().max(40).nullable().optional(),
      }),
    )
    .max(50)
    .optional(),
});
export type AdhocProposal = z.infer<typeof adhocProposalSchema>;

/** pm-job-templates, pm-job-categories, pm-staff, dms-job-templates, dms-job-states. */
export const catalogItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
});

/** The practice's rule for an external-projects PUT beyond its schema: no project ends before it starts. */
export function externalProjectIssues(
  projects: readonly Pick<ExternalProject, 'id' | 'remove' | 'startsOn' | 'endsOn'>[],
): { path: (string | number)[]; id: number; message: string }[] {
  return projects.flatMap((project, i) =>
    !project.remove && Date.parse(project.endsOn) < Date.parse(project.startsOn)
      ? [
          {
            path: ['externalProjects', i, 'endsOn'],
            id: project.id,
            message: 'The project cannot end before it starts.',
          },
        ]
      : [],
  );
}

/** External projects after a PUT, as the practice applies it (the demo server, and the app's copy once sent): a known id is replaced, a new id added, `remove` drops one. */
export function applyExternalProjects(
  current: ProposalDetail['externalProjects'],
  edits: ExternalProjectsPut['externalProjects'],
): ProposalDetail['externalProjects'] {
  const kept = new Map(current.map((p) => [p.id, p]));
  for (const { remove, ...project } of edits) {
    if (remove) kept.delete(project.id);
    else kept.set(project.id, project);
  }
  return [...kept.values()];
}
