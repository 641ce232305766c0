import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterPage, startPaging } from '../../../src-main/partner-api/paging';

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

  it('the documented limit: a server that shrank its page size fourfold, to exactly the first page, is cut short', () => {
    expect(read(50, 20, 100)).toEqual({ records: 20, requests: 1 });
    expect(read(50, 20, 0)).toEqual({ records: 50, requests: 3 });
  });
});
