import type { LeadNotesResult } from '../../src-preload/contract/leads';
import { leadNoteSchema } from '../../src-preload/contract/partner-api';
import { describeApiError, PartnerApiError } from '../partner-api/api-errors';
import type { PartnerApiClient } from '../partner-api/partner-api-client';

/**
 * One lead's notes, read when someone opens the lead: 'interactive' priority, because a person is
 * waiting, and notes are not in the lead list (only noteCount is). Never throws: every failure becomes
 * a sentence, so the screen can say it and keep showing the notes it cached earlier.
 */
export async function fetchLeadNotes(api: PartnerApiClient, leadKey: string): Promise<LeadNotesResult> {
  try {
    // list() validates note by note: one malformed note is skipped rather than hiding all the others.
    const page = await api.list(`/leads/${encodeURIComponent(leadKey)}/notes`, leadNoteSchema, { priority: 'interactive' });
    return { ok: true, notes: page.data };
  } catch (error) {
    if (error instanceof PartnerApiError && error.status === 404) return { ok: false, message: 'The practice no longer has this lead.' };
    return { ok: false, message: describeApiError(error).slice(0, 1000) };
  }
}
