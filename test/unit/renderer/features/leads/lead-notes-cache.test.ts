import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeadNote } from '../../../../../src-preload/contract/partner-api';
import { deletePracticeDb } from '../../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../../support/practice-db';
import { describeNotes, storeLeadNotes } from '../../../../../src-renderer/features/leads/lead-notes-cache';

const practiceKey = '22222222-2222-4222-8222-222222222222';
afterEach(() => deletePracticeDb(practiceKey));

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const note = (noteID: number, leadKey: string, createdOn: string): LeadNote => ({
  noteID,
  leadKey,
  text: `note ${noteID}`,
  createdByKey: null,
  createdOn,
});

describe('lead notes cache', () => {
  it("replaces one lead's notes with the practice's list, leaving other leads' notes alone", async () => {
    const db = practiceDb(practiceKey);
    await storeLeadNotes(db, A, [note(1, A, '2026-01-01T00:00:00Z'), note(2, A, '2026-01-02T00:00:00Z')]);
    await storeLeadNotes(db, B, [note(3, B, '2026-01-03T00:00:00Z')]);
    await storeLeadNotes(db, A, [note(2, A, '2026-01-02T00:00:00Z'), note(4, A, '2026-01-04T00:00:00Z')]); // 1 was deleted on the server
    expect((await db.leadNotes.where('leadKey').equals(A).toArray()).map((n) => n.noteID)).toEqual([2, 4]);
    expect((await db.leadNotes.where('leadKey').equals(B).toArray()).map((n) => n.noteID)).toEqual([3]);
  });
});

describe('what the notes card says', () => {
  const two = [note(1, A, '2026-01-01T00:00:00Z'), note(2, A, '2026-01-05T00:00:00Z')];

  it('fresh from the practice: newest first, nothing to explain', () => {
    expect(describeNotes(two, 2, true, { state: 'done' })).toEqual({
      notes: [two[1], two[0]],
      notice: null,
      loading: false,
    });
  });

  it('offline with nothing cached says so plainly instead of looking like "no notes"', () => {
    const shown = describeNotes([], 3, false, { state: 'idle' });
    expect(shown.notes).toEqual([]);
    expect(shown.notice).toMatch(
      /You are offline\. This lead has 3 notes, but they have not been opened on this laptop yet/,
    );
  });

  it('offline with some cached: shows them and says how many more the practice has', () => {
    const shown = describeNotes(two, 3, false, { state: 'idle' });
    expect(shown.notes).toHaveLength(2);
    expect(shown.notice).toBe(
      'You are offline. Showing the 2 notes saved on this laptop. The practice has 3 notes; the other 1 will show once it can be reached.',
    );
  });

  it('a failed read keeps the cached notes and gives the reason', () => {
    const shown = describeNotes(two, 2, true, {
      state: 'failed',
      message: 'The practice server could not be reached.',
    });
    expect(shown.notes).toHaveLength(2);
    expect(shown.notice).toMatch(
      /^The notes could not be read from the practice: The practice server could not be reached\. Showing the 2 notes/,
    );
  });

  it('a lead without notes needs no notice offline; online with none cached, it is loading', () => {
    expect(describeNotes([], 0, false, { state: 'idle' })).toEqual({ notes: [], notice: null, loading: false });
    expect(describeNotes([], 2, true, { state: 'loading' }).loading).toBe(true);
    expect(describeNotes(two, 2, true, { state: 'loading' })).toMatchObject({ loading: false, notice: null });
  });
});
