import { z } from 'zod';
import { operationNameSchema } from './operations';
import { storedPayloadSchema } from './payload-check';
import { storedJsonSchema } from './stored-json';
import { lineConflictSchema } from './service-line-edits';

export const outboxStatusSchema = z.enum(['pending', 'sending', 'failed', 'needs-review', 'done', 'discarded']);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** The last error of an entry, as problem details reduced to what a person needs. */
export const outboxProblemSchema = z.strictObject({
  status: z.number().int().nullable(),
  title: z.string().max(300),
  /** The server's message, or our plain sentence. */
  message: z.string().max(2000),
  /** Field-level issues (a 400 the form can show next to its fields). */
  fields: z
    .array(z.strictObject({ path: z.string().max(200), message: z.string().max(500) }))
    .max(50)
    .optional(),
  /** The practice's daily eForm quota refused it: only eForms wait (until notBefore), the rest goes on. */
  waitsFor: z.literal('eform-quota').optional(),
  /** Lines changed at the practice since this edit read them: both versions, for the user to choose. */
  conflicts: z.array(lineConflictSchema).max(200).optional(),
});
export type OutboxProblem = z.infer<typeof outboxProblemSchema>;

/** One read that tried to settle whether an attempt with no answer arrived at the practice. */
export const outboxCheckSchema = z.strictObject({
  at: z.iso.datetime(),
  /** not-yet: nothing found, but too soon after the send to believe it absent (it is read again later). */
  found: z.enum(['absent', 'unknown', 'not-yet']),
  /** What was read and what it showed, in plain words. */
  note: z.string().max(500),
  /** When the read was made by the practice's clock (its Date header), when it said. */
  practiceAt: z.iso.datetime().optional(),
});
export type OutboxCheck = z.infer<typeof outboxCheckSchema>;

/**
 * One queued write, as stored in the practice's Dexie database (table `outbox`). Parsed on every read
 * (a stored entry is a border: an older build or a hand-edited database must not crash the replayer).
 */
export const outboxEntrySchema = z.strictObject({
  /** Dexie's auto-increment key: the replay order. */
  seq: z.number().int().positive().optional(),
  id: z.uuid(),
  operation: operationNameSchema,
  payload: storedPayloadSchema,
  status: outboxStatusSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  attempts: z.number().int().min(0),
  /** Not before this time (backoff after a 5xx or a network failure; Retry-After after a 429). */
  notBefore: z.iso.datetime().nullable(),
  lastError: outboxProblemSchema.nullable(),
  /** Why it needs a person (needs-review), in plain words. */
  review: z.string().max(1000).nullable(),
  /** The client it concerns, for the screens. */
  entityKey: z.uuid().nullable(),
  /** What it will do, in words ("Add contact Jane Doe to Smith & Co"). */
  summary: z.string().max(500),
  /** Entries whose results this one needs (their ids appear as OutboxRefs in the params). */
  dependsOn: z.array(z.uuid()).max(10),
  /** The server's answer once done (validated by main against the operation's response schema). */
  result: storedJsonSchema.nullable(),
  /** What the optimistic local effect replaced (an edited contact as it was), to put back on discard. */
  undo: storedJsonSchema.nullable(),
  /** When the last attempt went out: what a person deciding to send again needs to know. */
  lastSentAt: z.iso.datetime().nullable().optional(),
  /**
   * When the practice answered that last attempt, by its own clock (the answer's Date header), when an
   * answer came: verification reads compare the practice's records with this, never with the laptop's clock.
   */
  sentAtPractice: z.iso.datetime().nullable().optional(),
  /** The reads that tried to settle an attempt with no answer, and what each found (newest last). */
  checks: z.array(outboxCheckSchema).max(10).optional(),
  /**
   * An attempt of this write got no answer from the practice itself (a timeout, a reset, a gateway's
   * error, a crash while it was out): the practice may still apply it until then (laptop clock). A later
   * write to the same record waits until this time, so the late arrival cannot overwrite it
   * (outbox/landing-hold.ts in the renderer).
   */
  mayLandUntil: z.iso.datetime().nullable().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** What main reports after trying one entry. */
export const outboxOutcomeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('done'), result: storedJsonSchema }),
  /** 400/409/422: the entry stays editable with the server's message. */
  z.strictObject({ kind: z.literal('rejected'), problem: outboxProblemSchema }),
  z.strictObject({ kind: z.literal('forbidden'), problem: outboxProblemSchema }),
  z.strictObject({ kind: z.literal('gone'), problem: outboxProblemSchema }),
  /**
   * 401: the whole outbox pauses until the credentials are entered again. `mayHaveApplied`: the write
   * had gone out and is not idempotent, so it is checked (not resent) once the credentials are back.
   */
  z.strictObject({
    kind: z.literal('unauthorized'),
    problem: outboxProblemSchema,
    mayHaveApplied: z.literal(true).optional(),
    practiceTime: z.iso.datetime().optional(),
  }),
  /** Try again later: not sent, surely not applied (unreachable, 429 not cleared), or idempotent (safe to repeat). */
  z.strictObject({
    kind: z.literal('retry'),
    problem: outboxProblemSchema,
    retryAfterMs: z.number().int().min(0).nullable(),
    /**
     * An idempotent write went out and the practice itself did not answer (timeout, reset, a gateway's
     * page): sending it again is safe, but this attempt may still be applied later.
     */
    mayStillLand: z.literal(true).optional(),
  }),
  /**
   * Sent, and nothing proves it was not applied (reset, timeout, cut-off body, an answer other than
   * 400/403/404/429): it may or may not have been applied. `practiceTime`: the answer's Date header.
   */
  z.strictObject({
    kind: z.literal('ambiguous'),
    problem: outboxProblemSchema,
    practiceTime: z.iso.datetime().optional(),
  }),
]);
export type OutboxOutcome = z.infer<typeof outboxOutcomeSchema>;

export const outboxSendInputSchema = z.strictObject({
  practiceKey: z.uuid(),
  entryId: z.uuid(),
  operation: operationNameSchema,
  payload: storedPayloadSchema,
  /** The client the entry is about (the entry's own `entityKey`), named in the practice hub's hint once it is done. */
  entityKey: z.uuid().nullable().optional(),
  /** When the entry was queued (by the laptop's clock; kept for older callers, not used to judge a read). */
  queuedAt: z.iso.datetime().optional(),
  /**
   * For a verification read: how long ago, by the laptop's clock, the last attempt went out. A duration,
   * so an error in the laptop's clock cancels out; main adds it to the practice's clock.
   */
  sentAgoMs: z.number().int().min(0).optional(),
  /** For a verification read: when the practice answered the last attempt, by its clock (when it answered). */
  sentAtPractice: z.iso.datetime().optional(),
  /** Keys of records other entries of the same operation created: a look-alike among them is not this one. */
  claimed: z
    .array(z.union([z.string().max(100), z.number()]))
    .max(1000)
    .optional(),
});
export type OutboxSendInput = z.infer<typeof outboxSendInputSchema>;

/** A read that proves whether an interrupted create happened (found → its record; absent → safe to resend). */
export const outboxVerifyOutputSchema = z.discriminatedUnion('verdict', [
  z.strictObject({ verdict: z.literal('found'), result: storedJsonSchema }),
  /** Not there now; `note` says what was read. */
  z.strictObject({
    verdict: z.literal('absent'),
    note: z.string().max(500).optional(),
    practiceAt: z.iso.datetime().optional(),
  }),
  z.strictObject({ verdict: z.literal('unknown'), reason: z.string().max(500) }),
  /**
   * Not found, but too soon after the send (by the practice's clock) to believe it absent, or the read
   * could not be made: nothing is decided, the entry waits and is read again after `checkAgainInMs`.
   */
  z.strictObject({
    verdict: z.literal('not-yet'),
    note: z.string().max(500),
    checkAgainInMs: z.number().int().min(0),
    practiceAt: z.iso.datetime().optional(),
  }),
]);
export type OutboxVerdict = z.infer<typeof outboxVerifyOutputSchema>;
