/**
 * The client search as it was before postings were intersected: marked through arrays as long as the
 * index and merged by walking every client of the list. Slow, but simple enough to trust, so the
 * property test holds the fast search to exactly its answers.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { StoredEntity } from '../../../../src-renderer/data/practice-db';
import { foldForSearch } from '../../../../src-renderer/search';
import type { ClientIndex, ClientView } from '../../../../src-renderer/search';
import { exactCodeFirst } from '../../../../src-renderer/search/search-clients';
import { filterClients } from '../../../../src-renderer/search/substring-search';
import { MatchTier, queryWords, transpositions, TYPO_MIN_LENGTH } from '../../../../src-renderer/search/word-index';

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
interface WordHits {
  exact: readonly number[];
  typo: readonly number[];
}

/** The clients of one query: whether they match it and how well (see `ClientSearchIndex.match`). */
interface ClientMatches {
  /** How many clients match. */
  readonly size: number;
  tierOf(entityKey: string): MatchTier | undefined;
  /** The same by the client's number in the index (see `ClientSearchIndex.ordinalsOf`): no lookup by key. */
  tierAt(ordinal: number): MatchTier | undefined;
}

export type { ClientMatches };
const NO_MATCHES: ClientMatches = { size: 0, tierOf: () => undefined, tierAt: () => undefined };

/**
 * The word index of a practice's clients, kept in step with the stored clients by `sync`: every word of
 * each client's stored `search` text (name, preferred name, code, email, phones as typed and as digits)
 * in MiniSearch's radix tree (`SearchableMap`: prefix and edit-distance lookups), each with the clients
 * carrying it. A query is answered by marking, per word, the clients it finds: no scoring and no sort,
 * since the list keeps the order the user chose (MiniSearch's own search ranks every hit with BM25,
 * which takes far longer than a keystroke for one- or two-letter prefixes over 20,000 clients).
 */
export class ReferenceSearchIndex {
  private terms = new SearchableMap<number[]>();
  /** Client keys by number; null once the client is gone or was indexed again under a new number. */
  private keys: (string | null)[] = [];
  private readonly indexed = new Map<string, { ordinal: number; text: string }>();
  /** Hits of recent words: while typing, every word but the last is the same as at the previous key. */
  private readonly recent = new Map<string, WordHits>();
  /** Bumped whenever client numbers change, so numbered lists (`ordinalsOf`) are numbered again. */
  private generation = 0;
  private readonly numbered = new WeakMap<readonly StoredEntity[], { generation: number; ordinals: Int32Array }>();

  get size(): number {
    return this.indexed.size;
  }

  private add(entityKey: string, text: string): void {
    this.generation++;
    const ordinal = this.keys.push(entityKey) - 1;
    this.indexed.set(entityKey, { ordinal, text });
    for (const term of new Set(text.split(WORD_SEPARATOR))) {
      if (!term) continue;
      const list = this.terms.get(term);
      if (list) list.push(ordinal);
      else this.terms.set(term, [ordinal]);
    }
  }

  /** Forgets a client's number (its postings go at the next compaction). */
  private drop(entityKey: string): void {
    const entry = this.indexed.get(entityKey);
    if (!entry) return;
    this.generation++;
    this.keys[entry.ordinal] = null;
    this.indexed.delete(entityKey);
  }

  /** Renumbers the clients once more numbers are dead than alive, so postings do not grow with edits. */
  private compact(): void {
    if (this.keys.length <= 2 * this.indexed.size + 1000) return;
    const texts = [...this.indexed].map(([key, { text }]) => [key, text] as const);
    this.terms = new SearchableMap();
    this.keys = [];
    this.indexed.clear();
    for (const [key, text] of texts) this.add(key, text);
  }

  /**
   * Brings the index in line with a snapshot of the clients: adds, re-indexes and removes only what
   * differs. A generator that pauses after every `chunk` clients changed, so a caller can spread a first
   * build over idle time; running it to the end (`syncNow`) does it all at once.
   */
  *sync(entities: readonly StoredEntity[], chunk = 1000): Generator<void, void, void> {
    let changed = 0;
    for (const { entityKey, search } of entities) {
      const before = this.indexed.get(entityKey);
      if (before?.text === search) continue;
      this.recent.clear();
      this.drop(entityKey);
      this.add(entityKey, search);
      if (++changed % chunk === 0) yield;
    }
    if (this.indexed.size !== entities.length) {
      this.recent.clear();
      const present = new Set(entities.map((e) => e.entityKey));
      for (const key of [...this.indexed.keys()]) if (!present.has(key)) this.drop(key);
    }
    this.compact();
  }

  syncNow(entities: readonly StoredEntity[]): this {
    for (const _ of this.sync(entities, Infinity)) void _;
    return this;
  }

  /**
   * Each client's number in the index, for a list of clients (-1 for one not indexed): computed once per
   * list and index state, so that a keystroke walks the list by number instead of looking keys up.
   */
  ordinalsOf(list: readonly StoredEntity[]): Int32Array {
    const known = this.numbered.get(list);
    if (known?.generation === this.generation) return known.ordinals;
    const ordinals = Int32Array.from(list, (e) => this.indexed.get(e.entityKey)?.ordinal ?? -1);
    this.numbered.set(list, { generation: this.generation, ordinals });
    return ordinals;
  }

  private postings(terms: Iterable<number[]>): number[] {
    const out: number[] = [];
    for (const list of terms) for (const ordinal of list) out.push(ordinal);
    return out;
  }

  private hitsOf(word: string): WordHits {
    let hits = this.recent.get(word);
    if (hits) return hits;
    const exact = this.postings(this.terms.atPrefix(word).values());
    let typo: number[] = [];
    if (word.length >= TYPO_MIN_LENGTH) {
      const near = [...this.terms.fuzzyGet(word, 1).values()].map(([list]) => list);
      for (const swapped of transpositions(word)) near.push(...this.terms.atPrefix(swapped).values());
      typo = this.postings(near);
    }
    hits = { exact, typo };
    this.recent.set(word, hits);
    if (this.recent.size > 64) this.recent.delete(this.recent.keys().next().value!);
    return hits;
  }

  /**
   * The clients whose text matches every word of the query, in any order: each word as the prefix of
   * one of the client's words (tier `words`) or, in words of four letters or more, with one typo — a
   * wrong, missing, extra or swapped letter (tier `typo`, if any word needed one).
   */
  match(query: string): ClientMatches {
    const words = queryWords(query);
    if (words.length === 0) return NO_MATCHES;
    const n = this.keys.length;
    const lastWord = new Int32Array(n).fill(-1);
    const found = new Uint8Array(n);
    const typo = new Uint8Array(n);
    words.forEach((word, w) => {
      const hits = this.hitsOf(word);
      for (const d of hits.exact) if (lastWord[d] !== w) [lastWord[d], found[d]] = [w, found[d]! + 1];
      for (const d of hits.typo) if (lastWord[d] !== w) [lastWord[d], found[d], typo[d]] = [w, found[d]! + 1, 1];
    });
    let size = 0;
    for (let d = 0; d < n; d++) if (found[d] === words.length && this.keys[d] !== null) size++;
    const ordinals = this.indexed;
    const tierAt = (d: number): MatchTier | undefined => {
      if (d < 0 || found[d] !== words.length) return undefined;
      return typo[d] ? MatchTier.typo : MatchTier.words;
    };
    return { size, tierAt, tierOf: (entityKey) => tierAt(ordinals.get(entityKey)?.ordinal ?? -1) };
  }

  /**
   * The clients any of several queries matches (the same phone number typed in another form), each at
   * the best tier one of them gives.
   */
  matchAny(queries: readonly string[]): ClientMatches {
    const all = queries.map((q) => this.match(q)).filter((m) => m.size > 0);
    if (all.length <= 1) return all[0] ?? NO_MATCHES;
    const tierAt = (d: number): MatchTier | undefined => {
      let best: MatchTier | undefined;
      for (const m of all) {
        const tier = m.tierAt(d);
        if (tier !== undefined && (best === undefined || tier < best)) best = tier;
      }
      return best;
    };
    let size = 0;
    for (let d = 0; d < this.keys.length; d++) if (this.keys[d] !== null && tierAt(d) !== undefined) size++;
    return { size, tierAt, tierOf: (entityKey) => tierAt(this.indexed.get(entityKey)?.ordinal ?? -1) };
  }
}

/** The list the reference gives for a view: tiers merged by walking every client the filters let through. */
export function referenceSearch(
  index: ClientIndex,
  search: ReferenceSearchIndex,
  view: ClientView,
  match: (query: string) => ClientMatches,
): readonly StoredEntity[] {
  return exactCodeFirst(referenceMatching(index, search, view, match), view.query);
}

function referenceMatching(
  index: ClientIndex,
  search: ReferenceSearchIndex,
  view: ClientView,
  match: (query: string) => ClientMatches,
): readonly StoredEntity[] {
  const base = filterClients(index, { ...view, query: '' });
  // The substring search of old, naively: the query as typed, or its digits for a phone typed otherwise.
  const needle = foldForSearch(view.query.trim());
  const digits = view.query.replace(/\D/g, '');
  const substring = base.filter((e) => e.search.includes(needle) || (digits.length >= 3 && e.search.includes(digits)));
  if (!view.query.trim()) return base;
  const tiers = match(view.query);
  if (tiers.size === 0) return substring;
  // By number, not by key: this walk runs on every keystroke over every client the filters let through.
  const ordinals = search.ordinalsOf(base);
  const words: StoredEntity[] = [];
  const substrings: StoredEntity[] = [];
  const typos: StoredEntity[] = [];
  // The substring matches are in the base's order: one pointer walks them alongside.
  let next = 0;
  for (let i = 0; i < base.length; i++) {
    const e = base[i]!;
    const bySubstring = substring[next] === e;
    if (bySubstring) next++;
    const tier = tiers.tierAt(ordinals[i]!);
    if (tier === MatchTier.words) words.push(e);
    else if (bySubstring) substrings.push(e);
    else if (tier === MatchTier.typo) typos.push(e);
  }
  return substrings.length === 0 && typos.length === 0 ? words : [...words, ...substrings, ...typos];
}
