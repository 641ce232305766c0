import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Random } from '../data/random';
import type { DemoRuntime } from '../runtime';
import { ApiProblem, problemTitles } from './api-problem';
import type { InjectedFault } from './fault-queue';
import { retryAfterHeader } from './retry-after';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The queue lives in fault-queue.ts; re-exported for the server, the demo and the tests that queue faults.
export { createFaultQueue, type FaultQueue, type InjectedFault, type InjectedFaultInput } from './fault-queue';

const injectedProblem = (status: number, when: string) =>
  new ApiProblem(status, problemTitles[status] ?? 'Error', `Injected fault: the service failed to answer (${when}).`);

/** Drops the connection without an answer. */
export function destroyConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  request.raw.socket.destroy();
}

/** A queued fault that strikes before the handler runs: true when the request is finished (reset). */
export async function applyFaultBeforeHandler(
  request: FastifyRequest,
  reply: FastifyReply,
  fault: InjectedFault | null,
): Promise<boolean> {
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
  if (fault?.fault === 'slow-before-apply') await (fault.hold ? fault.hold() : sleep(fault.delayMs));
}

/**
 * A queued fault that strikes after the handler ran: 'reset', 'truncate' and 'foreign' (sendForeignAnswer)
 * tell the caller how to finish.
 */
export async function applyFaultAfterHandler(
  fault: InjectedFault | null,
): Promise<'answer' | 'reset' | 'truncate' | 'foreign'> {
  if (!fault) return 'answer';
  if (fault.fault === 'fail-after-apply') throw injectedProblem(fault.status, 'after applying');
  if (fault.fault === 'status-after-apply') {
    if (fault.foreign) return 'foreign';
    throw injectedProblem(fault.status, 'after applying');
  }
  if (fault.fault === 'reset-after-apply') return 'reset';
  if (fault.fault === 'truncate') return 'truncate';
  if (fault.fault === 'slow') await sleep(fault.delayMs);
  return 'answer';
}

/** What a proxy or load balancer in front of the practice answers: its own HTML page, not problem details. */
export function sendForeignAnswer(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html><body><h1>${status}</h1><p>Answered by the gateway.</p></body></html>`);
}

/**
 * Injected faults, applied before authentication as a load balancer or a flaky network would: added
 * latency, dropped connections, 5xx answers and 429 storms. None of them counts against the rate limit.
 */
export async function applyRequestFaults(
  request: FastifyRequest,
  reply: FastifyReply,
  runtime: DemoRuntime,
  random: Random,
): Promise<void> {
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
    throw new ApiProblem(
      429,
      'Too Many Requests',
      `Too many requests. Retry after ${seconds} seconds.`,
      { retryAfterSeconds: seconds },
      {
        'Retry-After': retryAfter,
        'X-RateLimit-Limit': String(runtime.options.rateLimit.perMinute),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil(faults.stormUntil.getTime() / 1000)),
      },
    );
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
