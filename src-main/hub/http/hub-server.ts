import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { DeviceRegistry } from '../devices/devices';
import { pathRefusal } from './canonical-path';
import { problemBody } from './problem';
import { guardRoutes } from './route-access';
import type { HubLog } from '../watch/hub-log';
import { AccessLogController, logAnswered, watchRequests, type AnsweredRequest } from '../watch/request-watch';

export interface HubServerOptions {
  devices: Pick<DeviceRegistry, 'verify'>;
  /** PEM certificate and key to serve HTTPS with; without them plain http, which the caller binds to loopback. */
  tls?: { cert: string; key: string };
  /**
   * A device's request passed the credential check (laptop presence, rates, revocation): the hook may still
   * refuse it by answering. `request.device` is the verified id.
   */
  onDeviceRequest?: (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;
  /**
   * Registers the routes, each declaring who may call it (a running hub: http/hub-routes.ts, every route in
   * one place); called once the access check is in place.
   */
  register: (app: FastifyInstance) => void;
  /** The hub's logger: Fastify logs through it, with one access line per request; without one, nothing is logged. */
  log?: HubLog;
  /** Each request answered, refused before routing ('refused') included: the request metrics. */
  onAnswered?: (answered: AnsweredRequest) => void;
  /** The token a scraper off this machine shows for `/metrics` (route-access.ts). */
  metricsToken?: () => string | undefined;
}

/** A request's head must arrive within this, and the whole request (head and body) within the next. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** An idle kept-alive connection is closed after this (Fastify's own default). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The hub's HTTP face: a target refused before routing unless it is a path in its one spelling, every
 * request watched and logged, every route behind the access it declares (device credentials in the
 * contract's own auth headers, so the log redactor already hides them). HTTPS when given a certificate;
 * plain http otherwise, which the caller binds to loopback.
 */
export function createHubServer(options: HubServerOptions): FastifyInstance {
  const { devices } = options;
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

  options.register(app);
  return app;
}
