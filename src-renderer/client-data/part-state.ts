/**
 * What a read-backed view can honestly say about one part of a client (a list, or a row's detail).
 * "Not on this laptop" is only ever said once the local database has answered and no read is under
 * way: a live query that has not answered yet, or a read in flight, is not a missing record.
 */
export type PartState =
  /** The local database has not answered yet. */
  | 'loading'
  /** Nothing stored yet, and a read from the practice is under way. */
  | 'reading'
  /** Stored on this laptop. */
  | 'present'
  /** Read from the practice, which has none. */
  | 'empty'
  /** Nothing stored, never read, and offline: an online read or a meeting pack would bring it. */
  | 'absent-offline'
  /** Nothing stored and never read, though online (no read was started, e.g. the client is not stored). */
  | 'absent-never-read'
  /** Nothing stored and the last read failed. */
  | 'failed';

/** Where the on-demand read of a part stands on this screen. */
export type ReadStatus =
  /** No read was needed (fresh enough, offline, or nothing to read for). */
  | { status: 'idle' }
  | { status: 'reading' }
  /** A read answered and was stored; the live queries may take a moment to show it. */
  | { status: 'done' }
  | { status: 'failed'; message: string };

export interface PartInputs {
  /** How many rows are stored, or 'loading' while the live query has not answered. */
  stored: number | 'loading';
  /** When the part was last read from the practice: null never, 'loading' while unknown. */
  fetchedAt: string | null | 'loading';
  read: ReadStatus;
  online: boolean;
}

export function partState({ stored, fetchedAt, read, online }: PartInputs): PartState {
  if (stored === 'loading') return 'loading';
  if (stored > 0) return 'present';
  // A stored read always leaves its "last read" marker, so "done" with no marker yet is the live query catching up.
  if (read.status === 'reading' || (read.status === 'done' && fetchedAt === null)) return 'reading';
  if (fetchedAt === 'loading') return 'loading';
  if (read.status === 'failed') return 'failed';
  if (fetchedAt !== null) return 'empty';
  return online ? 'absent-never-read' : 'absent-offline';
}
