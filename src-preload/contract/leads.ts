import { z } from 'zod';
import { leadNoteSchema } from './partner-api/leads';

/** `leads.notes`: one lead's notes, read from the practice on demand (they are not part of the lead list). */
export const leadNotesInputSchema = z.strictObject({
  practiceKey: z.uuid(),
  leadKey: z.uuid(),
});
export type LeadNotesInput = z.infer<typeof leadNotesInputSchema>;

/**
 * The notes, or a sentence saying why they could not be read (offline, not found, …). A failure is an
 * answer rather than a thrown error so the screen can show it as it is and keep any cached notes.
 */
export const leadNotesResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), notes: z.array(leadNoteSchema).max(5_000) }),
  z.strictObject({ ok: z.literal(false), message: z.string().max(1000) }),
]);
export type LeadNotesResult = z.infer<typeof leadNotesResultSchema>;
