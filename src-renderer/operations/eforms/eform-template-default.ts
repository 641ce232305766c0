import type { EformTemplate } from '../../../src-preload/contract/partner-api';

/** A template that collects a new client's details: only right before someone is a client. */
const isNewClientTemplate = (t: EformTemplate): boolean =>
  /\bnew client\b/i.test(t.name) || t.category.trim().toLowerCase() === 'onboarding';

/**
 * The template an eForm form starts on. For an existing client, the first template that is not a new-client
 * onboarding form (a tax questionnaire, an AML declaration…); for someone not yet a client, the first
 * new-client form. Falls back to the first template when no template suits; null when there are none.
 */
export function defaultTemplateId(templates: readonly EformTemplate[], existingClient: boolean): number | null {
  const suited = templates.find((t) => isNewClientTemplate(t) !== existingClient);
  return (suited ?? templates[0])?.templateId ?? null;
}
