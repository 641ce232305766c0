import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Random } from '../data/random';
import type { DemoRuntime } from '../runtime';
import { ApiProblem, problemTitles } from './api-problem';
import { retryAfterHeader } from './retry-after';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
 */
export const injectedFaultSchema = z.strictObject({
  match: z.strictObject({
    method: z.string().min(1).optional(),
    /** Tested against the request path without its query (regional prefix included). */
    path: z.instanceof(RegExp).optional(),
  }),
  fault: z.enum(['fail-before-apply', 'fail-after-apply', 'reset-before-apply', 'reset-after-apply', 'slow', 'slow-before-apply', 'truncate']),
  status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).default(502),
  delayMs: z.number().int().min(0).max(60_000).default(1_000),
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
      const index = queued.findIndex((f) => (!f.match.method || f.match.method.toUpperCase() === method.toUpperCase()) && (!f.match.path || f.match.path.test(path)));
      return index < 0 ? null : (queued.splice(index, 1)[0] ?? null);
    },
    pending: (): readonly InjectedFault[] => [...queued],
    clear(): void {
      queued.length = 0;
    },
  };
}
export type FaultQueue = ReturnType<typeof createFaultQueue>;

const injectedProblem = (status: number, when: string) => new ApiProblem(status, problemTitles[status] ?? 'Error', `Injected fault: the service failed to answer (${when}).`);

/** Drops the connection without an answer. */
export function destroyConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  request.raw.socket.destroy();
}

/** A queued fault that strikes before the handler runs: true when the request is finished (reset). */
export async function applyFaultBeforeHandler(request: FastifyRequest, reply: FastifyReply, fault: InjectedFault | null): Promise<boolean> {
  if (fault?.fault === 'fail-before-apply') throw injectedProblem(fault.status, 'before applying');
  if (fault?.fault === 'reset-before-apply') {
    destroyConnection(request, reply);
    return true;
  }
  return false;
}

/**
 * A practice still working on a request: waits inside the route (after authentication), so the change
 * is applied even when the client has given up and closed the connection meanwhile.
 */
export async function delayBeforeApplying(fault: InjectedFault | null): Promise<void> {
  if (fault?.fault === 'slow-before-apply') await sleep(fault.delayMs);
}

/** A queued fault that strikes after the handler ran: 'reset' and 'truncate' tell the caller how to finish. */
export async function applyFaultAfterHandler(fault: InjectedFault | null): Promise<'answer' | 'reset' | 'truncate'> {
  if (!fault) return 'answer';
  if (fault.fault === 'fail-after-apply') throw injectedProblem(fault.status, 'after applying');
  if (fault.fault === 'reset-after-apply') return 'reset';
  if (fault.fault === 'truncate') return 'truncate';
  if (fault.fault === 'slow') await sleep(fault.delayMs);
  return 'answer';
}

/**
 * Injected faults, applied before authentication as a load balancer or a flaky network would: added
 * latency, dropped connections, 5xx answers and 429 storms. None of them counts against the rate limit.
 */
export async function applyRequestFaults(request: FastifyRequest, reply: FastifyReply, runtime: DemoRuntime, random: Random): Promise<void> {
  const faults = runtime.options.faults;
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults.resetRate > 0 && random.chance(faults.resetRate)) {
    destroyConnection(request, reply);
    return;
  }
  const now = runtime.clock.now().getTime();
  if (faults.stormUntil && faults.stormUntil.getTime() > now) {
    const seconds = Math.max(1, Math.ceil((faults.stormUntil.getTime() - now) / 1000));
    const retryAfter = retryAfterHeader(runtime.options, now, seconds);
    // Contract, Errors §2: every 429 carries Retry-After and the X-RateLimit-* headers.
    throw new ApiProblem(429, 'Too Many Requests', `Too many requests. Retry after ${seconds} seconds.`, { retryAfterSeconds: seconds }, {
      'Retry-After': retryAfter,
      'X-RateLimit-Limit': String(runtime.options.rateLimit.perMinute),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(faults.stormUntil.getTime() / 1000)),
    });
  }
  if (faults.errorRate > 0 && random.chance(faults.errorRate)) {
    const status = random.pick(faults.errorStatuses);
    throw new ApiProblem(status, problemTitles[status] ?? 'Error', 'Injected fault: the service failed to answer.');
  }
}

export function shouldTruncate(runtime: DemoRuntime, random: Random): boolean {
  const rate = runtime.options.faults.truncateRate;
  return rate > 0 && random.chance(rate);
}
