import type { Region } from '../../src-preload/contract/partner-api';
import type { ClientIndex, SearchableClient } from './client-list';
import type { ClientView } from './client-view';
import { foldForSearch } from './fold-for-search';
import { phoneForms } from './phone-forms';
import { difference, type Postings } from './sorted-postings';
import { baseOf, filterClients, resultOf, substringMatches } from './substring-search';
import type { ClientSearchIndex } from './word-index';

/**
 * The word index once it is in step with the stored clients, and the practice's region: a query that looks
 * like a phone number is also searched in its other forms there ("+61 449…" finds "0449…" and back).
 */
export interface WordSearch {
  readonly index: ClientSearchIndex;
  readonly region: Region | undefined;
}

/**
 * The clients a view shows, for each keystroke. Without the word index (null: not built yet) or without a
 * query: the substring search of the view's filters (`filterClients`). With both: the clients of the view's
 * filters that match — by the index (all words, any order, prefixes, one typo) or by the plain substring
 * search — kept in the chosen sort within three tiers: every word found at the start of a word first, then
 * the substring-only matches, then those found only with a typo. The order the user chose stays what the
 * list is sorted by, and the looser matches never push the exact ones down. Either way a client code typed
 * whole puts that client first.
 */
export function searchClients(
  index: ClientIndex,
  words: WordSearch | null,
  view: ClientView,
): readonly SearchableClient[] {
  const list = matchingClients(index, words, view);
  // A keystroke that typed no client's code whole does not walk what it found.
  if (!index.hasCode(foldForSearch(view.query.trim()))) return list;
  return exactCodeFirst(list, view.query);
}

/**
 * Prepares, ahead of the first key, what every search of a view's clients starts from: the texts
 * joined for the substring search and where each client stands in the list. Over 100,000 clients that
 * is a good part of a second, better spent while the user has not typed yet.
 */
export function prepareSearch(index: ClientIndex, words: WordSearch, view: ClientView): void {
  words.index.ranksIn(baseOf(index, view).list);
  // The client codes, gathered once for the snapshot.
  index.hasCode('');
}

/**
 * A client code typed whole names the client meant: that client comes first, whatever the sort. Only a
 * code of the same length is folded, so a keystroke over thousands of clients stays cheap.
 */
export function exactCodeFirst(list: readonly SearchableClient[], query: string): readonly SearchableClient[] {
  const typed = query.trim();
  const code = foldForSearch(typed);
  if (!code) return list;
  const at = list.findIndex((e) => e.entityCode.length === typed.length && foldForSearch(e.entityCode) === code);
  return at <= 0 ? list : [list[at]!, ...list.slice(0, at), ...list.slice(at + 1)];
}

/** The positions in a list of the clients numbered, in the list's order: sorts only the matches. */
function positionsIn(ordinals: Postings, ranks: Int32Array): Postings {
  const out = new Int32Array(ordinals.length);
  let kept = 0;
  for (const d of ordinals) {
    const at = d < ranks.length ? ranks[d]! : -1;
    if (at >= 0) out[kept++] = at;
  }
  return out.subarray(0, kept).sort();
}

function matchingClients(index: ClientIndex, words: WordSearch | null, view: ClientView): readonly SearchableClient[] {
  if (!words || !view.query.trim()) return filterClients(index, view);
  const base = baseOf(index, view);
  const substring = substringMatches(base, view.query);
  // No needle once folded (a lone accent): no word either, so every client of the base, as without the index.
  if (!substring) return base.list;
  const tiers = words.index.matchAny([view.query, ...phoneForms(view.query, words.region)]);
  if (tiers.size === 0) return resultOf(base, substring);
  // Only the matches are placed in the list's order, never every client of it: a keystroke costs what
  // it finds. Each tier is kept in that order; a client is listed in the best tier that has it.
  const ranks = words.index.ranksIn(base.list);
  const wordTier = positionsIn(tiers.words, ranks);
  const substrings = difference(substring.positions, wordTier);
  const typos = difference(positionsIn(tiers.typos, ranks), substrings);
  // Pushed, not preallocated: V8 keeps a large `new Array(n)` as a slow dictionary.
  const out: SearchableClient[] = [];
  for (const tier of [wordTier, substrings, typos])
    for (let k = 0; k < tier.length; k++) out.push(base.list[tier[k]!]!);
  return out;
}
