import { foldForSearch } from './fold-for-search';
import { queryWords, transpositions, TYPO_MIN_LENGTH } from './word-index';

/** A part of a shown text, [start, end) in UTF-16 units of the text as shown. */
export type TextRange = readonly [start: number, end: number];

/** Whether two words differ by at most one inserted, deleted or replaced letter. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (i === short.length) return true;
  // Past the first difference: the rest matches once one letter is skipped (lengths differ) or replaced.
  return short.length === long.length ? short.slice(i + 1) === long.slice(i + 1) : short.slice(i) === long.slice(i + 1);
}

/** The text folded for search as `foldForSearch` does, with where each folded unit came from in the text. */
function foldWithOrigins(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const char of text) {
    // Plain ASCII, most of what is shown, needs no Unicode normalisation.
    const piece = char < '\u0080' ? char.toLowerCase() : foldForSearch(char);
    folded += piece;
    for (let k = 0; k < piece.length; k++) origin.push(at);
    at += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The parts of a shown text that a query matched, as the client search matches (see word-index.ts):
 * the start of each word a query word is a prefix of; a whole word a long query word reaches with one
 * typo; and the whole query wherever it appears as typed (the substring search). Sorted, not overlapping.
 */
export function highlightRanges(text: string, query: string): TextRange[] {
  const words = queryWords(query);
  const needle = foldForSearch(query.trim());
  if (!text || words.length === 0) return [];
  const { folded, origin } = foldWithOrigins(text);
  const found: Array<[number, number]> = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    let end = start;
    for (const q of words) {
      if (word.startsWith(q)) end = Math.max(end, start + q.length);
      else if (
        q.length >= TYPO_MIN_LENGTH &&
        (withinOneEdit(q, word) || transpositions(q).some((swapped) => word.startsWith(swapped)))
      )
        end = start + word.length;
    }
    if (end > start) found.push([start, end]);
  }
  for (let at = folded.indexOf(needle); needle && at >= 0; at = folded.indexOf(needle, at + 1))
    found.push([at, at + needle.length]);
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of found) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => [origin[start]!, origin[end]!] as const);
}
