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

/** The names a pattern gives its parts: 'documents/:kind/:id' → 'kind' | 'id'. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

export type DetailParams<Page extends DetailPage> = Record<ParamNames<(typeof detailRoutePatterns)[Page]>, string>;

/** A pattern as the expression the router's matching amounts to: each `:name` is one non-empty path segment. */
function patternMatcher(pattern: string): { names: string[]; expression: RegExp } {
  const names: string[] = [];
  const segments = pattern.split('/').map((segment) => {
    if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(segment.slice(1));
    return '([^/]+)';
  });
  return { names, expression: new RegExp(`^/${segments.join('/')}$`) };
}

const detailMatchers = Object.fromEntries(
  Object.entries(detailRoutePatterns).map(([page, pattern]) => [page, patternMatcher(pattern)]),
) as Record<DetailPage, ReturnType<typeof patternMatcher>>;

/**
 * The parts of a detail page's path ("/documents/bill/12" → { kind: 'bill', id: '12' }), or null when the
 * path is not that page. Read from the same patterns the router mounts, so a guard or a menu command that
 * asks "is this a client's page?" cannot disagree with what the window shows. The parts are as in the
 * path (not decoded), the form `routes` writes them in.
 */
export function matchDetailRoute<Page extends DetailPage>(page: Page, pathname: string): DetailParams<Page> | null {
  const { names, expression } = detailMatchers[page];
  const found = expression.exec(pathname);
  if (!found) return null;
  return Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? ''])) as DetailParams<Page>;
}
