/** The longest request target the hub reads; its own paths and queries are a few hundred characters at most. */
export const MAX_TARGET_LENGTH = 4096;

/**
 * Characters a hub path may hold as they are: RFC 3986 `pchar` without percent-encoding, and `/`. Every route
 * the hub serves is made of words, numbers and keys, so none of them needs an encoded octet.
 */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;

/**
 * Why this request target is refused before any route sees it, or null when it is a path in its one
 * spelling. The router matches the decoded path while anything that compares the raw text sees another
 * string, so a path that does not normalise to itself (RFC 3986 §6.2.2: percent-encoded octets, dot
 * segments; and what a router may fold: empty segments, backslashes) is never served under a second
 * spelling. A percent-encoded octet is refused whatever it encodes: no hub path needs one, so there is no
 * list of "harmless" encodings to get wrong. The query is the route's to validate.
 */
export function pathRefusal(target: string | undefined): string | null {
  if (!target) return 'The request has no target.';
  if (target.length > MAX_TARGET_LENGTH) return `The request target is longer than ${MAX_TARGET_LENGTH} characters.`;
  // Origin form only: not `*`, not an absolute URL (a proxy's form), not an authority.
  if (!target.startsWith('/')) return 'The request target must be a path that starts with "/".';
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (path.includes('#')) return 'The request target carries a fragment.';
  if (path.includes('%')) return 'The path is percent-encoded; the hub serves each path in one spelling only.';
  if (!PATH_CHARACTERS.test(path)) return 'The path holds characters no hub path has.';
  if (path === '/') return null;
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return 'The path has an empty segment ("//" or a trailing "/").';
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'The path has a dot segment ("." or "..").';
  return null;
}
