import { matchDetailRoute } from '../../src-preload/contract/routes';

/** Where the user was before the current location: the previous location's key, path and highlighted section. */
export interface NavTrail {
  key: string;
  pathname: string;
  section: string;
}

const isDocument = (pathname: string): boolean => matchDetailRoute('document', pathname) !== null;
const topSection = (pathname: string): string => pathname.split('/')[1] ?? '';

/**
 * The navigation entry to highlight. A screen's own pages highlight it (a client → Clients). A document
 * belongs to where it was opened from: a client's bill opened from its Billing tab keeps Clients lit, one
 * opened from the Documents list keeps Documents. That origin comes from the link's state (`from`, a path),
 * else from the previous location, and stays with the history entry (`trail` once it is this location).
 * Opened with no history (a reload, a deep link), a document highlights Documents.
 */
export function navSection(
  location: { key: string; pathname: string; state?: unknown },
  trail: NavTrail | null,
): string {
  const own = topSection(location.pathname);
  if (!isDocument(location.pathname)) return own;
  const from = (location.state as { from?: unknown } | null | undefined)?.from;
  if (typeof from === 'string' && from.startsWith('/')) return topSection(from);
  // The previous location, or this one once recorded (the same entry rendering again).
  return trail ? trail.section : own;
}
