import type { FastifyInstance, FastifyReply } from 'fastify';
import { MalformedResponseError, PartnerApiError, RedirectRefusedError } from '../../partner-api/api-errors';
import { NotMirroredError } from '../clients/client-proposals';
import type { ReadThrough } from '../clients/read-through';
import { DeviceThrottledError } from '../devices/device-allowance';
import { readThroughRoutes } from '../clients/read-through-kinds';
import { problemBody, sendThrottled } from './problem';
import { access } from './route-access';

/**
 * Every GET a laptop's on-demand reads and documents make (`clients/read-through-kinds.ts`), at the API's
 * own paths, answered from what the hub keeps or read through once (clients/read-through.ts) — except the
 * ones already answered from the mirror (registered before this: the windows, reports and a client's lists).
 * Anything else under /api/v1 is a 404 naming what the hub serves.
 */
export function registerReadThroughRoutes(app: FastifyInstance, deps: { readThrough: ReadThrough }) {
  const served: string[] = [];
  for (const route of readThroughRoutes()) {
    const url = `/api/v1${route.path}`;
    if (app.hasRoute({ method: 'GET', url })) continue;
    served.push(route.path);
    app.get(url, access('device'), async (request, reply) => {
      const target = route.target(
        (request.params ?? {}) as Record<string, string>,
        (request.query ?? {}) as Record<string, unknown>,
      );
      if (!target)
        return sendBody(
          reply,
          problemBody(
            400,
            'Bad Request',
            `Not a ${route.name} read the hub serves: check its path and query.`,
            request.url,
          ),
        );
      try {
        const answer = await deps.readThrough.serve(target, request.device ?? undefined);
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      } catch (error) {
        if (error instanceof DeviceThrottledError) return sendThrottled(reply, error, request.url);
        return sendBody(reply, failureProblem(error, request.url));
      }
    });
  }
  app.setNotFoundHandler((request, reply) =>
    sendBody(
      reply,
      problemBody(
        404,
        'Not Found',
        `The hub does not serve ${request.method} ${request.url.split('?')[0]}. It serves the practice's synced ` +
          `lists and reports from its mirror and reads through, once for every laptop: ${served.join(', ')}.`,
        request.url,
      ),
    ),
  );
}

function sendBody(reply: FastifyReply, body: ReturnType<typeof problemBody>) {
  return reply.code(body.status).type('application/problem+json').send(body);
}

/**
 * The practice's refusal is passed on as it said it (its status and problem: a 404 for a bill outside the
 * practice stays a 404); an answer the hub could not use is a 502; no answer, or a follower that may not
 * read, a 503 — after which the laptop keeps what it has and tries again later.
 */
function failureProblem(error: unknown, instance: string): ReturnType<typeof problemBody> {
  if (error instanceof PartnerApiError && !(error instanceof RedirectRefusedError)) {
    const told = error.problem;
    return {
      ...problemBody(
        error.status,
        told?.title ?? error.title,
        told?.detail ?? told?.message ?? error.message,
        instance,
      ),
      ...(told ?? {}),
      status: error.status,
    } as ReturnType<typeof problemBody>;
  }
  if (error instanceof NotMirroredError) return problemBody(503, 'Service Unavailable', error.message, instance);
  if (error instanceof MalformedResponseError || error instanceof RedirectRefusedError)
    return problemBody(502, 'Bad Gateway', 'The practice’s answer was not one the hub can serve.', instance);
  return problemBody(503, 'Service Unavailable', 'The practice did not answer the hub’s read.', instance);
}
