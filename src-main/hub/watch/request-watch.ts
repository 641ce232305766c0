import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { WATCH_PATHS } from './watch-routes';

/** What the access log and the request metrics learn of each answered request. */
export interface AnsweredRequest {
  /** The route's pattern (`/api/v1/bills/:billingId`), or 'unmatched' when no route matched. */
  route: string;
  method: string;
  status: number;
  seconds: number;
  /** The verified device, or null (public routes, refused credentials: an unverified id is never logged). */
  device: string | null;
  /** The client went away before the answer ended (a change stream closed by its laptop, a cut-off device). */
  aborted: boolean;
}

/**
 * One access line per request, and the request metrics, when its answer ends or its connection closes
 * (a change stream is answered for as long as it is open, so it is logged when it ends). Installed before
 * the access check so a refused request is logged too. The line holds the route's pattern, never the URL:
 * a query may carry a credential (`?X-Svc-Auth-Key=` is refused, not read), and no header is logged.
 */
export function watchRequests(
  app: FastifyInstance,
  onAnswered: (answered: AnsweredRequest, request: FastifyRequest) => void,
): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      onAnswered(
        {
          route: request.routeOptions.url ?? 'unmatched',
          method: request.method,
          status: reply.raw.statusCode,
          seconds: reply.elapsedTime / 1000,
          device: request.device,
          aborted: !reply.raw.writableFinished,
        },
        request,
      );
    });
  });
}

/** The access log's level: a watch route answered well is polled every few seconds, and logged at debug. */
export function accessLevel(answered: Pick<AnsweredRequest, 'route' | 'status'>): 'debug' | 'info' {
  return WATCH_PATHS.has(answered.route) && answered.status < 300 ? 'debug' : 'info';
}

/** The access line of one request: the fields an administrator filters on, and nothing a request carried in. */
export function logAnswered(answered: AnsweredRequest, request: FastifyRequest): void {
  const { route, method, status, seconds, device, aborted } = answered;
  request.log[accessLevel(answered)](
    {
      method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      device,
      remote: request.socket.remoteAddress ?? null,
      ...(aborted ? { aborted } : {}),
    },
    'request',
  );
}

/**
 * Fastify's own lines about a request, less the two per request ("incoming request", "request completed")
 * the access line replaces, and the "not found" line (it quotes the raw URL); its error lines stay.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
  override routeNotFound(): void {}
}
