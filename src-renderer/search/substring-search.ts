import type { ClientIndex, SearchableClient } from './client-list';
import { NO_OFFICE, type ClientView } from './client-view';
import { foldForSearch } from './fold-for-search';
import { union, type Postings } from './sorted-postings';

/** A query's substring matches in a view's list, kept for the keystrokes after it. */
export interface FilterMemo {
  needle: string;
  digits: string;
  byDigits: boolean;
  /** Where the matches stand in the base list, ascending. */
  positions: Postings;
  /** The matching clients, built only when a list is shown from the substring search alone (see `resultOf`). */
  result: readonly SearchableClient[] | null;
}

/** The clients a view's filters let through, in its order, with their texts joined for the substring search. */
export interface BaseMemo {
  list: readonly SearchableClient[];
  haystack: string;
  starts: Int32Array;
  memos: FilterMemo[];
}
const memos = new WeakMap<ClientIndex, Map<string, BaseMemo>>();

/** The clients of a view's filters and order (its query aside), built once per snapshot and view. */
export function baseOf(index: ClientIndex, view: ClientView): BaseMemo {
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

/**
 * The clients a view shows by the substring search alone, in its order: case- and accent-insensitive over
 * the stored `search` text (name, preferred name, code, email, phones); three or more digits also match a
 * phone however it was typed ("0412 345" finds "0412345678").
 */
export function filterClients(index: ClientIndex, view: ClientView): readonly SearchableClient[] {
  if (!view.query.trim() && view.terminated === 'all' && !view.type && !view.office) return index.ordered(view.sort);
  const base = baseOf(index, view);
  const matches = substringMatches(base, view.query);
  return matches ? resultOf(base, matches) : base.list;
}

/** Earlier matches are narrowed only while they are fewer than one client in this many. */
const NARROW_BELOW = 8;

/** The substring matches of a query in a base list (null: no needle, every client of the base). */
export function substringMatches(base: BaseMemo, query: string): FilterMemo | null {
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
export function resultOf(base: BaseMemo, memo: FilterMemo): readonly SearchableClient[] {
  return (memo.result ??= Array.from(memo.positions, (i) => base.list[i]!));
}
