import { z } from 'zod';
import type { Clock } from '../clock';

/**
 * Everything about the demo practice that a test, a benchmark or the CLI may change. Choices the
 * contract leaves open (page size, sort order, Retry-After units …) are options here, so the app can
 * be proven not to depend on them.
 */
export const demoOptionsSchema = z.object({
  seed: z.number().int().default(42),
  size: z.enum(['small', 'large']).default('small'),
  /** Start of the generated history's "today" (UTC). Defaults to the clock's current UTC day. */
  anchor: z.date().optional(),
  pageSize: z.number().int().min(1).max(10_000).default(100),
  sortOrder: z.enum(['key', 'updatedOn', 'reverse', 'shuffle']).default('key'),
  rateLimit: z
    .object({
      enabled: z.boolean().default(true),
      perMinute: z.number().int().positive().default(60),
      perHour: z.number().int().positive().default(1000),
      perDay: z.number().int().positive().default(10_000),
    })
    .prefault({}),
  retryAfterUnit: z.enum(['seconds', 'http-date']).default('seconds'),
  /** Daily eForm quota per practice (contract: value not shown). */
  eformDailyQuota: z.number().int().min(0).default(200),
  faults: z
    .object({
      /** Probability of answering 500/502/503 instead of serving the request. */
      errorRate: z.number().min(0).max(1).default(0),
      errorStatuses: z
        .array(z.union([z.literal(500), z.literal(502), z.literal(503)]))
        .min(1)
        .default([500, 502, 503]),
      /** Added latency per request, in real milliseconds. */
      latencyMs: z.number().int().min(0).default(0),
      /** Probability of destroying the connection before answering. */
      resetRate: z.number().min(0).max(1).default(0),
      /** Probability of sending only part of a successful body, then closing the connection. */
      truncateRate: z.number().min(0).max(1).default(0),
      /** While set, every API request is answered 429 until this clock time (a "429 storm"). */
      stormUntil: z.date().nullable().default(null),
    })
    .prefault({}),
  webhooks: z
    .object({
      /** Delays before each retry of a failed delivery, in milliseconds (real time). */
      retryScheduleMs: z.array(z.number().int().min(0)).default([1_000, 5_000, 30_000, 120_000, 600_000]),
      timeoutMs: z.number().int().positive().default(5_000),
      /** The demo delivers only to this machine unless told otherwise. */
      allowExternalHosts: z.boolean().default(false),
    })
    .prefault({}),
  /** Validate every response against the contract before sending it (on by default; benchmarks may turn it off). */
  validateResponses: z.boolean().default(true),
});

export type DemoOptionsInput = z.input<typeof demoOptionsSchema> & { clock?: Clock; host?: string; port?: number };
export type DemoOptions = z.output<typeof demoOptionsSchema>;

export const SIZES = {
  small: { clients: 150 },
  large: { clients: 20_000 },
} as const;
