import type { QueuedAction } from './model-actions';
import type { ModelWorld } from './model-world';

/** The custom field every run edits; its value is the edit's marker. */
export const FIELD_ID = 2;

const isRef = (value: unknown): value is { outboxRef: string } =>
  typeof value === 'object' && value !== null && 'outboxRef' in value;

/**
 * How many times the practice applied `action`, read from the practice's own state: records carrying
 * the action's marker, or (for writes without one) records of its target beyond the `baseline` counted
 * when it was queued. null: not observable (an idempotent edit a later one of the same record overwrote).
 */
export function appliedCountOf(
  world: ModelWorld,
  action: QueuedAction,
  all: readonly QueuedAction[],
  baseline: number,
): number | null {
  const s = world.state;
  const { marker, payload } = action;
  const params = payload.params;
  const body = (payload.body ?? {}) as Record<string, unknown>;
  const last = action.target === null || all.filter((a) => a.target === action.target).at(-1)?.id === action.id;
  const key = String(params['key']);
  switch (action.kind) {
    case 'contact.create':
      return [...s.contacts.values()].filter((c) => c.contactSurname === marker && !c.isDeleted).length;
    case 'contact.update':
      return last ? Number(s.contacts.get(Number(params['entityContactID']))?.position === marker) : null;
    case 'eform.create':
      return [...s.eforms.values()].filter((f) => f.recipientEmail === `${marker}@example.com`).length;
    case 'eform.sendDraft':
      return Number(s.eforms.get(String(params['formKey']))?.status !== 'draft');
    case 'identity.sendVerification':
      return (s.idVerifications.get(String(body['entityKey'])) ?? []).filter((v) => v.subjectName === marker).length;
    case 'identity.runAmlCheck':
      return s.amlChecks.filter((c) => c.entityKey === body['entityKey']).length - baseline;
    case 'bill.createAdhoc':
      return [...s.bills.values()].filter((b) => b.reference === marker).length;
    case 'lead.create':
      return [...s.leads.values()].filter((l) => l.name === marker).length;
    case 'lead.addNote':
      return [...s.leadNotes.values()].flat().filter((n) => n.text === `Note ${marker}`).length;
    case 'lead.convert': {
      // A converted lead becomes a client named after it.
      const ref = params['leadKey'];
      const created = isRef(ref) ? all.find((a) => a.id === ref.outboxRef) : undefined;
      const lead = created ? null : s.leads.get(String(ref));
      const name = created
        ? `${created.marker} Lead`
        : (lead?.companyName ?? [lead?.name, lead?.surname].filter(Boolean).join(' '));
      if (isRef(ref) && !created) return 0;
      return [...s.entities.values()].filter((e) => e.fullEntityName === name).length - baseline;
    }
    case 'onboarding.editRecipients':
      return (s.onboardings.get(key)?.recipients ?? []).filter((r) => r.name === marker).length;
    case 'onboarding.setCustomFields':
      return last ? Number(s.customFields.get(`${key}/${String(params['clientId'])}`)?.get(FIELD_ID) === marker) : null;
    case 'onboarding.complete':
      return Number(Boolean(s.onboardings.get(key)?.completedOn));
    case 'onboarding.removeDocument': {
      const documentId = Number(params['documentId']);
      const entries = s.onboardingDocuments.get(key) ?? [];
      return Number(!entries.some((e) => e.documents.some((d) => d.documentId === documentId)));
    }
    case 'proposal.duplicate': {
      const source = s.proposals.get(key);
      return [...s.proposals.values()].filter((p) => p.name === `${source?.name} (copy)`).length - baseline;
    }
    case 'proposal.renew':
      return [...s.proposals.values()].filter((p) => p.renewedFromKey === key).length - baseline;
    // A new proposal is named by its marker: the practice holds it exactly once.
    case 'proposal.createFromTemplate':
    case 'proposal.create':
      return [...s.proposals.values()].filter((p) => p.name === marker).length;
    case 'proposal.replaceServices': {
      if (!last) return null;
      const wanted = (body['services'] as { serviceID: number; quantity: number }[]).map(
        (l) => `${l.serviceID}×${l.quantity}`,
      );
      const lines = s.proposals.get(key)?.pricing.services ?? [];
      const got = lines.map((l) => `${l.serviceID}×${(l as { quantity?: number }).quantity}`);
      return Number(JSON.stringify(got) === JSON.stringify(wanted));
    }
    case 'proposal.editServices': {
      if (!last) return null;
      const [edit] = body['services'] as { serviceID: number; quantity: number }[];
      const lines = s.proposals.get(key)?.pricing.services ?? [];
      return lines.filter((l) => l.serviceID === edit?.serviceID && l.quantity === edit.quantity).length;
    }
    case 'proposal.replaceExternalProjects':
      return last ? Number((s.proposals.get(key)?.externalProjects ?? []).some((p) => p.name === marker)) : null;
  }
}
