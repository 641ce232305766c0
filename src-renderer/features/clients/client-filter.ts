import type { StoredEntity } from '../../data/practice-db';
import { foldForSearch } from '../../search';
import type { ClientMatches } from './client-search';
import { difference, union, type Postings } from './sorted-postings';

/** What the list needs of the word index (client-search.ts). */
export interface ClientSearch {
  match(query: string): ClientMatches;
  /** Where each client stands in the list, by its number in the index (-1: not in the list). */
  ranksIn(list: readonly StoredEntity[]): Int32Array;
}

/** Which clients by their terminated flag: current ones (the default), all, or only terminated ones. */
export type TerminatedFilter = 'active' | 'all' | 'terminated';
export type ClientSort = 'name' | 'name-desc' | 'code' | 'updated';

/** The option value for "clients with no office" (an empty value means "any office"). */
export const NO_OFFICE = '(none)';

export interface ClientView {
  query: string;
  terminated: TerminatedFilter;
  /** An entity type, or '' for any. */
  type: string;
  /** An office name, NO_OFFICE, or '' for any. */
  office: string;
  sort: ClientSort;
}

export const DEFAULT_CLIENT_VIEW: ClientView = { query: '', terminated: 'active', type: '', office: '', sort: 'name' };

export interface ClientIndex {
  /** Entity types present in the local data, alphabetical. */
  readonly types: readonly string[];
  /** Office names present in the local data, alphabetical. */
  readonly offices: readonly string[];
  /** Whether some client has no office. */
  readonly hasNoOffice: boolean;
  /** Every client in this order; computed once per order and kept. */
  ordered(sort: ClientSort): readonly StoredEntity[];
  /** Whether some client's code, folded, is exactly this: if none, a search moves no client first. */
  hasCode(folded: string): boolean;
}

const NOT_ASCII = /[^ -~]/;

/** A client code folded as a search is: codes are nearly always plain ASCII, which needs no normalisation. */
const foldCode = (code: string): string => (NOT_ASCII.test(code) ? foldForSearch(code) : code.toLowerCase());

// "Client 9" before "Client 10", and "Élan" beside "Elan": what people expect of an A→Z list.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byName = (a: StoredEntity, b: StoredEntity) =>
  collator.compare(a.fullEntityName, b.fullEntityName) ||
  collator.compare(a.entityCode, b.entityCode) ||
  (a.entityKey < b.entityKey ? -1 : 1);

/**
 * Prepares one snapshot of the clients for filtering. Sorting 20,000 names takes tens of milliseconds, so
 * each order is sorted once per snapshot and every keystroke after that is a single pass that keeps it.
 */
export function indexClients(entities: readonly StoredEntity[]): ClientIndex {
  const types = new Set<string>();
  const offices = new Set<string>();
  let hasNoOffice = false;
  for (const e of entities) {
    if (e.entityType) types.add(e.entityType);
    if (e.officeName) offices.add(e.officeName);
    else hasNoOffice = true;
  }
  const orders = new Map<ClientSort, readonly StoredEntity[]>();
  const sortBy = (sort: ClientSort): readonly StoredEntity[] => {
    if (sort === 'name') return [...entities].sort(byName);
    if (sort === 'name-desc') return [...ordered('name')].reverse();
    if (sort === 'code')
      return [...entities].sort((a, b) => collator.compare(a.entityCode, b.entityCode) || byName(a, b));
    // Timestamps may carry different offsets, so they are compared as instants, parsed once each.
    const time = new Map(entities.map((e) => [e, Date.parse(e.updatedOn) || 0]));
    return [...entities].sort((a, b) => time.get(b)! - time.get(a)! || byName(a, b));
  };
  const ordered = (sort: ClientSort): readonly StoredEntity[] => {
    let list = orders.get(sort);
    if (!list) orders.set(sort, (list = sortBy(sort)));
    return list;
  };
  // The codes of this very snapshot (not the word index's, which catches up with a new one in idle slices),
  // gathered at the first search that asks.
  let codes: Set<string> | null = null;
  const hasCode = (folded: string) => (codes ??= new Set(entities.map((e) => foldCode(e.entityCode)))).has(folded);
  const alphabetical = (set: Set<string>) => [...set].sort(collator.compare);
  return { types: alphabetical(types), offices: alphabetical(offices), hasNoOffice, ordered, hasCode };
}

/**
 * The clients a view shows, in its order. The search is case- and accent-insensitive over the stored
 * `search` text (name, preferred name, code, email, phones); three or more digits also match a phone
 * however it was typed ("0412 345" finds "0412345678").
 */
interface FilterMemo {
  needle: string;
  digits: string;
  byDigits: boolean;
  /** Where the matches stand in the base list, ascending. */
  positions: Postings;
  /** The matching clients, built only when a list is shown from the substring search alone (see `resultOf`). */
  result: readonly StoredEntity[] | null;
}
interface BaseMemo {
  list: readonly StoredEntity[];
  haystack: string;
  starts: Int32Array;
  memos: FilterMemo[];
}
const memos = new WeakMap<ClientIndex, Map<string, BaseMemo>>();

function baseOf(index: ClientIndex, view: ClientView): BaseMemo {
  let byBase = memos.get(index);
  if (!byBase) memos.set(index, (byBase = new Map()));
  const key = `${view.sort}|${view.terminated}|${view.type}|${view.office}`;
  let base = byBase.get(key);
  if (!base) {
    const list = index.ordered(view.sort).filter((e) => {
      if (view.terminated === 'active' ? e.entityTerminated : view.terminated === 'terminated' && !e.entityTerminated)
        return false;
      if (view.type && e.entityType !== view.type) return false;
      if (view.office && (view.office === NO_OFFICE ? Boolean(e.officeName) : e.officeName !== view.office))
        return false;
      return true;
    });
    const starts = new Int32Array(list.length + 1);
    let at = 0;
    list.forEach((e, i) => {
      starts[i] = at;
      at += e.search.length + 1;
    });
    starts[list.length] = at;
    base = { list, haystack: list.map((e) => e.search).join('\n') + '\n', starts, memos: [] };
    byBase.set(key, base);
  }
  return base;
}

/**
 * Indexes (ascending) of entities whose search text contains the needle: one indexOf pass over all texts
 * joined. Hits come in text order, so the entity of each is found by walking forward, never searching.
 */
function scan(base: BaseMemo, needle: string): Int32Array {
  const { haystack, starts } = base;
  const found: number[] = [];
  let entity = 0;
  let from = 0;
  for (;;) {
    const hit = haystack.indexOf(needle, from);
    if (hit < 0) return Int32Array.from(found);
    while (starts[entity + 1]! <= hit) entity++;
    found.push(entity);
    from = starts[++entity]!;
  }
}

export function filterClients(index: ClientIndex, view: ClientView): readonly StoredEntity[] {
  if (!view.query.trim() && view.terminated === 'all' && !view.type && !view.office) return index.ordered(view.sort);
  const base = baseOf(index, view);
  const matches = substringMatches(base, view.query);
  return matches ? resultOf(base, matches) : base.list;
}

/** Earlier matches are narrowed only while they are fewer than one client in this many. */
const NARROW_BELOW = 8;

/** The substring matches of a query in a base list (null: no needle, every client of the base). */
function substringMatches(base: BaseMemo, query: string): FilterMemo | null {
  const needle = foldForSearch(query.trim());
  const digits = query.replace(/\D/g, '');
  const byDigits = digits.length >= 3;
  if (!needle) return null;
  const exact = base.memos.find((m) => m.needle === needle && m.digits === digits);
  if (exact) return exact;
  let narrowFrom: FilterMemo | null = null;
  for (const m of base.memos) {
    if (!needle.includes(m.needle) || (byDigits && !(m.byDigits && digits.includes(m.digits)))) continue;
    if (!narrowFrom || m.positions.length < narrowFrom.positions.length) narrowFrom = m;
  }
  let positions: Postings;
  // Narrowing reads each earlier match's text; one pass of indexOf over all texts joined is cheaper as
  // soon as the earlier matches are many (a first letter matches most clients).
  if (narrowFrom && narrowFrom.positions.length <= base.list.length / NARROW_BELOW) {
    const { list } = base;
    positions = narrowFrom.positions.filter((i) => {
      const text = list[i]!.search;
      return text.includes(needle) || (byDigits && text.includes(digits));
    });
  } else {
    positions = byDigits && digits !== needle ? union(scan(base, needle), scan(base, digits)) : scan(base, needle);
  }
  const memo = { needle, digits, byDigits, positions, result: null };
  base.memos.push(memo);
  if (base.memos.length > 40) base.memos.shift();
  return memo;
}

/**
 * A substring search's clients as a list, built once it is asked for: with the word index ready most
 * keystrokes only need the positions, and a list of thousands of clients per key is garbage to collect.
 */
function resultOf(base: BaseMemo, memo: FilterMemo): readonly StoredEntity[] {
  return (memo.result ??= Array.from(memo.positions, (i) => base.list[i]!));
}

/** Whether the view narrows the list beyond the default, so the screen can offer to clear it. */
export const isNarrowed = (view: ClientView): boolean =>
  view.query.trim() !== '' ||
  view.terminated !== DEFAULT_CLIENT_VIEW.terminated ||
  view.type !== '' ||
  view.office !== '';

/**
 * The clients a view shows once the full-text index is ready. With no query: `filterClients`. With one:
 * the clients of the view's filters that match — by the index (all words, any order, prefixes, one typo)
 * or by the plain substring search — kept in the chosen sort within three tiers: every word found at the
 * start of a word first, then the substring-only matches, then those found only with a typo. The order
 * the user chose stays what the list is sorted by, and the looser matches never push the exact ones down.
 */
export function searchClients(
  index: ClientIndex,
  search: ClientSearch | null,
  view: ClientView,
): readonly StoredEntity[] {
  const list = matchingClients(index, search, view);
  // A keystroke that typed no client's code whole does not walk what it found.
  if (!index.hasCode(foldForSearch(view.query.trim()))) return list;
  return exactCodeFirst(list, view.query);
}

/**
 * Prepares, ahead of the first key, what every search of a view's clients starts from: the texts
 * joined for the substring search and where each client stands in the list. Over 100,000 clients that
 * is a good part of a second, better spent while the user has not typed yet.
 */
export function prepareSearch(index: ClientIndex, search: ClientSearch, view: ClientView): void {
  search.ranksIn(baseOf(index, view).list);
  // The client codes, gathered once for the snapshot.
  index.hasCode('');
}

/**
 * A client code typed whole names the client meant: that client comes first, whatever the sort. Only a
 * code of the same length is folded, so a keystroke over thousands of clients stays cheap.
 */
export function exactCodeFirst(list: readonly StoredEntity[], query: string): readonly StoredEntity[] {
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

function matchingClients(index: ClientIndex, search: ClientSearch | null, view: ClientView): readonly StoredEntity[] {
  if (!search || !view.query.trim()) return filterClients(index, view);
  const base = baseOf(index, view);
  const substring = substringMatches(base, view.query);
  // No needle once folded (a lone accent): no word either, so every client of the base, as without the index.
  if (!substring) return base.list;
  const tiers = search.match(view.query);
  if (tiers.size === 0) return resultOf(base, substring);
  // Only the matches are placed in the list's order, never every client of it: a keystroke costs what
  // it finds. Each tier is kept in that order; a client is listed in the best tier that has it.
  const ranks = search.ranksIn(base.list);
  const words = positionsIn(tiers.words, ranks);
  const substrings = difference(substring.positions, words);
  const typos = difference(positionsIn(tiers.typos, ranks), substrings);
  // Pushed, not preallocated: V8 keeps a large `new Array(n)` as a slow dictionary.
  const out: StoredEntity[] = [];
  for (const tier of [words, substrings, typos]) for (let k = 0; k < tier.length; k++) out.push(base.list[tier[k]!]!);
  return out;
}
