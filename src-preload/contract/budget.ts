import { z } from 'zod';

// A Client ID may be given limits other than the defaults; headers are read up to nine digits.
const count = z.number().int().min(0).max(999_999_999);

/** What the request budget means for the user right now, for one practice's Client ID. */
export const budgetStatusSchema = z.strictObject({
  /** Requests still allowed in each sliding window (the interactive reserve included). */
  remaining: z.strictObject({ minute: count, hour: count, day: count }),
  limits: z.strictObject({ perMinute: count, perHour: count, perDay: count }),
  /** 'server' once the server announced this Client ID's own limits (persisted); the contract's defaults before. */
  limitsSource: z.enum(['default', 'server']),
  /** The whole Client ID's use in the last hour, as far as this laptop has learned it. */
  usage: z.strictObject({
    /** Requests this laptop sent. */
    thisLaptopLastHour: count,
    /** Requests others sharing the Client ID sent, as the server's X-RateLimit-Remaining revealed them (a lower bound). */
    othersLastHour: count,
  }),
  /** What this laptop's sync costs at each cadence (sync-cadence.ts), and how many such laptops the hourly limit carries. */
  cadence: z.strictObject({ activePerHour: count, idlePerHour: count, laptopsCarried: count }),
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

/** The `practice.budget` event: the active practice's status, pushed when it changes (with the estimate for one request). */
export const budgetEventSchema = z.strictObject({ practiceKey: z.uuid(), status: budgetStatusSchema });

/** `practice.budget` input: the practice, and optionally a number of prefetch requests to estimate. */
export const budgetInputSchema = z.strictObject({ practiceKey: z.uuid(), estimateRequests: count.optional() });
