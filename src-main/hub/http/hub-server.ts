import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AuthValidation } from '../../../src-preload/contract/partner-api';
import type { HubDatabase } from '../db/database';
import type { DeviceRegistry } from '../devices/devices';
import { HUB_MIRROR_PROVEN_AT } from '../../partner-api/partner-api-client';
import { hubNow, mirrorProvenAt, readAll, readPage } from '../mirror/mirror-store';
import { hubResources } from '../mirror/hub-resources';
import { registerMirroredReports } from './served-reports';
import { createPageCache } from './page-cache';
import { servedLists } from './served-lists';
import { pathRefusal } from './canonical-path';
import { problemBody, sendProblem } from './problem';
import { access, guardRoutes } from './route-access';
import type { HubLog } from '../watch/hub-log';
import { AccessLogController, logAnswered, watchRequests, type AnsweredRequest } from '../watch/request-watch';

export interface HubServerOptions {
  db: HubDatabase;
  devices: Pick<DeviceRegistry, 'verify'>;
  /** Records per page the hub serves (the contract does not fix one; the laptop's paging rule needs none). */
  pageSize?: number;
  /**
   * The practice this hub mirrors, answered at /api/v1/auth/validate so a laptop can apply its binding rule
   * before it reads anything. Always `canWrite: false`: a device may only read, its writes go direct.
   */
  practice?: AuthValidation;
  /** PEM certificate and key to serve HTTPS with; without them plain http, which the caller binds to loopback. */
  tls?: { cert: string; key: string };
  /**
   * A device's request passed the credential check (laptop presence, rates, revocation): the hook may still
   * refuse it by answering. `request.device` is the verified id.
   */
  onDeviceRequest?: (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;
  /** Extra routes (the webhook receiver, the change stream) registered by their own modules. */
  register?: (app: FastifyInstance) => void;
  /** The hub's logger: Fastify logs through it, with one access line per request; without one, nothing is logged. */
  log?: HubLog;
  /** Each request answered, refused before routing ('refused') included: the request metrics. */
  onAnswered?: (answered: AnsweredRequest) => void;
  /** The token a scraper off this machine shows for `/metrics` (route-access.ts). */
  metricsToken?: () => string | undefined;
}

export const HUB_PAGE_SIZE = 1000;
/** A request's head must arrive within this, and the whole request (head and body) within the next. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** An idle kept-alive connection is closed after this (Fastify's own default). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

const problem = sendProblem;

/**
 * The hub's HTTP face for laptops: the Partner API's list routes under /api/v1 from the mirror, behind
 * device credentials in the contract's own auth headers (so the log redactor already hides them). HTTPS
 * when given a certificate; plain http otherwise, which the caller binds to loopback.
 */
export function createHubServer(options: HubServerOptions): FastifyInstance {
  const { db, devices } = options;
  const pageSize = options.pageSize ?? HUB_PAGE_SIZE;
  const app = Fastify({
    // The access line is the hub's own (request-watch.ts): Fastify's would carry the URL and its query.
    ...(options.log ? { loggerInstance: options.log, logController: new AccessLogController() } : { logger: false }),
    // Every target is refused before routing unless it is a path in its one spelling (canonical-path.ts).
    serverFactory: (handler) => {
      const guarded = (request: IncomingMessage, response: ServerResponse) => {
        const refusal = pathRefusal(request.url);
        if (refusal === null) return handler(request, response);
        // Logged without its target, which is what was wrong with it and may carry anything.
        const refused = { route: 'refused', method: request.method ?? '', status: 400, seconds: 0 };
        options.log?.info(
          { ...refused, ms: 0, device: null, remote: request.socket.remoteAddress ?? null, refusal: 'spelling' },
          'request',
        );
        options.onAnswered?.({ ...refused, device: null, aborted: false });
        const body = JSON.stringify(problemBody(400, 'Bad Request', refusal, ''));
        response.writeHead(400, { 'content-type': 'application/problem+json', connection: 'close' });
        response.end(body);
      };
      // A request's head and body must arrive within these (a slow client holds a socket, not the hub); a
      // response, such as the change stream, may last as long as it likes. Slow clients are looked for every
      // second (Node's default: every 30 s). A server made here takes none of Fastify's timeouts: all are here.
      const serverOptions = {
        headersTimeout: HEADERS_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: 1_000,
      };
      return options.tls
        ? createHttpsServer({ ...serverOptions, ...options.tls }, guarded)
        : createHttpServer(serverOptions, guarded);
    },
  }) as unknown as FastifyInstance;

  // First, so a request the access check refuses is logged and counted too.
  if (options.log || options.onAnswered)
    watchRequests(app, (answered, request) => {
      if (options.log) logAnswered(answered, request);
      options.onAnswered?.(answered);
    });
  // Before any route: each declares who may call it, and the check runs on the route the router matched.
  guardRoutes(app, {
    verify: (id, token) => devices.verify(id, token),
    ...(options.onDeviceRequest ? { onDeviceRequest: options.onDeviceRequest } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
  });

  const { practice } = options;
  if (practice)
    app.get('/api/v1/auth/validate', access('device'), async (_request, reply) => {
      void reply.header('date', (await hubNow(db)).toUTCString());
      return { ...practice, canWrite: false } satisfies AuthValidation;
    });

  const pages = createPageCache(db);
  for (const list of servedLists) {
    app.get(`/api/v1${list.path}`, access('device'), async (request, reply) => {
      const now = await hubNow(db);
      // The hub's clock in Date: a laptop's next watermark comes from it and is compared with changed_at.
      void reply.header('date', now.toUTCString());
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const refused = list.unsupported.filter((name) => raw[name] !== undefined);
      if (refused.length > 0)
        return problem(reply, 400, 'Bad Request', `The hub does not filter by ${refused.join(', ')}.`, request.url);
      const parsed = list.query.safeParse(raw);
      if (!parsed.success)
        return problem(reply, 400, 'Bad Request', parsed.error.issues[0]?.message ?? 'Bad query.', request.url);
      const query = parsed.data;
      const since = typeof query.lastUpdated === 'string' ? new Date(query.lastUpdated) : null;
      if (since && since.getTime() > now.getTime())
        return problem(reply, 400, 'Bad Request', 'lastUpdated must not be in the future.', request.url);
      const selection = { resource: list.resource, changedSince: since, filter: list.filter(query) };
      const page = { pageNumber: typeof query.pageNumber === 'number' ? query.pageNumber : 1, pageSize };
      // Practice-clock time the mirror of this list is proven from: where a laptop falling back to the
      // Partner API reads changes from (sync/cursor-sources.ts).
      const proven = await mirrorProvenAt(db, list.resource);
      if (proven) void reply.header(HUB_MIRROR_PROVEN_AT, proven);
      const body = await pages.pageOf(list.resource, selection, page, async (blockNumber, blockSize) =>
        (await readPage(db, { ...selection, pageNumber: blockNumber, pageSize: blockSize })).map((row) => row.record),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  // Snapshot lists (users, statuses, catalogs) and lists re-read whole (recurring billings): the laptop
  // replaces its copy. Its sync engine pages every list until the server says it ended: pages by key.
  for (const resource of hubResources.filter((r) => r.kind === 'snapshot' || r.kind === 'paged-whole')) {
    app.get(`/api/v1${resource.path}`, access('device'), async (request, reply) => {
      void reply.header('date', (await hubNow(db)).toUTCString());
      const { pageNumber, ...rest } = (request.query ?? {}) as Record<string, unknown>;
      const page = pageNumber === undefined ? 1 : Number(pageNumber);
      if (Object.keys(rest).length > 0 || !Number.isInteger(page) || page < 1)
        return problem(
          reply,
          400,
          'Bad Request',
          'The hub serves this list whole, paged by pageNumber only.',
          request.url,
        );
      const body = await pages.pageOf(resource.name, {}, { pageNumber: page, pageSize }, async (block, blockSize) =>
        (await readAll(db, resource.name)).slice((block - 1) * blockSize, block * blockSize).map((row) => row.record),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  registerMirroredReports(app, { db, resources: hubResources, pageSize, problem, pages });
  options.register?.(app);
  return app;
}
