/**
 * The one rule for where a paged list ends. The contract shows neither the page size nor a total, and
 * the server may change its page size at any moment, even between two pages of one read. So the page size
 * is learned afresh within each pass: a list ends on an empty page, on a page shorter than the largest
 * page of this same pass, or on a page that repeats the previous one (a server that ignores `pageNumber`
 * answers every page alike). Malformed records count toward the page: a full page holding one bad record
 * is still full. The price: a list that fits in one page takes a second, empty read to prove it ended.
 *
 * A small first page. The sync's reads of changes every five minutes usually find a handful of records,
 * so a first page holding at most a quarter of the page size an earlier pass learned ends the pass at once
 * (one request instead of two). Such an end is NOT proven: the server may have shrunk its page size to
 * exactly that count. The sync (sync-engine.ts, pass-rules.ts `proofDue`) therefore keeps a proven
 * watermark: a pass ended this way does not move it, so the next pass asks again from it (records repeat,
 * harmlessly: upsert by key), and at the latest an hour after it (server time; a day for the billing date
 * windows) a pass must prove its end by reading past its first page — which also learns the page size
 * again. Whatever the shrink, every change reaches the laptop within an hour while the user is active, for
 * at most one extra request per list per hour, and only when the first page held records. Whole reads
 * (first import, reconciliation, lists without lastUpdated) never trust a learned page size, and what
 * they see replaces it.
 *
 * A page size that changes during a pass. A shrink makes a later page look short; a growth makes the
 * offsets jump, skipping records. A page larger than the largest of this pass shows the growth at once;
 * otherwise a pass of several pages (or whose one page was as large as the known page size) reads its first
 * page again at its end (`needsConfirming`): the same count proves the page size held, another count leaves
 * the pass unproven (`pageSizeHeld`). One extra request per such pass — imports, bursts, reconciliations.
 * A change during the very pass that had to prove its end costs that pass: the next run (five minutes on)
 * proves it. Not caught: a shrink to exactly a small first page's count followed by a growth between that
 * pass's first two pages, if its one page came back whole; the weekly reconciliation reads it.
 *
 * `readAllPages` (one-off reads: the outbox's checks, a client's own bills) uses the plain rule: such a
 * read is done again the next time it is needed, so it has no watermark to protect.
 */
export interface PagingState {
  /** The largest page served so far in this pass (0 before the first page). */
  largestThisPass: number;
  /** The previous page's keys, joined: a repeat ends the list. */
  previousKeys: string | null;
  /** The page size an earlier pass learned (0: unknown, or not to be trusted), for the small-first-page rule. */
  learnedPageSize: number;
}

export const startPaging = (largestThisPass = 0, learnedPageSize = 0): PagingState => ({
  largestThisPass,
  previousKeys: null,
  learnedPageSize,
});

/** A first page this small, against the page size learned before, ends the pass unproven (see above). */
const smallFirstPage = (state: PagingState, served: number): boolean =>
  state.previousKeys === null &&
  state.largestThisPass === 0 &&
  served > 0 &&
  served <= Math.floor(state.learnedPageSize / 4);

export interface ServedPage {
  /** Records the server sent, malformed ones included. */
  served: number;
  /** Keys of the well-formed records, in the order served. */
  keys: readonly (string | number)[];
}

export interface PageStep {
  ended: boolean;
  /** The page is the previous one again, so its records are not new. */
  repeated: boolean;
  /** The end rests on this pass's own pages (false: the small-first-page rule, see above). */
  proven: boolean;
  /**
   * A page larger than an earlier one of this pass: the page size grew mid-pass and records may have been
   * skipped. The list goes on (a one-off read keeps reading); a sync pass ends unproven.
   */
  grew: boolean;
  state: PagingState;
}

export function afterPage(state: PagingState, page: ServedPage): PageStep {
  const keys = `${page.served}:${page.keys.join('|')}`;
  const repeated = page.served > 0 && state.previousKeys === keys;
  const grew = state.largestThisPass > 0 && page.served > state.largestThisPass;
  const small = smallFirstPage(state, page.served);
  const ended = page.served === 0 || page.served < state.largestThisPass || repeated || small;
  return {
    ended,
    repeated,
    proven: ended && !small,
    grew,
    state: { ...state, largestThisPass: Math.max(state.largestThisPass, page.served), previousKeys: keys },
  };
}

/**
 * Whether a pass that ended by the rule must read its first page again to prove the page size held: it
 * read several pages with records, or its one page was as large as the page size known before (0: unknown).
 */
export const needsConfirming = (pagesWithRecords: number, largestThisPass: number, knownPageSize: number): boolean =>
  pagesWithRecords >= 2 || (pagesWithRecords === 1 && largestThisPass >= knownPageSize);

/** The first page read again serves as many as the pass's largest page: the page size held throughout. */
export const pageSizeHeld = (largestThisPass: number, servedAgain: number): boolean => servedAgain === largestThisPass;

/** The most pages one read may take (the contract's pageNumber runs 1 to 10000). */
export const MAX_PAGE_NUMBER = 10_000;

/**
 * Reads a list to its end by the rule above. `fetchPage` answers one page: the well-formed records and
 * how many were malformed. Returns every record, the malformed count and the requests made.
 */
export async function readAllPages<T>(
  fetchPage: (pageNumber: number) => Promise<{ data: T[]; rejected: number }>,
  keyOf: (record: T) => string | number,
): Promise<{ data: T[]; rejected: number; requests: number }> {
  const data: T[] = [];
  let rejected = 0;
  let state = startPaging();
  for (let pageNumber = 1; pageNumber <= MAX_PAGE_NUMBER; pageNumber++) {
    const page = await fetchPage(pageNumber);
    const step = afterPage(state, { served: page.data.length + page.rejected, keys: page.data.map(keyOf) });
    state = step.state;
    rejected += page.rejected;
    if (!step.repeated) data.push(...page.data);
    if (step.ended) return { data, rejected, requests: pageNumber };
  }
  return { data, rejected, requests: MAX_PAGE_NUMBER };
}
