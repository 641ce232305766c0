import { z } from 'zod';

/**
 * Live updates from the practice hub: main keeps a Server-Sent Events stream open to a hub practice, runs
 * the sync of the lists each poke names, and relays the poke (which lists changed, for which clients — never
 * the records) to the window, which re-reads the clients it holds. Direct connections have no stream ('off'); the 5-minute pass stays either way.
 */
/** The hub's change stream (Server-Sent Events), one path for the hub that serves it and the laptop that opens it. */
export const HUB_CHANGES_PATH = '/hub/v1/changes';

export const liveStateSchema = z.enum(['off', 'connecting', 'on', 'retrying']);
export type LiveState = z.infer<typeof liveStateSchema>;

export const liveStatusSchema = z.strictObject({
  practiceKey: z.uuid().nullable(),
  state: liveStateSchema,
});
export type LiveStatus = z.infer<typeof liveStatusSchema>;

/**
 * The hub's poke, relayed: `clients` null when too many changed to name ("re-read what you hold").
 * `listsSyncing`: main already runs the sync of `lists` (from the window's cursors it saw acknowledged), so
 * the window only re-reads the clients; false when main could not, and the window starts that run itself.
 */
export const syncPokeSchema = z.strictObject({
  practiceKey: z.uuid(),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  lists: z.array(z.string().max(60)).max(50),
  clients: z.array(z.uuid()).max(100).nullable(),
  listsSyncing: z.boolean(),
});
export type SyncPoke = z.infer<typeof syncPokeSchema>;

/** The window saw a client's proposal turn Accepted: main raises the OS notification (its own rules apply). */
export const proposalAcceptedReportSchema = z.strictObject({
  practiceKey: z.uuid(),
  entityKey: z.uuid(),
  clientName: z.string().max(300),
  proposalKey: z.uuid(),
  proposalName: z.string().max(300),
});
export type ProposalAcceptedReport = z.infer<typeof proposalAcceptedReportSchema>;
