import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uuid } from '../../../src-preload/contract/partner-api';
import { NotMirroredError, UnknownClientError, type ClientList } from '../clients/client-proposals';
import { DeviceThrottledError } from '../devices/device-allowance';
import type { Queryable } from '../db/database';
import { hubNow } from '../mirror/mirror-store';
import { problemBody, sendThrottled } from './problem';
import { access } from './route-access';

const clientQuerySchema = z.strictObject({ entityKey: uuid });

/**
 * The per-client routes a laptop's on-demand reads use (`practice.read`), at the Partner API's own paths and
 * with its shapes, so a laptop through the hub reads a client's proposals and statements with no change to
 * its reader. Served from the mirror; a client the hub does not hold yet is read through once and mirrored.
 */
export function registerClientRoutes(
  app: FastifyInstance,
  deps: { db: Queryable; proposals: ClientList; statements: ClientList },
) {
  registerClientList(app, deps.db, '/api/v1/proposals/list', deps.proposals);
  registerClientList(app, deps.db, '/api/v1/statements/list', deps.statements);
}

function registerClientList(app: FastifyInstance, db: Queryable, path: string, list: ClientList) {
  app.get(path, access('device'), async (request, reply) => {
    void reply.header('date', (await hubNow(db)).toUTCString());
    const query = clientQuerySchema.safeParse(request.query ?? {});
    if (!query.success)
      return reply
        .code(400)
        .type('application/problem+json')
        .send(problemBody(400, 'Bad Request', 'entityKey must be a UUID (and nothing else is accepted).', request.url));
    try {
      return await list.serve(query.data.entityKey, request.device ?? undefined);
    } catch (error) {
      if (error instanceof DeviceThrottledError) return sendThrottled(reply, error, request.url);
      if (error instanceof UnknownClientError)
        return reply
          .code(404)
          .type('application/problem+json')
          .send(problemBody(404, 'Not Found', error.message, request.url));
      // The practice did not answer the read-through (or this process may not read it): the laptop keeps
      // what it has and tries again later, as after any 5xx.
      const detail = error instanceof NotMirroredError ? error.message : 'The practice did not answer the hub’s read.';
      return reply
        .code(503)
        .type('application/problem+json')
        .send(problemBody(503, 'Service Unavailable', detail, request.url));
    }
  });
}
