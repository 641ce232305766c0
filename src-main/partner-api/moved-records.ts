/**
 * Records that move within a list while it is read. The contract shows no order for its lists; a server may
 * order them by `updatedOn`. Then a record already read that changes moves to the end of the list, everything
 * after its old place moves back one, and the record that stood where the next page begins lands on a page
 * already read: skipped. Nothing on the page says so — but the moved record comes back later in the same read
 * with another `updatedOn`. In key order a changed record keeps its place and is never served twice changed,
 * so the sign is true only of an order that follows the changes (or, rarely, of a record pushed onto the next
 * page by others joining the list and changed in between: a needless read again, never a loss).
 *
 * So a read that saw a record come back changed may have skipped one: a sync pass ends unproven (a read of
 * changes asks again from its proven watermark, a whole read starts over), and a one-off whole read says the
 * list changed while it was read (paging.ts). Records that leave a list while it is read move everything after
 * them back too, without a sign: the sync never asks for a list a record can leave (contacts are read with the
 * deleted ones, kept flagged).
 */

/** A record's version: its `updatedOn` (every paged record of the contract has one), else the whole record. */
function versionOf(record: unknown): string {
  const updatedOn = (record as { updatedOn?: unknown } | null)?.updatedOn;
  return typeof updatedOn === 'string' ? updatedOn : JSON.stringify(record);
}

/** Watches one read for a record that comes back changed. A read resumed after a crash starts a new watch. */
export function watchForMovedRecords<T>(keyOf: (record: T) => string | number) {
  const seen = new Map<string | number, string>();
  let moved = false;
  return {
    /** Notes a page's records (not a page that repeated the one before: its records are not new). */
    note(records: readonly T[]): void {
      for (const record of records) {
        const key = keyOf(record);
        const version = versionOf(record);
        const before = seen.get(key);
        if (before !== undefined && before !== version) moved = true;
        seen.set(key, version);
      }
    },
    /** Whether a record read earlier in this read came back changed: a record may have been skipped. */
    get moved(): boolean {
      return moved;
    },
  };
}
