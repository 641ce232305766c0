import { z } from 'zod';

/**
 * Client-facing mode: the window shows one client only, for a meeting with the screen turned to them.
 * Main holds the mode (which client) so a crash, reload or restart comes back in it, and the PIN that
 * leaves it (a salted slow hash, never in the renderer's storage). The PIN belongs to a practice and to the
 * staff member using the laptop ("This is me"): another practice, or another person, sets their own.
 */

/** A PIN: 4 to 12 digits, as a phone's or a card's. */
export const pinSchema = z.string().regex(/^\d{4,12}$/, 'A PIN is 4 to 12 digits.');

export const clientFacingTargetSchema = z.strictObject({
  practiceKey: z.uuid(),
  entityKey: z.uuid(),
});
export type ClientFacingTarget = z.infer<typeof clientFacingTargetSchema>;

/**
 * Whose PIN: the practice, and the staff member chosen as "This is me" on this laptop for it (null when
 * nobody was chosen: then the PIN is the practice's on this laptop until someone is).
 */
export const pinOwnerSchema = z.strictObject({
  practiceKey: z.uuid(),
  userKey: z.uuid().nullable(),
});
export type PinOwner = z.infer<typeof pinOwnerSchema>;

export const clientFacingStatusSchema = z.strictObject({
  /** The client the window shows, or null when the mode is off. */
  active: clientFacingTargetSchema.nullable(),
  /** Whether the owner asked about has a PIN (with none asked: whether the shown client's owner has one). */
  pinSet: z.boolean(),
  /** Milliseconds until a PIN may be tried again after wrong tries; 0 when it may be tried now. */
  retryInMs: z.number().int().min(0),
});
export type ClientFacingStatus = z.infer<typeof clientFacingStatusSchema>;

/** The status, with `pinSet` answered for a PIN owner (the one "Show to client" or Settings would use). */
export const clientFacingStatusQuerySchema = z.strictObject({ owner: pinOwnerSchema.optional() });

/**
 * Entering, as the staff member `userKey` of the target's practice: `newPin` is required when that owner has
 * no PIN yet and refused afterwards. Main refuses an enter while the window already shows a client.
 */
export const clientFacingEnterSchema = clientFacingTargetSchema.extend({
  userKey: z.uuid().nullable(),
  newPin: pinSchema.optional(),
});
export type ClientFacingEnter = z.infer<typeof clientFacingEnterSchema>;

export const clientFacingExitSchema = z.strictObject({ pin: z.string().max(64) });

export const clientFacingChangePinSchema = z.strictObject({
  owner: pinOwnerSchema,
  current: z.string().max(64),
  next: pinSchema,
});

/** The answer to a PIN: accepted, wrong (with the wait before the next try), or not tried because of the wait. */
export const pinResultSchema = z.strictObject({
  accepted: z.boolean(),
  retryInMs: z.number().int().min(0),
  status: clientFacingStatusSchema,
});
export type PinResult = z.infer<typeof pinResultSchema>;
