import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterPage, needsConfirming, pageSizeHeld, startPaging } from '../../../src-main/partner-api/paging';

/** Reads a list of n records served by pages of `pageSize`, by the paging rule; returns records and requests. */
function read(n: number, pageSize: number, learnedPageSize: number) {
  let state = startPaging(0, learnedPageSize);
  let records = 0;
  for (let page = 1; ; page++) {
    const served = Math.max(0, Math.min(pageSize, n - (page - 1) * pageSize));
    const keys = Array.from({ length: served }, (_, i) => (page - 1) * pageSize + i);
    const step = afterPage(state, { served, keys });
    state = step.state;
    if (!step.repeated) records += served;
    if (step.ended) return { records, requests: page };
  }
}

describe('the paging rule', () => {
  it('reads every record whenever the server did not shrink its page size to a quarter of what was learned', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 0, max: 400 }),
        (n, pageSize, learned) => {
          fc.pre(pageSize > Math.floor(learned / 4));
          expect(read(n, pageSize, learned).records).toBe(n);
        },
      ),
    );
  });

  it('a small first page ends a pass in one request once the page size is known; unknown, it takes a second', () => {
    expect(read(3, 100, 100)).toEqual({ records: 3, requests: 1 });
    expect(read(25, 100, 100)).toEqual({ records: 25, requests: 1 });
    expect(read(26, 100, 100)).toEqual({ records: 26, requests: 2 });
    expect(read(3, 100, 0)).toEqual({ records: 3, requests: 2 });
    expect(read(0, 100, 100)).toEqual({ records: 0, requests: 1 });
  });

  it('a small first page ends the read unproven: a server that shrank to exactly its count would be cut short', () => {
    expect(read(50, 20, 100)).toEqual({ records: 20, requests: 1 });
    expect(read(50, 20, 0)).toEqual({ records: 50, requests: 3 });
    const small = afterPage(startPaging(0, 100), { served: 20, keys: [] });
    expect(small).toMatchObject({ ended: true, proven: false });
    // An empty first page proves the end whatever the page size.
    expect(afterPage(startPaging(0, 100), { served: 0, keys: [] })).toMatchObject({ ended: true, proven: true });
    // Read on, the same short page proves it (the largest page of this pass is known).
    expect(afterPage(afterPage(startPaging(), { served: 20, keys: [1] }).state, { served: 0, keys: [] })).toMatchObject(
      { ended: true, proven: true },
    );
  });

  it('a page larger than an earlier one of the pass shows the page size grew (records may have been skipped)', () => {
    const first = afterPage(startPaging(), { served: 25, keys: [1] });
    expect(first.grew).toBe(false);
    expect(afterPage(first.state, { served: 100, keys: [2] })).toMatchObject({ grew: true, ended: false });
    expect(afterPage(first.state, { served: 25, keys: [2] }).grew).toBe(false);
  });

  it('a pass of several pages, or of one page as large as the known page size, reads its first page again', () => {
    expect(needsConfirming(2, 25, 100)).toBe(true);
    expect(needsConfirming(1, 100, 100)).toBe(true);
    expect(needsConfirming(1, 30, 100)).toBe(false);
    expect(needsConfirming(1, 3, 0)).toBe(true); // nothing known
    expect(needsConfirming(0, 0, 100)).toBe(false); // an empty first page
    expect(pageSizeHeld(25, 25)).toBe(true);
    expect(pageSizeHeld(100, 25)).toBe(false);
  });
});
