import type { DocumentKind } from './documents';
import type { ScreenPath } from './screens';

/**
 * The window's detail pages beside its screens (`screens.ts`): the pattern the router matches and the one
 * function that builds each address, so a link, a deep link, a notification and client-facing mode's
 * guard all name a page the same way.
 */
export const detailRoutePatterns = {
  client: 'clients/:entityKey',
  onboarding: 'onboardings/:onboardingKey',
  lead: 'leads/:leadKey',
  document: 'documents/:kind/:id',
} as const;

export type DetailPage = keyof typeof detailRoutePatterns;

export const routes = {
  screen: (path: ScreenPath): string => `/${path}`,
  client: (entityKey: string): string => `/clients/${entityKey}`,
  onboarding: (onboardingKey: string): string => `/onboardings/${onboardingKey}`,
  lead: (leadKey: string): string => `/leads/${leadKey}`,
  /** A document opens on its own page, which works offline from the cache; `entity` names its client. */
  document: (kind: DocumentKind, id: string | number, entityKey: string): string =>
    `/documents/${kind}/${id}?entity=${entityKey}`,
} as const;
