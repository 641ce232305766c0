import { z } from 'zod';
import { syncedResourceNameSchema } from './sync';

/** Where a laptop tells the hub that one of its writes was applied at the practice. */
export const HUB_HINTS_PATH = '/hub/v1/hints';

/**
 * A laptop's hint after one of its outbox entries was applied at the practice: which synced lists the write
 * changed and the keys of what it was about (its client; the lead, onboarding or proposal its address names),
 * so the hub drops what it keeps of them (a lead's notes, a proposal's detail) and re-reads the clients it holds. Only a hint: the hub never trusts it as data — it
 * re-reads those lists from the Partner API itself and pokes the other laptops with what it found.
 * Writes themselves never pass through the hub; the laptop sends them with its own credentials.
 */
/** A hint's fields, either of which may be empty once a hub has dropped what it just did (its stored form). */
export const hubHintFieldsSchema = z.strictObject({
  resources: z.array(syncedResourceNameSchema).max(20),
  clientKeys: z.array(z.uuid()).max(20),
});
export const hubHintSchema = hubHintFieldsSchema.refine(
  (hint) => hint.resources.length + hint.clientKeys.length > 0,
  'A hint names a list or a key.',
);
export type HubHint = z.infer<typeof hubHintSchema>;
