import SearchableMap from 'minisearch/SearchableMap';
import type { SearchableClient } from './client-list';
import { foldForSearch } from './fold-for-search';
import { difference, includes, intersectAll, NO_POSTINGS, postingsOf, union, type Postings } from './sorted-postings';

/** How well a client matches a query; lower is better (see `searchClients` for the order it gives). */
export const MatchTier = {
  /** Every word of the query starts a word of the client's text ("john sm" → "Smith, John"). */
  words: 0,
  /** The query as typed appears inside the text: the search of old ("ohn", phone digits mid-number). */
  substring: 1,
  /** Only with one typo in a word of four letters or more ("jonh", "smiht", "smth"). */
  typo: 2,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

/** Words of a client's text or of a query: letters and digits, whatever separates them (spaces, "-", "@", "."). */
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

/** The folded words of a query, in the order typed: "Smith, Jöhn" → ["smith", "john"]. */
export function queryWords(query: string): string[] {
  return foldForSearch(query)
    .split(WORD_SEPARATOR)
    .filter((w) => w !== '');
}

/** A typo is tolerated only in words this long: in shorter ones one edit reaches too many other words. */
export const TYPO_MIN_LENGTH = 4;

/**
 * The word with two neighbouring letters swapped, each way: typing fast swaps letters ("jonh"), which is
 * two edits to Levenshtein and so beyond MiniSearch's one-edit fuzziness.
 */
export function transpositions(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...out];
}

/** The clients a word of the query finds: as the prefix of one of their words, and that or with a typo. */
interface WordHits {
  exact: Postings;
  /** `exact` and those found only with a typo; the same list when the word is too short for typos. */
  any: Postings;
}

/** Words are looked up by prefixes this long or shorter in lists kept whole, not in the radix tree. */
const SHORT_PREFIX = 2;

/** The clients of one query: whether they match it and how well (see `ClientSearchIndex.match`). */
export interface ClientMatches {
  /** How many clients match. */
  readonly size: number;
  /** How well the client numbered so in the index (see `ClientSearchIndex.ordinalsOf`) matches, if at all. */
  tierAt(ordinal: number): MatchTier | undefined;
  /** The numbers of the clients every word found as a prefix, ascending. */
  readonly words: Postings;
  /** The numbers of those found only with a typo, ascending. */
  readonly typos: Postings;
}

function matchesOf(words: Postings, typos: Postings): ClientMatches {
  const tierAt = (d: number): MatchTier | undefined =>
    includes(words, d) ? MatchTier.words : includes(typos, d) ? MatchTier.typo : undefined;
  return { size: words.length + typos.length, words, typos, tierAt };
}

const NO_MATCHES = matchesOf(NO_POSTINGS, NO_POSTINGS);

/**
 * The word index of a practice's clients, kept in step with the stored clients by `sync`: every word of
 * each client's stored `search` text (name, preferred name, code, email, phones as typed and as digits)
 * in MiniSearch's radix tree (`SearchableMap`: prefix and edit-distance lookups), each with the clients
 * carrying it as postings (ascending client numbers). The postings of every one- and two-letter prefix
 * are kept whole beside the tree: those few prefixes find thousands of clients each, and walking a
 * subtree for them is what a first keystroke would cost. A query intersects its words' postings, the
 * shortest first: no scoring and no sort, since the list keeps the order the user chose (MiniSearch's
 * own search ranks every hit with BM25, far longer than a keystroke over 20,000 clients).
 */
export class ClientSearchIndex {
  private terms = new SearchableMap<number[]>();
  /** Postings of every prefix of up to `SHORT_PREFIX` letters, ascending since numbers only grow. */
  private short = new Map<string, number[]>();
  private readonly shortFrozen = new Map<string, Postings>();
  /** Client keys by number; null once the client is gone or was indexed again under a new number. */
  private keys: (string | null)[] = [];
  private readonly indexed = new Map<string, { ordinal: number; text: string }>();
  /** Hits of recent words: while typing, every word but the last is the same as at the previous key. */
  private readonly recent = new Map<string, WordHits>();
  /** Bumped whenever client numbers change, so numbered lists (`ordinalsOf`) are numbered again. */
  private generation = 0;
  private readonly numbered = new WeakMap<readonly SearchableClient[], { generation: number; ordinals: Int32Array }>();
  private readonly ranked = new WeakMap<readonly SearchableClient[], { generation: number; ranks: Int32Array }>();

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
      for (let length = 1; length <= SHORT_PREFIX && length <= term.length; length++) {
        const prefix = term.slice(0, length);
        const postings = this.short.get(prefix);
        if (!postings) this.short.set(prefix, [ordinal]);
        // Two words of one client share prefixes: the client is listed once.
        else if (postings[postings.length - 1] !== ordinal) postings.push(ordinal);
      }
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
    // Words looked up between the slices of a sync hold the old numbers.
    this.recent.clear();
    this.shortFrozen.clear();
    this.terms = new SearchableMap();
    this.short = new Map();
    this.keys = [];
    this.indexed.clear();
    for (const [key, text] of texts) this.add(key, text);
  }

  /**
   * Brings the index in line with a snapshot of the clients: adds, re-indexes and removes only what
   * differs. A generator that pauses after every `chunk` clients changed, so a caller can spread a first
   * build over idle time; running it to the end (`syncNow`) does it all at once.
   */
  *sync(entities: readonly SearchableClient[], chunk = 1000): Generator<void, void, void> {
    let changed = 0;
    for (const { entityKey, search } of entities) {
      const before = this.indexed.get(entityKey);
      if (before?.text === search) continue;
      this.recent.clear();
      this.shortFrozen.clear();
      this.drop(entityKey);
      this.add(entityKey, search);
      if (++changed % chunk === 0) yield;
    }
    if (this.indexed.size !== entities.length) {
      this.recent.clear();
      this.shortFrozen.clear();
      const present = new Set(entities.map((e) => e.entityKey));
      for (const key of [...this.indexed.keys()]) if (!present.has(key)) this.drop(key);
    }
    this.compact();
  }

  syncNow(entities: readonly SearchableClient[]): this {
    for (const _ of this.sync(entities, Infinity)) void _;
    return this;
  }

  /**
   * Each client's number in the index, for a list of clients (-1 for one not indexed): computed once per
   * list and index state, so that a keystroke walks the list by number instead of looking keys up.
   */
  ordinalsOf(list: readonly SearchableClient[]): Int32Array {
    const known = this.numbered.get(list);
    if (known?.generation === this.generation) return known.ordinals;
    const ordinals = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) ordinals[i] = this.indexed.get(list[i]!.entityKey)?.ordinal ?? -1;
    this.numbered.set(list, { generation: this.generation, ordinals });
    return ordinals;
  }

  /**
   * Where each client stands in a list, by the client's number (-1 for one not in it): computed once per
   * list and index state, so that matches come out in the list's order by sorting only them.
   */
  ranksIn(list: readonly SearchableClient[]): Int32Array {
    const known = this.ranked.get(list);
    if (known?.generation === this.generation) return known.ranks;
    const ordinals = this.ordinalsOf(list);
    const ranks = new Int32Array(this.keys.length).fill(-1);
    for (let i = 0; i < ordinals.length; i++) if (ordinals[i]! >= 0) ranks[ordinals[i]!] = i;
    this.ranked.set(list, { generation: this.generation, ranks });
    return ranks;
  }

  /** The postings of a short prefix, as a typed array once asked for (until the index changes). */
  private shortPostings(prefix: string): Postings {
    let frozen = this.shortFrozen.get(prefix);
    if (!frozen) this.shortFrozen.set(prefix, (frozen = Int32Array.from(this.short.get(prefix) ?? [])));
    return frozen;
  }

  private hitsOf(word: string): WordHits {
    let hits = this.recent.get(word);
    if (hits) return hits;
    const exact =
      word.length <= SHORT_PREFIX ? this.shortPostings(word) : postingsOf(this.terms.atPrefix(word).values());
    let any = exact;
    if (word.length >= TYPO_MIN_LENGTH) {
      const near = [...this.terms.fuzzyGet(word, 1).values()].map(([list]) => list);
      for (const swapped of transpositions(word)) near.push(...this.terms.atPrefix(swapped).values());
      any = union(exact, postingsOf(near));
    }
    hits = { exact, any };
    this.recent.set(word, hits);
    if (this.recent.size > 64) this.recent.delete(this.recent.keys().next().value!);
    return hits;
  }

  /** Postings without the numbers of clients since gone (their postings stay until the next compaction). */
  private live(list: Postings): Postings {
    if (this.indexed.size === this.keys.length) return list;
    const out = new Int32Array(list.length);
    let kept = 0;
    for (const d of list) if (this.keys[d] !== null) out[kept++] = d;
    return out.subarray(0, kept);
  }

  /**
   * The clients whose text matches every word of the query, in any order: each word as the prefix of
   * one of the client's words (tier `words`) or, in words of four letters or more, with one typo — a
   * wrong, missing, extra or swapped letter (tier `typo`, if any word needed one).
   */
  match(query: string): ClientMatches {
    const words = queryWords(query);
    if (words.length === 0) return NO_MATCHES;
    const hits = words.map((word) => this.hitsOf(word));
    const found = intersectAll(hits.map((h) => h.any));
    const exact = hits.every((h) => h.any === h.exact) ? found : intersectAll(hits.map((h) => h.exact));
    return matchesOf(this.live(exact), this.live(difference(found, exact)));
  }

  /**
   * The clients any of several queries matches (the same phone number typed in another form), each at
   * the best tier one of them gives.
   */
  matchAny(queries: readonly string[]): ClientMatches {
    const all = queries.map((q) => this.match(q)).filter((m) => m.size > 0);
    if (all.length <= 1) return all[0] ?? NO_MATCHES;
    const words = all.reduce((out, m) => union(out, m.words), NO_POSTINGS);
    const typos = all.reduce((out, m) => union(out, m.typos), NO_POSTINGS);
    return matchesOf(words, difference(typos, words));
  }
}
