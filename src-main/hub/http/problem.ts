import type { FastifyReply } from 'fastify';

/** A problem-details body as the Partner API writes one (its `message` beside `detail`), so a laptop reads the hub's refusals as the API's. */
export function problemBody(status: number, title: string, detail: string, instance: string) {
  return { type: `https://httpstatuses.io/${status}`, title, status, detail, instance, message: detail };
}

/** Answers with that problem, as `application/problem+json`. */
export function sendProblem(reply: FastifyReply, status: number, title: string, detail: string, instance: string) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problemBody(status, title, detail, instance));
}

/** 429 with the whole seconds to wait: the laptop waits that long before it asks the hub again, and says so. */
export function sendThrottled(reply: FastifyReply, error: { retryAfterMs: number; message: string }, instance: string) {
  void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
  return sendProblem(reply, 429, 'Too Many Requests', error.message, instance);
}
