/**
 * The one rule for where a paged list ends. The contract shows neither the page size nor a total, and
 * the server may change its page size between two reads, so the page size is learned afresh within
 * each pass and never carried over: a list ends on an empty page, on a page shorter than the largest
 * page of this same pass, or on a page that repeats the previous one (a server that ignores
 * `pageNumber` answers every page alike). Malformed records count toward the page: a full page
 * holding one bad record is still full. A pass that carried the page size over from an earlier pass
 * stopped after one page once the server's page size shrank, and lost the rest for good.
 *
 * The price: a list that fits in one page takes a second, empty read to prove it ended (a pass with
 * nothing new still takes one read: its first page is empty).
 *
 * Except for a small first page. When an earlier pass of the same list learned the page size (a pass of
 * several pages: all but its last page were full), a first page holding at most a quarter of it ends the
 * pass at once. The page is short unless the server shrank its page size to a quarter or less and to
 * exactly this count; any shrink is learned again by the next pass of several pages. The reads of changes
 * every five minutes, which usually find a handful of records, then cost one request instead of two.
 */
export interface PagingState {
  /** The largest page served so far in this pass (0 before the first page). */
  largestThisPass: number;
  /** The previous page's keys, joined: a repeat ends the list. */
  previousKeys: string | null;
  /** The page size an earlier pass learned (0: unknown), for the small-first-page rule. */
  learnedPageSize: number;
}

export const startPaging = (largestThisPass = 0, learnedPageSize = 0): PagingState => ({
  largestThisPass,
  previousKeys: null,
  learnedPageSize,
});

/** A first page this small, against the page size learned before, is the whole list (see above). */
const smallFirstPage = (state: PagingState, served: number): boolean =>
  state.previousKeys === null && state.largestThisPass === 0 && served <= Math.floor(state.learnedPageSize / 4);

export interface ServedPage {
  /** Records the server sent, malformed ones included. */
  served: number;
  /** Keys of the well-formed records, in the order served. */
  keys: readonly (string | number)[];
}

/** `repeated`: the page is the previous one again, so its records are not new. */
export function afterPage(
  state: PagingState,
  page: ServedPage,
): { ended: boolean; repeated: boolean; state: PagingState } {
  const keys = `${page.served}:${page.keys.join('|')}`;
  const repeated = page.served > 0 && state.previousKeys === keys;
  const ended =
    page.served === 0 || page.served < state.largestThisPass || repeated || smallFirstPage(state, page.served);
  return {
    ended,
    repeated,
    state: { ...state, largestThisPass: Math.max(state.largestThisPass, page.served), previousKeys: keys },
  };
}

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
