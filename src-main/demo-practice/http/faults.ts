import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Random } from '../data/random';
import type { DemoRuntime } from '../runtime';
import { ApiProblem, problemTitles } from './api-problem';
import { retryAfterHeader } from './retry-after';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Injected faults, applied before authentication as a load balancer or a flaky network would: added
 * latency, dropped connections, 5xx answers and 429 storms. None of them counts against the rate limit.
 */
export async function applyRequestFaults(request: FastifyRequest, reply: FastifyReply, runtime: DemoRuntime, random: Random): Promise<void> {
  const faults = runtime.options.faults;
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults.resetRate > 0 && random.chance(faults.resetRate)) {
    reply.hijack();
    request.raw.socket.destroy();
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
