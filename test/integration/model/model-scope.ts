import type { PracticeState } from '../../../src-main/demo-practice/state/practice-state';
import type { RunScope } from './model-actions';

/** What runs may act on, read once from the practice as the first sync left it (every run starts from there). */
export function worldCatalog(state: PracticeState) {
  const clients = [...state.entities.values()].filter(
    (e) =>
      !e.entityTerminated &&
      e.entityEmail &&
      [...state.contacts.values()].some((c) => c.entityKey === e.entityKey && !c.isDeleted),
  );
  // Open onboardings with a client to set custom fields on and documents to remove.
  const onboardings = [...state.onboardings.values()].filter(
    (o) => !o.completedOn && (state.onboardingDocuments.get(o.onboardingKey)?.[0]?.documents.length ?? 0) > 0,
  );
  const leads = [...state.leads.values()].filter((l) => !l.convertedEntityKey && l.statusName !== 'Converted');
  const drafts = [...state.eforms.values()].filter((f) => f.status === 'draft' && f.stackPosition === 1);
  const proposals = [...state.proposals.values()].filter((p) => p.statusName !== 'Renewed');
  return {
    clients,
    onboardings,
    leads,
    drafts,
    proposals,
    user: [...state.users.values()][0]!.userKey,
    revenue: state.ledger.accounts.find((a) => a.type === 'REVENUE')!,
    template: state.eformTemplates[0]!.templateId,
    services: state.services.filter((s) => s.price !== null).map((s) => s.serviceID),
  };
}
export type WorldCatalog = ReturnType<typeof worldCatalog>;

/** The records a run acts on follow from its seed alone, so its replay acts on the same ones. */
export function scopeOf(catalog: WorldCatalog, state: PracticeState, seed: number): RunScope {
  const at = <T>(list: readonly T[], i: number) => list[(seed + i) % list.length]!;
  const onboarding = at(catalog.onboardings, 0);
  return {
    n: seed,
    clients: [0, 7, 19].map((i) => at(catalog.clients, i)),
    lead: at(catalog.leads, 0),
    onboarding,
    entityOnboarding: state.onboardingDocuments.get(onboarding.onboardingKey)![0]!,
    draft: at(catalog.drafts, 0),
    proposals: [0, 5, 11].map((i) => at(catalog.proposals, i)),
  };
}
