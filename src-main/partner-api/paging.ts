import { ListChangedWhileReadError } from './api-errors';
import { watchForMovedRecords } from './moved-records';

/**
 * The one rule for where a paged list ends. The contract shows neither the page size nor a total, and
 * the server may change its page size at any moment, even between two pages of one read. So the page size
 * is learned afresh within each pass: a list ends on an empty page, on a page shorter than the largest
 * page of this same pass, or on pages that repeat the one before them. Malformed records count toward the
 * page: a full page holding one bad record is still full. The price: a list that fits in one page takes a
 * second, empty read to prove it ended.
 *
 * Repeats. An endpoint that ignores `pageNumber` answers every page alike. The contract shows no paging for
 * the catalogs' endpoints (the practice's ignore it; the hub pages them by key), so for those
 * (`'may-ignore'`) a repeat ends the list. On an endpoint that pages
 * (`'pages'`: the lists read page by page, the reads for evidence of a write), one repeat is not an end:
 * records changed while the list is read join it (a list of changes) or are new (a client created); in key
 * order they land before the page being read as often as after it, and exactly a page of them pushes the
 * previous page into the next. Nothing is skipped that way, only repeated, so the read goes on; ended there,
 * it lost every record after that page — a sync pass proved an end it had not reached, and a verifier
 * missed its evidence. Two repeats in a row end it: of the first page, the endpoint does not page after
 * all, and what it served is all there is; further on they take two such bursts back to back (or a server
 * that answers the last page for any later number), so that end is left unproven and a read of changes asks
 * again from its proven watermark. Not caught: two bursts of exactly a page each, all before the first
 * page's records, between a read's first three requests; for the sync, the weekly reconciliation reads what
 * they hid, and a verifier would take the list it read for the whole.
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
 * `readAllPages` (whole reads: the outbox's checks, a client's own bills, the catalogs) uses the rule
 * without the small first page: such a read is done again the next time it is needed, so it has no
 * watermark to protect. Ended unproven (repeats past the first page), or after a record came back changed
 * (moved-records.ts), it throws `ListChangedWhileReadError` rather than hand back part of the list as the
 * whole: a verifier would read an absence into it.
 */
export interface PagingState {
  /** The largest page served so far in this pass (0 before the first page). */
  largestThisPass: number;
  /** The previous page's keys, joined, to tell a repeat. */
  previousKeys: string | null;
  /** How many pages in a row, up to this one, repeated the page before them. */
  repeatsInARow: number;
  /** Before this read's first page, when that page is the list's first (not a resumed pass). */
  atFirstPage: boolean;
  /** The keys of the list's first page, when this read began at it. */
  firstPageKeys: string | null;
  /** Repeats in a row that end the list: 1 on an endpoint that may ignore `pageNumber`, else 2. */
  repeatsThatEnd: number;
  /** The page size an earlier pass learned (0: unknown, or not to be trusted), for the small-first-page rule. */
  learnedPageSize: number;
}

/** Whether an endpoint is known to page, which decides what a repeated page means (see above). */
export type EndpointPaging = 'pages' | 'may-ignore';

export interface PagingStart {
  /** A pass resumed after a crash: the largest page of the pages it read before (its next is not the first). */
  resumedWithLargestPage?: number;
  /** The page size an earlier pass learned, for the small-first-page rule (0 or absent: not used). */
  learnedPageSize?: number;
  endpoint?: EndpointPaging;
}

export const startPaging = (start: PagingStart = {}): PagingState => ({
  largestThisPass: start.resumedWithLargestPage ?? 0,
  previousKeys: null,
  repeatsInARow: 0,
  atFirstPage: start.resumedWithLargestPage === undefined,
  firstPageKeys: null,
  learnedPageSize: start.learnedPageSize ?? 0,
  repeatsThatEnd: (start.endpoint ?? 'pages') === 'pages' ? 2 : 1,
});

/** A first page this small, against the page size learned before, ends the pass unproven (see above). */
const smallFirstPage = (state: PagingState, served: number): boolean =>
  state.atFirstPage && served > 0 && served <= Math.floor(state.learnedPageSize / 4);

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
  /** The end rests on this pass's own pages (false: the small-first-page rule, or repeats; see above). */
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
  // Pages of malformed records only cannot be told apart: alike in count, they count as repeats, so a server
  // that serves nothing else still ends. A list that begins with three full pages of them ends there, as an
  // endpoint without paging (their records are reported as rejected).
  const repeated = page.served > 0 && state.previousKeys === keys;
  const repeatsInARow = repeated ? state.repeatsInARow + 1 : 0;
  const firstPageKeys = state.atFirstPage ? keys : state.firstPageKeys;
  const repeatsEnd = repeatsInARow >= state.repeatsThatEnd;
  // Only the first page served again shows an endpoint without paging (see above).
  const withoutPaging = repeatsEnd && (state.repeatsThatEnd === 1 || keys === firstPageKeys);
  const grew = state.largestThisPass > 0 && page.served > state.largestThisPass;
  const small = smallFirstPage(state, page.served);
  const ended = page.served === 0 || page.served < state.largestThisPass || repeatsEnd || small;
  return {
    ended,
    repeated,
    proven: ended && !small && (!repeatsEnd || withoutPaging),
    grew,
    state: {
      ...state,
      largestThisPass: Math.max(state.largestThisPass, page.served),
      previousKeys: keys,
      repeatsInARow,
      atFirstPage: false,
      firstPageKeys,
    },
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
  endpoint: EndpointPaging = 'pages',
): Promise<{ data: T[]; rejected: number; requests: number }> {
  const data: T[] = [];
  let rejected = 0;
  let state = startPaging({ endpoint });
  const moves = watchForMovedRecords(keyOf);
  for (let pageNumber = 1; pageNumber <= MAX_PAGE_NUMBER; pageNumber++) {
    const page = await fetchPage(pageNumber);
    const step = afterPage(state, { served: page.data.length + page.rejected, keys: page.data.map(keyOf) });
    state = step.state;
    rejected += page.rejected;
    if (!step.repeated) {
      data.push(...page.data);
      moves.note(page.data);
    }
    if (step.ended) {
      if (!step.proven || moves.moved) throw new ListChangedWhileReadError();
      return { data, rejected, requests: pageNumber };
    }
  }
  return { data, rejected, requests: MAX_PAGE_NUMBER };
}
