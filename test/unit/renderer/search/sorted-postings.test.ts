import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  difference,
  includes,
  intersect,
  intersectAll,
  NO_POSTINGS,
  postingsOf,
  union,
} from '../../../../src-renderer/search/sorted-postings';

/** Client numbers with repeats, in any order: what the word lists of a query hold before they are postings. */
const numbers = (maxLength: number) => fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength });
const asSet = (values: ArrayLike<number>) => new Set(Array.from(values));
const sorted = (values: Iterable<number>) => [...values].sort((a, b) => a - b);

// A short list beside one more than sixteen times longer is looked up by binary search, not walked: both
// kinds of pair, so both ways of intersecting are held to the same answer.
const pair = fc.oneof(
  fc.tuple(numbers(60), numbers(60)),
  fc.tuple(numbers(8), fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 400, maxLength: 1500 })),
);

describe('sorted postings', () => {
  it('postingsOf gives the distinct numbers ascending, from plain arrays and typed ones alike', () => {
    fc.assert(
      fc.property(numbers(80), numbers(80), (a, b) => {
        const out = Array.from(postingsOf([a, Int32Array.from(b)]));
        expect(out).toEqual(sorted(new Set([...a, ...b])));
      }),
    );
  });

  it('intersect, union and difference agree with sets, whichever list is the shorter', () => {
    fc.assert(
      fc.property(pair, fc.boolean(), ([rawA, rawB], swap) => {
        const [a, b] = swap ? [postingsOf([rawB]), postingsOf([rawA])] : [postingsOf([rawA]), postingsOf([rawB])];
        const setA = asSet(a);
        const setB = asSet(b);
        expect(Array.from(intersect(a, b))).toEqual(sorted([...setA].filter((x) => setB.has(x))));
        expect(Array.from(union(a, b))).toEqual(sorted(new Set([...setA, ...setB])));
        expect(Array.from(difference(a, b))).toEqual(sorted([...setA].filter((x) => !setB.has(x))));
        for (const x of [...rawB.slice(0, 20), -1, 5001]) expect(includes(a, x)).toBe(setA.has(x));
      }),
    );
  });

  it('intersectAll keeps what every list holds, and an empty query list is no clients', () => {
    fc.assert(
      fc.property(fc.array(numbers(300), { minLength: 1, maxLength: 4 }), (raw) => {
        const lists = raw.map((r) => postingsOf([r]));
        const expected = sorted([...asSet(lists[0]!)].filter((x) => lists.every((l) => asSet(l).has(x))));
        expect(Array.from(intersectAll(lists))).toEqual(expected);
      }),
    );
    expect(intersectAll([])).toBe(NO_POSTINGS);
  });

  it('the binary-search way finds a value at either end of the long list and stops past its end', () => {
    const long = postingsOf([Array.from({ length: 1000 }, (_, i) => i * 2)]);
    expect(Array.from(intersect(Int32Array.of(0, 1, 1998, 1999, 3000), long))).toEqual([0, 1998]);
  });
});
