import type { SyncCursor } from '../../src-preload/contract/sync';
import { unknownKind, type SyncKind } from './sync-resources';

/** Pages a read of this many records takes: the full pages plus the short (or empty) last one. */
const pagesFor = (records: number, largestPage: number): number => Math.floor(records / largestPage) + 1;

/** Pages a whole read takes, from the last whole read (null when there was none). */
export function pagesOfWholeRead(cursor: SyncCursor | undefined): number | null {
  if (!cursor || cursor.fullPassRecords === undefined || cursor.largestPage <= 0) return null;
  return pagesFor(cursor.fullPassRecords, cursor.largestPage);
}

/** A paged pass that reads more than its changes: the rest of a whole read, or of a whole list or recent window. */
function pagesLeft(cursor: SyncCursor | undefined): { requests: number; sized: boolean } {
  if (cursor?.mode === 'incremental') {
    // A whole list or a recent window: about as many pages as the last such pass took.
    const pages = cursor.largestPage > 0 ? pagesFor(cursor.recordsThisPass, cursor.largestPage) : 1;
    return { requests: Math.max(1, pages - (cursor.nextPage - 1)), sized: true };
  }
  // A first full pass has no known end (the API gives no totals): at least one more page, unsized.
  const whole = pagesOfWholeRead(cursor);
  const done = (cursor?.nextPage ?? 1) - 1;
  return { requests: Math.max(1, (whole ?? 0) - done), sized: whole !== null };
}

/**
 * Requests one resource still needs in the run under way. An incremental pass of a paged list is
 * usually one page; a reconcile pass is sized from the last whole read.
 */
export function requestsFor(kind: SyncKind, cursor: SyncCursor | undefined): { requests: number; sized: boolean } {
  switch (kind) {
    case 'report':
      return { requests: 1, sized: true };
    case 'snapshot':
      // A page, then the empty (or repeated) one that proves it ended.
      return { requests: 2, sized: true };
    case 'paged':
      return cursor?.mode === 'incremental' ? { requests: 1, sized: true } : pagesLeft(cursor);
    case 'paged-whole':
    case 'window':
      return pagesLeft(cursor);
    default:
      return unknownKind(kind);
  }
}
