import { z } from 'zod';

const count = z.number().int().min(0).max(1_000_000);

/** What the request budget means for the user right now, for one practice's Client ID. */
export const budgetStatusSchema = z.strictObject({
  /** Requests still allowed in each sliding window (the interactive reserve included). */
  remaining: z.strictObject({ minute: count, hour: count, day: count }),
  limits: z.strictObject({ perMinute: count, perHour: count, perDay: count }),
  /** Set after a 429: nothing is sent before this instant. */
  pausedUntil: z.iso.datetime().nullable(),
  /** The running sync, or null when none runs. */
  run: z
    .strictObject({
      /** Requests still to send (a lower bound while `sized` is false). */
      requestsLeft: count,
      /** When those requests can all have been sent under the budget; null when it cannot say. */
      etaSeconds: z
        .number()
        .min(0)
        .max(10 * 86_400)
        .nullable(),
      /** False during a first import, whose size the API does not tell: the figures are then "at least". */
      sized: z.boolean(),
    })
    .nullable(),
  /** Answer to "how long would N more requests take at prefetch priority?" (a meeting pack), when asked. */
  estimate: z
    .strictObject({
      requests: count,
      etaSeconds: z
        .number()
        .min(0)
        .max(10 * 86_400)
        .nullable(),
    })
    .optional(),
});
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;

/** `practice.budget` input: the practice, and optionally a number of prefetch requests to estimate. */
export const budgetInputSchema = z.strictObject({ practiceKey: z.uuid(), estimateRequests: count.optional() });
