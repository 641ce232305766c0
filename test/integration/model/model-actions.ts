import type { Entity, Lead, Onboarding } from '../../../src-preload/contract/partner-api';
import { operations, type OperationName, type StoredPayload } from '../../../src-preload/contract/outbox/operations';
import { enqueue } from '../../../src-renderer/outbox/outbox-db';
import type { ModelWorld } from './model-world';

/** What one model run works on: its own clients, an existing lead and an onboarding it may complete. */
export interface RunScope {
  n: number;
  clients: Entity[];
  lead: Lead;
  onboarding: Onboarding;
}

export const actionKinds = [
  'contact.create',
  'contact.update',
  'eform.create',
  'bill.createAdhoc',
  'lead.create',
  'lead.addNote',
  'onboarding.setCustomFields',
  'onboarding.complete',
] as const;
export type ActionKind = (typeof actionKinds)[number];

/** One thing the user did, as queued: the server is searched for its marker to count how often it arrived. */
export interface QueuedAction {
  id: string;
  kind: ActionKind;
  payload: StoredPayload;
  marker: string;
  /** The record an idempotent edit changes (only the last edit of a record is visible at the practice). */
  target: string | null;
  dependsOn: string | null;
}

export const idempotencyOf = (kind: ActionKind) => operations[kind].idempotency;

/** The custom field every run edits; its value is the edit's marker. */
const FIELD_ID = 2;

const entityOnboardingIdOf = (world: ModelWorld, scope: RunScope): number | null =>
  world.state.onboardingDocuments.get(scope.onboarding.onboardingKey)?.[0]?.entityOnboardingId ?? null;

/** Whether the user can take this action now (a run completes its onboarding once; custom fields need an onboarding client). */
export function canQueue(world: ModelWorld, scope: RunScope, done: readonly QueuedAction[], kind: ActionKind): boolean {
  if (kind === 'onboarding.complete') return !done.some((a) => a.kind === kind);
  if (kind === 'onboarding.setCustomFields') return entityOnboardingIdOf(world, scope) !== null;
  return true;
}

let serial = 0;

/** Queues one user action the way the screens do (validated, with its local effect), and remembers it. */
export async function queueAction(
  world: ModelWorld,
  scope: RunScope,
  done: readonly QueuedAction[],
  kind: ActionKind,
  pick: number,
): Promise<QueuedAction> {
  const marker = `m${scope.n}x${++serial}`;
  const client = scope.clients[pick % scope.clients.length]!;
  const id = crypto.randomUUID();
  let payload: StoredPayload;
  let target: string | null = null;
  let dependsOn: string | null = null;
  switch (kind) {
    case 'contact.create':
      payload = {
        params: { entityKey: client.entityKey },
        body: { contactName: 'Model', contactSurname: marker, email: `${marker}@example.com` },
      };
      break;
    case 'contact.update': {
      const contacts = [...world.state.contacts.values()].filter(
        (c) => c.entityKey === client.entityKey && !c.isDeleted,
      );
      const contact = contacts[pick % contacts.length]!;
      target = `contact:${contact.entityContactID}`;
      payload = {
        params: { entityKey: client.entityKey, entityContactID: contact.entityContactID },
        body: { position: marker },
      };
      break;
    }
    case 'eform.create':
      payload = {
        params: {},
        body: {
          templateId: world.template,
          entityKey: client.entityKey,
          recipientName: 'Client',
          recipientEmail: `${marker}@example.com`,
          emailSubject: 'Please fill in',
          emailContent: 'Here is the form: [Link]',
          sendNow: true,
        },
      };
      break;
    case 'bill.createAdhoc':
      payload = {
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
              extAccountID: world.revenue.extAccountID,
              extTaxID: 'OUTPUT',
            },
          ],
        },
      };
      break;
    case 'lead.create':
      payload = { params: {}, body: { name: marker, surname: 'Lead', email: `${marker}@example.com` } };
      break;
    case 'lead.addNote': {
      // A note on a lead created in this run waits for it (as one added offline does); else on an existing lead.
      const leads = done.filter((a) => a.kind === 'lead.create');
      const lead = leads.length > 0 && pick % 2 === 0 ? leads[pick % leads.length]! : null;
      dependsOn = lead?.id ?? null;
      payload = {
        params: { leadKey: lead ? { outboxRef: lead.id, field: 'leadKey' } : scope.lead.leadKey },
        body: { text: `Note ${marker}` },
      };
      break;
    }
    case 'onboarding.setCustomFields':
      target = `fields:${scope.onboarding.onboardingKey}`;
      payload = {
        params: { key: scope.onboarding.onboardingKey, clientId: entityOnboardingIdOf(world, scope)! },
        body: { userKey: world.user, fields: [{ customFieldID: FIELD_ID, value: marker }] },
      };
      break;
    case 'onboarding.complete':
      target = `complete:${scope.onboarding.onboardingKey}`;
      payload = {
        params: { key: scope.onboarding.onboardingKey },
        body: {
          userKey: world.user,
          approverUserKey: world.user,
          paused: false,
          engagementKey: scope.onboarding.engagementKey,
        },
      };
      break;
  }
  await enqueue(
    world.db,
    {
      id,
      operation: kind as OperationName,
      payload: structuredClone(payload),
      summary: `${kind} ${marker}`,
      entityKey: client.entityKey,
      dependsOn: dependsOn ? [dependsOn] : [],
    },
    world.now(),
  );
  return { id, kind, payload, marker, target, dependsOn };
}

/**
 * How many times the practice applied the action, read from its state (not from what the client
 * believes). null: not observable (an idempotent edit overwritten by a later one of the same record).
 */
export function appliedCount(world: ModelWorld, action: QueuedAction, all: readonly QueuedAction[]): number | null {
  const s = world.state;
  const { marker } = action;
  const last = action.target === null || all.filter((a) => a.target === action.target).at(-1)?.id === action.id;
  switch (action.kind) {
    case 'contact.create':
      return [...s.contacts.values()].filter((c) => c.contactSurname === marker && !c.isDeleted).length;
    case 'contact.update': {
      if (!last) return null;
      const id = Number(action.payload.params['entityContactID']);
      return s.contacts.get(id)?.position === marker ? 1 : 0;
    }
    case 'eform.create':
      return [...s.eforms.values()].filter((f) => f.recipientEmail === `${marker}@example.com`).length;
    case 'bill.createAdhoc':
      return [...s.bills.values()].filter((b) => b.reference === marker).length;
    case 'lead.create':
      return [...s.leads.values()].filter((l) => l.name === marker).length;
    case 'lead.addNote':
      return [...s.leadNotes.values()].flat().filter((n) => n.text === `Note ${marker}`).length;
    case 'onboarding.setCustomFields': {
      if (!last) return null;
      const key = `${String(action.payload.params['key'])}/${String(action.payload.params['clientId'])}`;
      return s.customFields.get(key)?.get(FIELD_ID) === marker ? 1 : 0;
    }
    case 'onboarding.complete':
      return s.onboardings.get(String(action.payload.params['key']))?.completedOn ? 1 : 0;
  }
}
