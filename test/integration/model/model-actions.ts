import type { Entity, Lead, Onboarding, OnboardingDocumentsEntity } from '../../../src-preload/contract/partner-api';
import { operationNames, operations, type OperationName } from '../../../src-preload/contract/outbox/operations';
import { type StoredPayload } from '../../../src-preload/contract/outbox/payload-check';
import type { EformRecord } from '../../../src-main/demo-practice/state/practice-state';
import { enqueue } from '../../../src-renderer/outbox/outbox-db';
import { appliedCountOf, FIELD_ID } from './model-applied';
import type { ModelWorld } from './model-world';

/** What one model run works on, picked by its seed (model-scope.ts). */
export interface RunScope {
  n: number;
  clients: Entity[];
  lead: Lead;
  onboarding: Onboarding;
  entityOnboarding: OnboardingDocumentsEntity;
  draft: EformRecord;
  proposals: { proposalKey: string; name: string }[];
}

/** Every outbox operation the app has: the campaign queues each of them. */
export const actionKinds = operationNames;
export type ActionKind = OperationName;

/** One thing the user did, as queued: the server is searched for its marker to count how often it arrived. */
export interface QueuedAction {
  id: string;
  kind: ActionKind;
  payload: StoredPayload;
  marker: string;
  /**
   * The record the action changes. Idempotent edits: only the last of a record is visible at the practice.
   * Others: one action per record per run, so what the practice counts beyond `baseline` is this action's.
   */
  target: string | null;
  /** How many matching records the practice had when the action was queued (none of this run's yet). */
  baseline: number;
  dependsOn: string | null;
}

export const idempotencyOf = (kind: ActionKind) => operations[kind].idempotency;

/** Actions the user can take at most once per record in a run (the practice refuses or counts a second). */
const oncePerTarget = new Set<ActionKind>([
  'onboarding.complete',
  'onboarding.removeDocument',
  'eform.sendDraft',
  'identity.runAmlCheck',
  'lead.convert',
  'proposal.duplicate',
  'proposal.renew',
]);

let serial = 0;
/** Markers are numbered from zero in every run, so a replay queues the very same payloads. */
export const resetMarkers = () => void (serial = 0);

interface Built {
  payload: StoredPayload;
  target?: string;
  dependsOn?: QueuedAction;
}

/** The payload a screen would queue for `kind`, or null when the user cannot take that action now. */
function build(
  world: ModelWorld,
  scope: RunScope,
  done: readonly QueuedAction[],
  kind: ActionKind,
  pick: number,
  marker: string,
): Built | null {
  const { user, revenue, template, services } = world.catalog;
  const client = scope.clients[pick % scope.clients.length]!;
  const key = scope.onboarding.onboardingKey;
  const proposal = scope.proposals[pick % scope.proposals.length]!;
  const runLead = () => {
    const leads = done.filter((a) => a.kind === 'lead.create');
    return leads.length > 0 && pick % 2 === 0 ? leads[pick % leads.length]! : undefined;
  };
  switch (kind) {
    case 'contact.create':
      return {
        payload: {
          params: { entityKey: client.entityKey },
          body: { contactName: 'Model', contactSurname: marker, email: `${marker}@example.com` },
        },
      };
    case 'contact.update': {
      const contacts = [...world.state.contacts.values()].filter(
        (c) => c.entityKey === client.entityKey && !c.isDeleted && c.entityContactID > 0,
      );
      const contact = contacts[pick % contacts.length]!;
      return {
        target: `contact:${contact.entityContactID}`,
        payload: {
          params: { entityKey: client.entityKey, entityContactID: contact.entityContactID },
          body: { position: marker },
        },
      };
    }
    case 'eform.create':
      return {
        payload: {
          params: {},
          body: {
            templateId: template,
            entityKey: client.entityKey,
            recipientName: 'Client',
            recipientEmail: `${marker}@example.com`,
            emailSubject: 'Please fill in',
            emailContent: 'Here is the form: [Link]',
            sendNow: true,
          },
        },
      };
    case 'eform.sendDraft':
      return { target: `draft:${scope.draft.formKey}`, payload: { params: { formKey: scope.draft.formKey } } };
    case 'identity.sendVerification':
      return {
        payload: {
          params: {},
          body: { entityKey: client.entityKey, recipientName: marker, recipientEmail: `${marker}@example.com` },
        },
      };
    case 'identity.runAmlCheck':
      return {
        target: `aml:${client.entityKey}`,
        payload: { params: {}, body: { entityKey: client.entityKey, kind: 'standard', userKey: user } },
      };
    case 'bill.createAdhoc':
      return {
        payload: {
          params: {},
          body: {
            entityKey: client.entityKey,
            dueDate: '2099-01-31',
            reference: marker,
            sendBill: false,
            syncNow: false,
            lines: [
              {
                description: 'Advice',
                quantity: 1 + (pick % 3),
                unitPrice: 150,
                extAccountID: revenue.extAccountID,
                extTaxID: 'OUTPUT',
              },
            ],
          },
        },
      };
    case 'lead.create':
      return { payload: { params: {}, body: { name: marker, surname: 'Lead', email: `${marker}@example.com` } } };
    case 'lead.addNote': {
      // A note on a lead created in this run waits for it (as one added offline does); else on an existing lead.
      const lead = runLead();
      return {
        ...(lead ? { dependsOn: lead } : {}),
        payload: {
          params: { leadKey: lead ? { outboxRef: lead.id, field: 'leadKey' } : scope.lead.leadKey },
          body: { text: `Note ${marker}` },
        },
      };
    }
    case 'lead.convert': {
      const lead = runLead();
      return {
        target: `convert:${lead ? lead.id : scope.lead.leadKey}`,
        ...(lead ? { dependsOn: lead } : {}),
        payload: {
          params: { leadKey: lead ? { outboxRef: lead.id, field: 'leadKey' } : scope.lead.leadKey },
          body: { userKey: user },
        },
      };
    }
    case 'onboarding.editRecipients':
      return {
        payload: {
          params: { key },
          body: { userKey: user, recipients: [{ name: marker, surname: 'Recipient', email: `${marker}@example.com` }] },
        },
      };
    case 'onboarding.setCustomFields':
      return {
        target: `fields:${key}`,
        payload: {
          params: { key, clientId: scope.entityOnboarding.entityOnboardingId },
          body: { userKey: user, fields: [{ customFieldID: FIELD_ID, value: marker }] },
        },
      };
    case 'onboarding.complete':
      return {
        target: `complete:${key}`,
        payload: {
          params: { key },
          body: { userKey: user, approverUserKey: user, paused: false, engagementKey: scope.onboarding.engagementKey },
        },
      };
    case 'onboarding.removeDocument': {
      // Not once the user has asked to complete the onboarding: the screen offers removal only while it is open.
      if (done.some((a) => a.kind === 'onboarding.complete')) return null;
      // The practice's live list: earlier removals in the run may have emptied it.
      const documents = scope.entityOnboarding.documents;
      const document = documents[pick % documents.length];
      if (!document) return null;
      return {
        target: `document:${document.documentId}`,
        payload: {
          params: { key, documentId: document.documentId },
          query: { userKey: user, entityOnboardingId: scope.entityOnboarding.entityOnboardingId },
        },
      };
    }
    case 'proposal.duplicate':
      return {
        target: `duplicate:${proposal.proposalKey}`,
        payload: { params: { key: proposal.proposalKey }, body: { userKey: user } },
      };
    case 'proposal.renew':
      return {
        target: `renew:${proposal.proposalKey}`,
        payload: { params: { key: proposal.proposalKey }, body: { userKey: user } },
      };
    case 'proposal.createFromTemplate': {
      const templates = world.state.proposalTemplates;
      return {
        payload: {
          params: {},
          body: {
            userKey: user,
            templateID: templates[pick % templates.length]!.templateID,
            entityKey: client.entityKey,
            name: marker,
          },
        },
      };
    }
    case 'proposal.create':
      return {
        payload: {
          params: {},
          body: {
            userKey: user,
            entityKey: client.entityKey,
            name: marker,
            services: [{ serviceID: services[pick % services.length]!, quantity: 1 + (pick % 3) }],
            billings: [{ description: 'Fee', amount: 100, billOn: '2099-01-31', kind: 'invoice', frequency: null }],
          },
        },
      };
    case 'proposal.replaceServices':
      return {
        target: `services:${proposal.proposalKey}`,
        payload: {
          params: { key: proposal.proposalKey },
          body: { userKey: user, services: [{ serviceID: services[pick % services.length]!, quantity: serial }] },
        },
      };
    case 'proposal.editServices': {
      // As the screen: from the lines as read, and not while an earlier services change of it is in the run
      // (the screen waits for it to reach the practice; a base read before it landed would rightly conflict).
      const target = `services:${proposal.proposalKey}`;
      if (done.some((a) => a.target === target)) return null;
      const lines = world.state.proposals.get(proposal.proposalKey)?.pricing.services ?? [];
      const serviceID = services[pick % services.length]!;
      const line = lines.find((l) => l.serviceID === serviceID);
      return {
        target,
        payload: {
          params: { key: proposal.proposalKey },
          body: { userKey: user, services: [{ serviceID, quantity: serial }] },
          base: [{ serviceID, was: line ? { quantity: line.quantity, price: line.price } : null }],
        },
      };
    }
    case 'proposal.replaceExternalProjects':
      return {
        target: `projects:${proposal.proposalKey}`,
        payload: {
          params: { key: proposal.proposalKey },
          body: { userKey: user, externalProjects: [externalProject(marker)] },
        },
      };
  }
}

const externalProject = (marker: string) => ({
  id: 900_001,
  remove: false,
  name: marker,
  budget: 1000,
  budgetUnits: 'Hours',
  normalBillingRate: 150,
  hoursPerDay: 7.5,
  billingPeriod: 'Monthly',
  currency: 'AUD',
  isIr35: false,
  includeUnbilledTimeInProfitability: false,
  startsOn: '2027-01-01T00:00:00Z',
  endsOn: '2027-12-31T00:00:00Z',
});

/**
 * Queues one user action the way the screens do (validated, with its local effect), and remembers it.
 * null: the user cannot take it now (a once-per-record action already taken on that record).
 */
export async function queueAction(
  world: ModelWorld,
  scope: RunScope,
  done: readonly QueuedAction[],
  kind: ActionKind,
  pick: number,
): Promise<QueuedAction | null> {
  const marker = `m${scope.n}x${++serial}`;
  const built = build(world, scope, done, kind, pick, marker);
  if (!built) return null;
  const target = built.target ?? null;
  if (target && oncePerTarget.has(kind) && done.some((a) => a.target === target)) return null;
  const id = crypto.randomUUID();
  const action: QueuedAction = {
    id,
    kind,
    payload: built.payload,
    marker,
    target,
    baseline: 0,
    dependsOn: built.dependsOn?.id ?? null,
  };
  action.baseline = appliedCountOf(world, action, [action], 0) ?? 0;
  await enqueue(
    world.db,
    {
      id,
      operation: kind,
      payload: structuredClone(built.payload),
      summary: `${kind} ${marker}`,
      entityKey: scope.clients[pick % scope.clients.length]!.entityKey,
      dependsOn: action.dependsOn ? [action.dependsOn] : [],
    },
    world.now(),
  );
  return action;
}

/**
 * How many times the practice applied the action, read from its state (not from what the client
 * believes). null: not observable (an idempotent edit overwritten by a later one of the same record).
 */
export function appliedCount(world: ModelWorld, action: QueuedAction, all: readonly QueuedAction[]): number | null {
  return appliedCountOf(world, action, all, action.baseline);
}
