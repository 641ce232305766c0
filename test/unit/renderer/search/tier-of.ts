import type { StoredEntity } from '../../../../src-renderer/data/practice-db';
import type { ClientMatches, ClientSearchIndex, MatchTier } from '../../../../src-renderer/search/word-index';

/** How well a query's matches have a client, looked up by the client's number in the index that matched. */
export function tierOf(index: ClientSearchIndex, matches: ClientMatches, client: StoredEntity): MatchTier | undefined {
  return matches.tierAt(index.ordinalsOf([client])[0]!);
}
