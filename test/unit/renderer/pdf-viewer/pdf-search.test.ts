import { describe, expect, it } from 'vitest';
import {
  MAX_MATCHES,
  findInPage,
  firstMatchFrom,
  foldText,
  matchItemRanges,
  pageTextFromItems,
  searchPattern,
} from '../../../../src-renderer/pdf-viewer/pdf-search';

const find = (items: string[], query: string, page = 1) => {
  const text = pageTextFromItems(items);
  const pattern = searchPattern(query);
  return pattern ? findInPage(page, text, pattern) : [];
};

describe('pdf search', () => {
  it('folds case and accents without changing the length, so offsets stay true', () => {
    for (const text of ['Café Société', 'İstanbul ÆØÅ', 'naïve\u00a0façade', 'ǅ ﬁ ß 😀']) {
      expect(foldText(text)).toHaveLength(text.length);
    }
    expect(foldText('Café Société')).toBe('cafe societe');
    expect(foldText('a\u00a0b\tc')).toBe('a b c');
  });

  it('finds a word ignoring case and accents, and a phrase across text items', () => {
    const items = ['Invoice number', 'INV-004213', 'Wattle Grove Café'];
    expect(find(items, 'inv-004213')).toEqual([{ page: 1, start: 15, end: 25 }]);
    expect(find(items, 'number INV')).toHaveLength(1);
    expect(find(items, 'cafe')).toHaveLength(1);
    expect(find(items, 'CAFÉ')).toHaveLength(1);
    expect(find(items, '  grove   café ')).toHaveLength(1);
    expect(find(items, 'missing')).toEqual([]);
  });

  it('treats the query as text, never as a pattern', () => {
    expect(find(['a.c abc (x) [y] $1.00 a+b'], 'a.c')).toHaveLength(1);
    expect(find(['a.c abc (x) [y] $1.00 a+b'], '(x)')).toHaveLength(1);
    expect(find(['a.c abc (x) [y] $1.00 a+b'], '$1.00')).toHaveLength(1);
    expect(find(['a.c abc (x) [y] $1.00 a+b'], 'a+b')).toHaveLength(1);
    expect(find(['abc'], '.*')).toEqual([]);
  });

  it('has nothing to look for in an empty or blank query', () => {
    expect(searchPattern('')).toBeNull();
    expect(searchPattern('   ')).toBeNull();
  });

  it('counts every occurrence, in order, and stops at the limit', () => {
    expect(find(['aa aa', 'aa'], 'aa').map((m) => m.start)).toEqual([0, 3, 6]);
    const many = pageTextFromItems(['x '.repeat(MAX_MATCHES + 50)]);
    expect(findInPage(1, many, searchPattern('x')!)).toHaveLength(MAX_MATCHES);
    expect(findInPage(1, many, searchPattern('x')!, 5)).toHaveLength(5);
  });

  it('maps a match back onto the text items it covers, skipping the separators', () => {
    const text = pageTextFromItems(['Invoice number', 'INV-004213', 'Due']);
    const [match] = findInPage(1, text, searchPattern('number INV-0')!);
    expect(matchItemRanges(text, match!)).toEqual([
      { item: 0, from: 8, to: 14 },
      { item: 1, from: 0, to: 5 },
    ]);
    const [inside] = findInPage(1, text, searchPattern('004')!);
    expect(matchItemRanges(text, inside!)).toEqual([{ item: 1, from: 4, to: 7 }]);
  });

  it('keeps item indices aligned with empty items (pdf.js gives them a span too)', () => {
    const text = pageTextFromItems(['', 'Total', '', 'GST']);
    const [match] = findInPage(1, text, searchPattern('gst')!);
    expect(matchItemRanges(text, match!)).toEqual([{ item: 3, from: 0, to: 3 }]);
  });

  it('starts at the first match on or after the current page, wrapping around', () => {
    const matches = [
      { page: 1, start: 0, end: 1 },
      { page: 3, start: 0, end: 1 },
      { page: 3, start: 5, end: 6 },
    ];
    expect(firstMatchFrom(matches, 1)).toBe(0);
    expect(firstMatchFrom(matches, 2)).toBe(1);
    expect(firstMatchFrom(matches, 4)).toBe(0);
    expect(firstMatchFrom([], 1)).toBe(-1);
  });
});
