import type { LeadNote } from '../../../src-preload/contract/partner-api';
import type { PracticeDb } from '../../data/practice-db';
import { countOf } from '../../ui/regional/counts';

/**
 * Replaces one lead's cached notes with the list the practice just sent, in one transaction: a note
 * deleted on the server disappears here too, and a reader never sees half of the old and half of the new.
 */
export async function storeLeadNotes(db: PracticeDb, leadKey: string, notes: readonly LeadNote[]): Promise<void> {
  await db.transaction('rw', db.leadNotes, async () => {
    await db.leadNotes.where('leadKey').equals(leadKey).delete();
    await db.leadNotes.bulkPut(notes.filter((note) => note.leadKey === leadKey));
  });
}

/** Where the latest read of the notes from the practice stands. */
export type NotesRefresh =
  { state: 'idle' } | { state: 'loading' } | { state: 'done' } | { state: 'failed'; message: string };

export interface NotesDisplay {
  /** Newest first. */
  notes: LeadNote[];
  /** A sentence about where the notes come from when that matters (offline, failed, some missing); else null. */
  notice: string | null;
  /** Nothing to list yet, but a read is under way. */
  loading: boolean;
}

const plural = (n: number) => countOf(n, 'note');

/**
 * What the notes card says, from the cached notes, the lead's noteCount (from sync), whether main is
 * online and how the latest read went. Offline with nothing cached is said plainly, never an empty list
 * that looks like "no notes".
 */
export function describeNotes(
  cached: readonly LeadNote[],
  noteCount: number,
  online: boolean,
  refresh: NotesRefresh,
): NotesDisplay {
  const notes = [...cached].sort(
    (a, b) => (Date.parse(b.createdOn) || 0) - (Date.parse(a.createdOn) || 0) || b.noteID - a.noteID,
  );
  if (refresh.state === 'done') return { notes, notice: null, loading: false };
  const missing = Math.max(0, noteCount - notes.length);
  if (!online || refresh.state === 'failed') {
    const why = online
      ? `The notes could not be read from the practice: ${refresh.state === 'failed' ? refresh.message : ''}`
      : 'You are offline.';
    if (notes.length === 0 && missing > 0) {
      return {
        notes,
        notice: `${why} This lead has ${plural(noteCount)}, but they have not been opened on this laptop yet; they will show once the practice can be reached.`,
        loading: false,
      };
    }
    if (notes.length === 0) return { notes, notice: null, loading: false };
    const more =
      missing > 0
        ? ` The practice has ${plural(noteCount)}; the other ${missing} will show once it can be reached.`
        : '';
    return { notes, notice: `${why} Showing the ${plural(notes.length)} saved on this laptop.${more}`, loading: false };
  }
  // Online, read not finished: show what is cached meanwhile; "loading" only when there is nothing to show.
  return { notes, notice: null, loading: refresh.state === 'loading' && notes.length === 0 && noteCount > 0 };
}
