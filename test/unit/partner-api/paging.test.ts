import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListChangedWhileReadError } from '../../../src-main/partner-api/api-errors';
import { watchForMovedRecords } from '../../../src-main/partner-api/moved-records';
import {
  afterPage,
  needsConfirming,
  pageSizeHeld,
  readAllPages,
  startPaging,
} from '../../../src-main/partner-api/paging';

/** Reads a list of n records served by pages of `pageSize`, by the paging rule; returns records and requests. */
function read(n: number, pageSize: number, learnedPageSize: number) {
  let state = startPaging({ learnedPageSize });
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
    const small = afterPage(startPaging({ learnedPageSize: 100 }), { served: 20, keys: [] });
    expect(small).toMatchObject({ ended: true, proven: false });
    // An empty first page proves the end whatever the page size.
    expect(afterPage(startPaging({ learnedPageSize: 100 }), { served: 0, keys: [] })).toMatchObject({
      ended: true,
      proven: true,
    });
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

  it('a page that repeats the previous one does not end the list; the second repeat of the first page does (an endpoint without paging)', () => {
    const first = afterPage(startPaging(), { served: 3, keys: [1, 2, 3] });
    const once = afterPage(first.state, { served: 3, keys: [1, 2, 3] });
    expect(once).toMatchObject({ repeated: true, ended: false });
    expect(afterPage(once.state, { served: 3, keys: [1, 2, 3] })).toMatchObject({
      repeated: true,
      ended: true,
      proven: true,
    });
  });

  it('two repeats in a row further on end the read unproven: the server has shown it pages, so records may lie beyond', () => {
    let state = afterPage(startPaging(), { served: 2, keys: [1, 2] }).state;
    state = afterPage(state, { served: 2, keys: [3, 4] }).state;
    const once = afterPage(state, { served: 2, keys: [3, 4] });
    expect(once).toMatchObject({ repeated: true, ended: false });
    expect(afterPage(once.state, { served: 2, keys: [3, 4] })).toMatchObject({ ended: true, proven: false });
    // A resumed pass (its earlier pages already read) has no first page of its own to repeat.
    const resumed = afterPage(startPaging({ resumedWithLargestPage: 2 }), { served: 2, keys: [5, 6] });
    const again = afterPage(resumed.state, { served: 2, keys: [5, 6] });
    expect(afterPage(again.state, { served: 2, keys: [5, 6] })).toMatchObject({ ended: true, proven: false });
  });

  it('reads a catalog endpoint, which may ignore pageNumber, in two requests; a list endpoint that turns out not to page, in three', async () => {
    const all = [1, 2, 3, 4, 5];
    const unpaged = async () => ({ data: all, rejected: 0 });
    expect(await readAllPages(unpaged, (n) => n, 'may-ignore')).toEqual({ data: all, rejected: 0, requests: 2 });
    expect(await readAllPages(unpaged, (n) => n)).toEqual({ data: all, rejected: 0, requests: 3 });
    // On a catalog endpoint one repeat is the end, and a proven one.
    const first = afterPage(startPaging({ endpoint: 'may-ignore' }), { served: 5, keys: all });
    expect(afterPage(first.state, { served: 5, keys: all })).toMatchObject({ ended: true, proven: true });
  });

  it('records joining a list in key order between two of its pages never cut a whole read short: it reads them all (some twice), or says the list changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(
          fc.record({ beforeRequest: fc.integer({ min: 2, max: 12 }), keys: fc.array(fc.nat(200), { maxLength: 24 }) }),
          { maxLength: 4 },
        ),
        async (n, pageSize, bursts) => {
          // Even keys from 0 at the start; a burst adds odd ones (new records) anywhere in key order, before the
          // first one too.
          const keys = new Set(Array.from({ length: n }, (_, i) => i * 4));
          const served: string[] = [];
          const reading = readAllPages(
            async (pageNumber) => {
              for (const burst of bursts)
                if (burst.beforeRequest === pageNumber) for (const k of burst.keys) keys.add(k * 2 - 39);
              const sorted = [...keys].sort((a, b) => a - b);
              const page = sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
              served.push(page.join());
              return { data: page, rejected: 0 };
            },
            (k) => k,
          );
          const read = await reading.catch((error: unknown) => error);
          const [last, before, third] = served.slice(-3).reverse();
          if (read instanceof ListChangedWhileReadError) {
            // Only two repeats in a row past the first page say so.
            expect(served.length).toBeGreaterThan(3);
            expect([before, third]).toEqual([last, last]);
            return;
          }
          // The one case the rule cannot tell from an endpoint without paging (see paging.ts).
          fc.pre(!(served.length === 3 && before === last && third === last && keys.size > pageSize));
          const readKeys = new Set((read as { data: number[] }).data);
          for (let i = 0; i < n; i++) expect(readKeys.has(i * 4)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a record that comes back changed (the list ordered by updatedOn: it moved to the end) says the list changed, as one may have been skipped', async () => {
    // Five records a page of two, oldest change first; the first is changed after the first page is read.
    const records = ['a', 'b', 'c', 'd', 'e'].map((key, i) => ({ key, updatedOn: `2031-01-0${i + 1}` }));
    const ordered = () => [...records].sort((x, y) => x.updatedOn.localeCompare(y.updatedOn));
    const reading = readAllPages(
      async (pageNumber) => {
        if (pageNumber === 2) records[0] = { key: 'a', updatedOn: '2031-02-01' };
        return { data: ordered().slice((pageNumber - 1) * 2, pageNumber * 2), rejected: 0 };
      },
      (r) => r.key,
    );
    // Without the sign, 'c' (moved back onto the first page) would be missing from a list taken as whole.
    await expect(reading).rejects.toBeInstanceOf(ListChangedWhileReadError);
  });

  it('a record pushed onto the next page unchanged is no sign of a move', () => {
    const watch = watchForMovedRecords((r: { key: string; updatedOn: string }) => r.key);
    watch.note([
      { key: 'a', updatedOn: '1' },
      { key: 'b', updatedOn: '1' },
    ]);
    watch.note([
      { key: 'b', updatedOn: '1' },
      { key: 'c', updatedOn: '1' },
    ]);
    expect(watch.moved).toBe(false);
    watch.note([{ key: 'a', updatedOn: '2' }]);
    expect(watch.moved).toBe(true);
  });

  it('pages of malformed records only count as repeats (they cannot be told apart), so a server serving nothing else still ends', () => {
    let state = startPaging();
    const steps = [1, 2, 3].map(() => {
      const step = afterPage(state, { served: 3, keys: [] });
      state = step.state;
      return step;
    });
    expect(steps.map((s) => s.ended)).toEqual([false, false, true]);
  });

  it('a resumed pass starts past the first page: its first page repeated twice is no endpoint without paging', () => {
    const resumed = afterPage(startPaging({ resumedWithLargestPage: 0 }), { served: 2, keys: [5, 6] });
    const again = afterPage(resumed.state, { served: 2, keys: [5, 6] });
    expect(afterPage(again.state, { served: 2, keys: [5, 6] })).toMatchObject({ ended: true, proven: false });
  });
});
