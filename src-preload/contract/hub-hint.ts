import { z } from 'zod';
import { syncedResourceNameSchema } from './sync';

/** Where a laptop tells the hub that one of its writes was applied at the practice. */
export const HUB_HINTS_PATH = '/hub/v1/hints';

/**
 * A laptop's hint after one of its outbox entries was applied at the practice: which synced lists the write
 * changed and, when it was about a client, which one. Only a hint: the hub never trusts it as data — it
 * re-reads those lists from the Partner API itself and pokes the other laptops with what it found.
 * Writes themselves never pass through the hub; the laptop sends them with its own credentials.
 */
export const hubHintSchema = z.strictObject({
  resources: z.array(syncedResourceNameSchema).min(1).max(20),
  clientKeys: z.array(z.uuid()).max(20),
});
export type HubHint = z.infer<typeof hubHintSchema>;
