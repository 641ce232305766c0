import { z } from 'zod';
import { syncRoundSchema } from './sync-cadence';
import { regionSchema } from './partner-api/common';
import { budgetStatusSchema } from './budget';
import { jsonObjectUntyped } from './plain-json';
import { syncCursorSchema, syncedResourceNameSchema, syncSourceSchema } from './sync';

/** A practice this laptop knows, as the renderer may see it (never the secret). */
export const practiceSummarySchema = z.strictObject({
  practiceKey: z.uuid(),
  name: z.string().max(200),
  region: regionSchema,
  canWrite: z.boolean(),
  isDemo: z.boolean(),
  storage: z.enum(['keychain', 'weak-opt-in', 'session-only']),
  /** A sentence for the user when the practice cannot be used until the secret is entered again. */
  problem: z.string().max(500).nullable(),
  /** Where its data comes from: the Partner API directly, or the practice hub (read-only device access). */
  through: z.enum(['partner-api', 'hub']),
  /**
   * A practice read through the hub that sends its changes to the Partner API with the laptop's own
   * credentials: their Client ID (never the secret). Absent: it has none (read access only), or it is direct.
   */
  sendsWith: z.strictObject({ clientId: z.string().max(200) }).optional(),
});
export type PracticeSummary = z.infer<typeof practiceSummarySchema>;

export const practiceListSchema = z.strictObject({
  practices: z.array(practiceSummarySchema).max(20),
  activePracticeKey: z.uuid().nullable(),
  storage: z.strictObject({ secure: z.boolean(), backend: z.string().max(100) }),
  /** False when a stored practice record could not be read: then nothing is treated as forgotten (no data deleted). */
  complete: z.boolean(),
});

/** Which of the demo's practices to explore; without one, the first (Australia and New Zealand). */
export const connectDemoInputSchema = z.strictObject({ region: regionSchema.optional() });

export const connectInputSchema = z.strictObject({
  region: z.union([regionSchema, z.literal('custom')]),
  customUrl: z.string().max(2000).optional(),
  clientId: z.string().trim().min(1).max(200),
  secret: z.string().min(1).max(1000),
  remember: z.boolean(),
  acceptWeakStorage: z.boolean(),
  /** The user has confirmed the address: a custom one, or a regional host a regions file changed (asked once, before the secret is first sent there). */
  confirmAddress: z.boolean().optional(),
});
export type ConnectInput = z.infer<typeof connectInputSchema>;

/**
 * The laptop's own Partner API credentials beside the hub: where the practice is (as in a direct connect)
 * and the Client ID and secret its changes are sent with. Reads still go through the hub.
 */
export const ownCredentialsInputSchema = connectInputSchema.pick({
  region: true,
  customUrl: true,
  clientId: true,
  secret: true,
  confirmAddress: true,
});
export type OwnCredentialsInput = z.infer<typeof ownCredentialsInputSchema>;

/**
 * Connecting through the practice hub: its address and the enrolment code the hub's administrator gave
 * (it carries this laptop's device id and token, which main keeps like a secret), and optionally the
 * laptop's own credentials to send changes with.
 */
export const connectHubInputSchema = z.strictObject({
  hubUrl: z.string().trim().min(1).max(2000),
  enrolmentCode: z.string().trim().min(1).max(1000),
  remember: z.boolean(),
  acceptWeakStorage: z.boolean(),
  own: ownCredentialsInputSchema.optional(),
});
export type ConnectHubInput = z.infer<typeof connectHubInputSchema>;

/** Own credentials for a practice already read through the hub (Settings → Connection). */
export const addOwnCredentialsInputSchema = z.strictObject({
  practiceKey: z.uuid(),
  own: ownCredentialsInputSchema,
  remember: z.boolean(),
  acceptWeakStorage: z.boolean(),
});
export type AddOwnCredentialsInput = z.infer<typeof addOwnCredentialsInputSchema>;

export const connectResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    practice: practiceSummarySchema,
    /** What the connect did beyond connecting, in a sentence (direct credentials kept for sending). */
    notice: z.string().max(1000).optional(),
  }),
  z.strictObject({
    ok: z.literal(false),
    message: z.string().max(1000),
    /** Asked of the user before connecting again: confirm an address (custom, or a changed regional host) the secret has not been sent to. */
    confirmAddress: z.string().max(2000).optional(),
    /** After a 401, a region the user may want to try instead (suggested, never tried with the secret). */
    otherRegions: z.array(regionSchema).max(3).optional(),
  }),
]);
export type ConnectResult = z.infer<typeof connectResultSchema>;

/** Sign-out reports each part of the wipe; a part that failed is named in `message` and retried at next start. */
export const signOutResultSchema = z.strictObject({
  removed: z.boolean(),
  wiped: z.strictObject({ credentials: z.boolean(), documents: z.boolean(), budget: z.boolean() }),
  message: z.string().max(1000).nullable(),
});
export type SignOutResult = z.infer<typeof signOutResultSchema>;

export const syncStartInputSchema = z.strictObject({
  practiceKey: z.uuid(),
  cursors: z.array(syncCursorSchema).max(50),
  /** What the run reads (sync-cadence.ts); a scheduled run reads what is due. */
  round: syncRoundSchema.default('due'),
  /**
   * Lists the practice hub said changed (a poke): read now whatever their tier, while every other list
   * rests this run. Absent: the round alone decides.
   */
  lists: z.array(syncedResourceNameSchema).max(50).optional(),
});

export const syncAckInputSchema = z.strictObject({
  pageId: z.string().max(100),
  ok: z.boolean(),
  error: z.string().max(1000).optional(),
});

/** One page for the renderer to store with its cursor in one transaction, then acknowledge. */
export const syncPageEventSchema = z.strictObject({
  pageId: z.string().max(100),
  practiceKey: z.uuid(),
  resource: syncedResourceNameSchema,
  records: z.array(jsonObjectUntyped).max(10_000),
  replaceAll: z.boolean(),
  cursor: syncCursorSchema,
});
export type SyncPageEvent = z.infer<typeof syncPageEventSchema>;

export const syncProgressEventSchema = z.strictObject({
  practiceKey: z.uuid(),
  running: z.boolean(),
  resources: z
    .array(
      z.strictObject({
        resource: z.string().max(50),
        state: z.enum(['waiting', 'running', 'done', 'failed']),
        mode: z.enum(['full', 'incremental', 'reconcile']),
        pagesThisRun: z.number().int().min(0),
        recordsThisPass: z.number().int().min(0),
        rejectedThisRun: z.number().int().min(0),
        error: z.string().max(1000).nullable(),
      }),
    )
    .max(50),
  lastRunAt: z.iso.datetime().nullable(),
  budget: budgetStatusSchema.nullable(),
  /**
   * A practice read through the hub: what this run reads — the hub, or the Partner API directly since the
   * hub has not answered from `hubUnreachableSince` on (the status bar says so).
   */
  source: z.strictObject({ reads: syncSourceSchema, hubUnreachableSince: z.iso.datetime().nullable() }).optional(),
});
export type SyncProgressEvent = z.infer<typeof syncProgressEventSchema>;
