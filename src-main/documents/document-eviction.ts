import type { DocumentMeta } from '../../src-preload/contract/documents';
import { refKey } from './document-names';

/** When a document was last used: opened, or else downloaded. */
const lastUsed = (d: DocumentMeta): number => Date.parse(d.lastOpenedAt ?? d.fetchedAt);

/**
 * Which documents to delete so the folder fits `capBytes`: least recently used first, never one pinned
 * by a meeting pack, never the one named by `keep` (the document just stored, so it can be shown even
 * when it alone is bigger than the cap; it is evictable on the next pass).
 *
 * Pinned documents may add up to more than the cap: a meeting pack a person prepared must stay
 * available offline, so the cap then simply cannot be met and eviction stops when nothing evictable
 * is left.
 */
export function chooseEvictions(documents: readonly DocumentMeta[], capBytes: number, keep?: string): DocumentMeta[] {
  let used = documents.reduce((sum, d) => sum + d.size, 0);
  const candidates = documents
    .filter((d) => d.pinnedBy.length === 0 && refKey(d.ref) !== keep)
    .sort((a, b) => lastUsed(a) - lastUsed(b) || refKey(a.ref).localeCompare(refKey(b.ref)));
  const evicted: DocumentMeta[] = [];
  for (const candidate of candidates) {
    if (used <= capBytes) break;
    evicted.push(candidate);
    used -= candidate.size;
  }
  return evicted;
}
