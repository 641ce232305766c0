import { z } from 'zod';

// Apart from faults.ts, whose request faults read the DemoRuntime: the runtime holds a FaultQueue,
// and the queue cannot live in faults.ts without the two importing each other.

/**
 * One fault for the next request that matches, then gone: a test step asks for exactly one failure at
 * a chosen moment of a request's life, which rates cannot do.
 * - fail-before-apply: a 5xx problem; the handler never runs.
 * - fail-after-apply: the handler runs and its change stays; the answer is replaced by a 5xx problem.
 * - reset-before-apply / reset-after-apply: the socket is destroyed before / after the handler ran.
 * - slow: the handler runs, then the answer waits `delayMs` real milliseconds (longer than a client's timeout).
 * - slow-before-apply: the request waits `delayMs` before the handler runs (a practice still working on
 *   it when the client has given up and reads to check).
 * - truncate: the handler runs, then half the body is sent and the connection closed.
 * - status-after-apply: the handler runs and its change stays; the answer is replaced by `status` (a 3xx
 *   without a Location, a 4xx, a 401): a proxy, a load balancer or an expiring token between the app and
 *   the practice can answer so after the practice did the work. `foreign`: the answer is such an
 *   intermediary's HTML page rather than the practice's problem details.
 */
export const injectedFaultSchema = z
  .strictObject({
    match: z.strictObject({
      method: z.string().min(1).optional(),
      /** Tested against the request path without its query (regional prefix included). */
      path: z.instanceof(RegExp).optional(),
    }),
    fault: z.enum([
      'fail-before-apply',
      'fail-after-apply',
      'reset-before-apply',
      'reset-after-apply',
      'slow',
      'slow-before-apply',
      'truncate',
      'status-after-apply',
    ]),
    status: z.number().int().min(300).max(599).default(502),
    delayMs: z.number().int().min(0).max(60_000).default(1_000),
    foreign: z.boolean().default(false),
    /**
     * slow-before-apply only: the request waits for this instead of `delayMs`, so a test decides when the
     * practice finishes (after the client gave up, after its virtual clock moved on).
     */
    hold: z.custom<() => Promise<void>>((value) => typeof value === 'function').optional(),
  })
  .refine((f) => !f.fault.startsWith('fail-') || f.status >= 500, {
    message: 'fail-before-apply and fail-after-apply answer a 5xx.',
    path: ['status'],
  });
export type InjectedFaultInput = z.input<typeof injectedFaultSchema>;
export type InjectedFault = z.output<typeof injectedFaultSchema>;

/** The queue of one-shot faults, oldest first; each is taken by the first request it matches. */
export function createFaultQueue() {
  const queued: InjectedFault[] = [];
  return {
    add(input: InjectedFaultInput): void {
      queued.push(injectedFaultSchema.parse(input));
    },
    take(method: string, path: string): InjectedFault | null {
      const index = queued.findIndex(
        (f) =>
          (!f.match.method || f.match.method.toUpperCase() === method.toUpperCase()) &&
          (!f.match.path || f.match.path.test(path)),
      );
      return index < 0 ? null : (queued.splice(index, 1)[0] ?? null);
    },
    pending: (): readonly InjectedFault[] => [...queued],
    clear(): void {
      queued.length = 0;
    },
  };
}
export type FaultQueue = ReturnType<typeof createFaultQueue>;
