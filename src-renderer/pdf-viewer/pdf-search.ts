/**
 * Find-in-document over pdf.js text items. Pure (no DOM, no pdf.js), unit-tested.
 *
 * A page's text is its text items joined by one space, so a phrase split across items ("Invoice
 * number" + "INV-004213") is still found. Matching ignores case and accents and treats any run of
 * whitespace in the query as any run of whitespace in the text. Offsets in the folded text equal
 * offsets in the original, so a match maps straight back onto the text items (and the text layer's
 * spans, which pdf.js creates one per item, in the same order).
 */

export interface PageText {
  /** The items joined by SEPARATOR, folded for matching (same length as the original join). */
  folded: string;
  /** Where each item starts in `folded`. */
  itemStarts: number[];
  itemLengths: number[];
}

export interface TextMatch {
  /** 1-based page number. */
  page: number;
  start: number;
  end: number;
}

/** One item's share of a match: characters [from, to) of text item `item`. */
export interface ItemRange {
  item: number;
  from: number;
  to: number;
}

const SEPARATOR = ' ';
/** A document with more matches than this stops counting (the query is too short to be useful). */
export const MAX_MATCHES = 10_000;

const foldCache = new Map<string, string>();

/** One UTF-16 unit, lower-cased and without accents, when that keeps it one unit; else as is. */
function foldUnit(unit: string): string {
  let folded = foldCache.get(unit);
  if (folded === undefined) {
    const stripped = unit.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const lower = unit.toLowerCase();
    folded = /\s/u.test(unit) ? ' ' : stripped.length === 1 ? stripped : lower.length === 1 ? lower : unit;
    foldCache.set(unit, folded);
  }
  return folded;
}

/** Case- and accent-folds text without changing its length. */
export function foldText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += foldUnit(text[i]!);
  return out;
}

export function pageTextFromItems(items: readonly string[]): PageText {
  const itemStarts: number[] = [];
  const itemLengths: number[] = [];
  let offset = 0;
  items.forEach((item, index) => {
    if (index > 0) offset += SEPARATOR.length;
    itemStarts.push(offset);
    itemLengths.push(item.length);
    offset += item.length;
  });
  return { folded: foldText(items.join(SEPARATOR)), itemStarts, itemLengths };
}

/** The query as a pattern over folded text, or null when there is nothing to look for. */
export function searchPattern(query: string): RegExp | null {
  const words = foldText(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('\\s+'), 'gu');
}

/** Matches on one page, in reading order, at most `limit`. */
export function findInPage(page: number, text: PageText, pattern: RegExp, limit = MAX_MATCHES): TextMatch[] {
  const matches: TextMatch[] = [];
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (let m = re.exec(text.folded); m && matches.length < limit; m = re.exec(text.folded)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    matches.push({ page, start: m.index, end: m.index + m[0].length });
  }
  return matches;
}

/** The parts of the text items a match covers, skipping the separators between them. */
export function matchItemRanges(text: PageText, match: Pick<TextMatch, 'start' | 'end'>): ItemRange[] {
  const ranges: ItemRange[] = [];
  for (let item = 0; item < text.itemStarts.length; item++) {
    const start = text.itemStarts[item]!;
    const end = start + text.itemLengths[item]!;
    if (end <= match.start) continue;
    if (start >= match.end) break;
    const from = Math.max(match.start, start) - start;
    const to = Math.min(match.end, end) - start;
    if (to > from) ranges.push({ item, from, to });
  }
  return ranges;
}

/** The index of the first match on or after `page` (wrapping), for "start searching from here". */
export function firstMatchFrom(matches: readonly TextMatch[], page: number): number {
  if (matches.length === 0) return -1;
  const index = matches.findIndex((m) => m.page >= page);
  return index === -1 ? 0 : index;
}
