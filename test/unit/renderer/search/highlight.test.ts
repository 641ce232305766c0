import { describe, expect, it } from 'vitest';
import { highlightRanges, withinOneEdit } from '../../../../src-renderer/search/highlight';

/** The text with each matched part in [brackets]. */
function marked(text: string, query: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of highlightRanges(text, query)) {
    out += `${text.slice(at, start)}[${text.slice(start, end)}]`;
    at = end;
  }
  return out + text.slice(at);
}

describe('search highlight', () => {
  it('marks the typed start of each word a query word begins, in any order', () => {
    expect(marked('John Smith', 'smith john')).toBe('[John] [Smith]');
    // Typed in the order shown, the whole query is also found as one piece.
    expect(marked('John Smith', 'john sm')).toBe('[John Sm]ith');
    expect(marked('Smithers & Johnson', 'john sm')).toBe('[Sm]ithers & [John]son');
  });

  it('marks the text as shown, accents and case kept, matched without them', () => {
    expect(marked('Zoë Ngāta', 'NGATA zoe')).toBe('[Zoë] [Ngāta]');
    expect(marked('Élan Family Trust', 'ela')).toBe('[Éla]n Family Trust');
  });

  it('marks a whole word reached with one typo, only in query words of four letters or more', () => {
    expect(marked('John Smith', 'jonh')).toBe('[John] Smith');
    expect(marked('John Smith', 'smth')).toBe('John [Smith]');
    expect(marked('Johnson Pty', 'jonh')).toBe('[Johnson] Pty');
    expect(marked('Jon Smith', 'jno')).toBe('Jon Smith');
  });

  it('marks the query as typed inside words, as the substring search finds it', () => {
    expect(marked('Blacksmith Trust', 'smith')).toBe('Black[smith] Trust');
    expect(marked('kylie.smith@iinet.net.au', 'smith@ii')).toBe('kylie.[smith@ii]net.net.au');
    expect(marked('0412 345 678', '0412 345')).toBe('[0412 345] 678');
  });

  it('marks nothing without a query or a match', () => {
    expect(highlightRanges('John Smith', '  ')).toEqual([]);
    expect(highlightRanges('John Smith', 'xyz')).toEqual([]);
    expect(highlightRanges('', 'john')).toEqual([]);
  });

  it('knows one edit from two', () => {
    expect(withinOneEdit('smith', 'smyth')).toBe(true);
    expect(withinOneEdit('smith', 'smth')).toBe(true);
    expect(withinOneEdit('smith', 'smiths')).toBe(true);
    expect(withinOneEdit('smith', 'smiht')).toBe(false);
    expect(withinOneEdit('smith', 'smithers')).toBe(false);
  });
});
