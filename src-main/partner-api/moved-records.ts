/**
 * Records that move within a list while it is read. The contract shows no order for its lists; a server may
 * order them by `updatedOn`. Then a record already read that changes moves to the end of the list, everything
 * after its old place moves back one, and the record that stood where the next page begins lands on a page
 * already read: skipped. Nothing on the page says so — but the moved record comes back later in the same read
 * with another `updatedOn`. In key order a changed record keeps its place and is not served again changed
 * (unless others joining the list pushed it onto the next page and it changed in between: a needless read
 * again, never a loss). The same sign shows a move in any order that follows something a change can alter.
 *
 * A read resumed after a crash has not seen the records read before it, so a record that moved since shows no
 * sign. There the order itself is the clue: if every record of the resumed part comes in `updatedOn` order,
 * the list may be ordered by it, and a record changed since the pass began (`resumedAfter`) may be one that
 * moved. In key order a page of several records is almost never in `updatedOn` order, so resumed imports keep
 * their pages. Not caught: a resumed read of a list ordered by something else a change alters (a name).
 *
 * So a read that shows the sign may have skipped a record: a sync pass ends unproven (a read of changes asks
 * again from its proven watermark, a whole read starts over), and a one-off whole read says the list changed
 * while it was read (paging.ts). Records that leave a list while it is read move everything after them back
 * too, without a sign: the sync asks for no list a record can leave by what the contract shows (contacts are
 * read with the deleted ones, kept flagged). The outbox's checks read filtered lists (leads by a search, a
 * client's bills by date) that a record can leave by an edit: one such edit between two pages of a check can
 * still hide a record from it — a rare case the sync's lists do not share.
 */

/** A record's `updatedOn` (every paged record of the contract has one); null for a record without. */
function updatedOnOf(record: unknown): string | null {
  const updatedOn = (record as { updatedOn?: unknown } | null)?.updatedOn;
  return typeof updatedOn === 'string' ? updatedOn : null;
}

/** Watches one read for a record that may have moved within the list (see above). */
export function watchForMovedRecords<T>(
  keyOf: (record: T) => string | number,
  /** A resumed pass: when it began (server time, ISO); its earlier pages were read by another watch. */
  resumedAfter: string | null = null,
) {
  const seen = new Map<string | number, string>();
  let cameBackChanged = false;
  let inUpdatedOnOrder = true;
  let lastUpdatedOn: string | null = null;
  let changedSinceResumedPassBegan = false;
  const resumedAfterMs = resumedAfter === null ? null : Date.parse(resumedAfter);
  return {
    /** Notes a page's records (not a page that repeated the one before: its records are not new). */
    note(records: readonly T[]): void {
      for (const record of records) {
        const key = keyOf(record);
        const updatedOn = updatedOnOf(record);
        const version = updatedOn ?? JSON.stringify(record);
        const before = seen.get(key);
        if (before !== undefined && before !== version) cameBackChanged = true;
        seen.set(key, version);
        if (updatedOn === null || (lastUpdatedOn !== null && Date.parse(updatedOn) < Date.parse(lastUpdatedOn)))
          inUpdatedOnOrder = false;
        if (updatedOn !== null) lastUpdatedOn = updatedOn;
        if (resumedAfterMs !== null && updatedOn !== null && Date.parse(updatedOn) >= resumedAfterMs)
          changedSinceResumedPassBegan = true;
      }
    },
    /** Whether a record may have been skipped by one that moved (see above). */
    get moved(): boolean {
      return cameBackChanged || (changedSinceResumedPassBegan && inUpdatedOnOrder);
    },
  };
}
