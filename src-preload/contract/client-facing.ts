import { z } from 'zod';

/**
 * Client-facing mode: the window shows one client only, for a meeting with the screen turned to them.
 * Main holds the mode (which client) so a crash, reload or restart comes back in it, and the staff
 * member's PIN that leaves it (a salted slow hash, never in the renderer's storage).
 */

/** A PIN: 4 to 12 digits, as a phone's or a card's. */
export const pinSchema = z.string().regex(/^\d{4,12}$/, 'A PIN is 4 to 12 digits.');

export const clientFacingTargetSchema = z.strictObject({
  practiceKey: z.uuid(),
  entityKey: z.uuid(),
});
export type ClientFacingTarget = z.infer<typeof clientFacingTargetSchema>;

export const clientFacingStatusSchema = z.strictObject({
  /** The client the window shows, or null when the mode is off. */
  active: clientFacingTargetSchema.nullable(),
  /** Whether a PIN was set (the first use sets it). */
  pinSet: z.boolean(),
  /** Milliseconds until a PIN may be tried again after wrong tries; 0 when it may be tried now. */
  retryInMs: z.number().int().min(0),
});
export type ClientFacingStatus = z.infer<typeof clientFacingStatusSchema>;

/** Entering: `newPin` is required the first time (no PIN set yet) and refused afterwards. */
export const clientFacingEnterSchema = clientFacingTargetSchema.extend({ newPin: pinSchema.optional() });

export const clientFacingExitSchema = z.strictObject({ pin: z.string().max(64) });

export const clientFacingChangePinSchema = z.strictObject({ current: z.string().max(64), next: pinSchema });

/** The answer to a PIN: accepted, wrong (with the wait before the next try), or not tried because of the wait. */
export const pinResultSchema = z.strictObject({
  accepted: z.boolean(),
  retryInMs: z.number().int().min(0),
  status: clientFacingStatusSchema,
});
export type PinResult = z.infer<typeof pinResultSchema>;
