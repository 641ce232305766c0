import { z } from 'zod';

/**
 * What a practice's IT may fix on every laptop (the administrator's policy: src-main/policy). Each setting the
 * policy sets is obeyed by the app and shown in Settings as "Set by your administrator"; what it leaves out
 * the user chooses as before.
 */
export const managedSettingsSchema = z.strictObject({
  /** The practice hub every laptop reads through: the hub form is filled with it and no other hub is accepted. */
  hubUrl: z.string().max(2000).optional(),
  /** false: this laptop may connect only through the hub (no Client ID and secret of its own for reading). */
  directConnections: z.boolean().optional(),
  /** The Partner API's address per region, over the built-in ones and regions.json. */
  regionHosts: z
    .strictObject({
      ANZ: z.string().max(1000).optional(),
      UK: z.string().max(1000).optional(),
      ZA: z.string().max(1000).optional(),
    })
    .optional(),
  /** 'off': the app never checks for updates (IT installs new versions). */
  updates: z.enum(['on', 'off']).optional(),
  /**
   * false: no document is kept on this laptop past the session (PDFs and meeting packs are deleted at the next
   * start: their key is held in memory only), for laptops that must not carry client documents around.
   */
  offlineDocuments: z.boolean().optional(),
  /** The shortest client-view PIN a user may choose (4 to 12 digits). */
  clientViewPinMinLength: z.number().int().min(4).max(12).optional(),
});
export type ManagedSettings = z.infer<typeof managedSettingsSchema>;

/** The policy as the renderer sees it: what is set, where it was read, and why it was ignored if it was. */
export const policyStatusSchema = z.strictObject({
  managed: managedSettingsSchema,
  /** The file or registry key read; null when the platform has none set. */
  from: z.string().max(1000).nullable(),
  /** A sentence when a policy was found but ignored (malformed); null otherwise. */
  problem: z.string().max(1000).nullable(),
});
export type PolicyStatus = z.infer<typeof policyStatusSchema>;
