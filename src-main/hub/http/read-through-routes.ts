import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MalformedResponseError, PartnerApiError, RedirectRefusedError } from '../../partner-api/api-errors';
import { NotMirroredError } from '../clients/client-proposals';
import type { ReadThrough, ReadThroughTarget } from '../clients/read-through';

const recordId = z.coerce.number().int().min(1).max(999_999_999_999);

const problem = (status: number, title: string, detail: string, instance: string) => ({
  type: `https://httpstatuses.io/${status}`,
  title,
  status,
  detail,
  instance,
  message: detail,
});

/**
 * The Partner API's per-record reads a laptop makes on demand (a statement, a bill's detail, their PDFs),
 * at the API's own paths, answered from what the hub keeps or read through once (clients/read-through.ts).
 */
export function registerReadThroughRoutes(app: FastifyInstance, deps: { readThrough: ReadThrough }) {
  const routes: { path: string; param: string; target: (id: number) => ReadThroughTarget }[] = [
    { path: '/statements/:statementId', param: 'statementId', target: (id) => ({ kind: 'statement', id, pdf: false }) },
    {
      path: '/statements/:statementId/pdf',
      param: 'statementId',
      target: (id) => ({ kind: 'statement', id, pdf: true }),
    },
    { path: '/bills/:billingId', param: 'billingId', target: (id) => ({ kind: 'bill', id, pdf: false }) },
    { path: '/bills/:billingId/pdf', param: 'billingId', target: (id) => ({ kind: 'bill', id, pdf: true }) },
  ];
  for (const route of routes)
    app.get(`/api/v1${route.path}`, async (request, reply) => {
      const id = recordId.safeParse((request.params as Record<string, string>)[route.param]);
      if (!id.success || Object.keys(request.query ?? {}).length > 0)
        return sendProblem(
          reply,
          problem(400, 'Bad Request', `${route.param} must be a positive whole number.`, request.url),
        );
      try {
        const answer = await deps.readThrough.serve(route.target(id.data));
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      } catch (error) {
        return sendProblem(reply, failureProblem(error, request.url));
      }
    });
}

function sendProblem(reply: FastifyReply, body: ReturnType<typeof problem>) {
  return reply.code(body.status).type('application/problem+json').send(body);
}

/**
 * The practice's refusal is passed on as it said it (its status and problem: a 404 for a bill outside the
 * practice stays a 404); an answer the hub could not use is a 502; no answer, or a follower that may not
 * read, a 503 — after which the laptop keeps what it has and tries again later.
 */
function failureProblem(error: unknown, instance: string): ReturnType<typeof problem> {
  if (error instanceof PartnerApiError && !(error instanceof RedirectRefusedError)) {
    const told = error.problem;
    return {
      ...problem(error.status, told?.title ?? error.title, told?.detail ?? told?.message ?? error.message, instance),
      ...(told ?? {}),
      status: error.status,
    } as ReturnType<typeof problem>;
  }
  if (error instanceof NotMirroredError) return problem(503, 'Service Unavailable', error.message, instance);
  if (error instanceof MalformedResponseError || error instanceof RedirectRefusedError)
    return problem(502, 'Bad Gateway', 'The practice’s answer was not one the hub can serve.', instance);
  return problem(503, 'Service Unavailable', 'The practice did not answer the hub’s read.', instance);
}
