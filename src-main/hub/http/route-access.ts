import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../../security/loopback';
import { sendProblem } from './problem';

/**
 * Who may call a route, declared by the route itself:
 * - `device`: an enrolled, unrevoked laptop, in the Partner API's own auth headers (every data route);
 * - `signed-webhook`: anyone may knock, and the route itself verifies the practice's signature before it
 *   reads a byte of the body (the webhook receiver);
 * - `public`: no credentials and no data (the liveness and readiness checks);
 * - `metrics`: the hub's own counts, no records: from this machine (a loopback peer that names no one it
 *   forwards for), or from anywhere with the metrics token as a bearer token.
 */
export type RouteAccess = 'device' | 'signed-webhook' | 'public' | 'metrics';

/** A route as registered, with whom it lets in (the spelling test tries every one). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered so far, with its declared access. */
    declaredRoutes: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The verified device id on a `device` route; null on any other. */
    device: string | null;
  }
}

const ACCESS: readonly RouteAccess[] = ['device', 'signed-webhook', 'public', 'metrics'];

/** A route's options declaring its access: `app.get(path, access('device'), handler)`. */
export const access = (kind: RouteAccess) => ({ config: { access: kind } });

export interface RouteGuardOptions {
  /** Whether this id and token are an enrolled device's, not revoked. */
  verify(id: string | undefined, token: string | undefined): Promise<boolean>;
  /**
   * A device's request passed the check: the hook may still refuse it (a rate) by sending an answer, and
   * learns when it ends (revocation cuts requests in flight). Runs in the same hook, after the check.
   */
  onDeviceRequest?(request: FastifyRequest, reply: FastifyReply): void | Promise<void>;
  /** The token that lets a scraper off this machine read `metrics` routes; none: loopback only. */
  metricsToken?(): string | undefined;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Headers a reverse proxy adds: a request that carries one came from somewhere else, whatever the socket
 * says (a proxy on this machine connects from loopback on behalf of anyone).
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-client-ip'];

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** A `metrics` route's caller: on loopback and forwarding no one, or with `Authorization: Bearer <token>`. */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!forwarded && isLoopbackAddress(request.socket.remoteAddress ?? '')) return true;
  const given = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header(request, 'authorization') ?? '')?.[1];
  // Compared as digests, in constant time: neither the token's length nor its first bytes leak.
  return !!token && !!given && timingSafeEqual(digest(given), digest(token));
}

/**
 * Deny by default, decided on the route the router matched — never on the raw URL, whose spelling the
 * router does not share. Every route must declare its access when it is added (a route without one stops
 * the hub from starting); a request no route matched is a device's request too, so an unknown path answers
 * 401 to anyone without a device, never a list of what the hub serves. Install before any route.
 */
export function guardRoutes(app: FastifyInstance, options: RouteGuardOptions): void {
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  app.decorateRequest('device', null);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    if (!declared || !ACCESS.includes(declared))
      throw new Error(`The hub's route ${String(route.method)} ${route.url} does not declare who may call it.`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path, access: declared });
  });
  app.addHook('onRequest', async (request, reply) => {
    const declared = request.is404 ? 'device' : (request.routeOptions.config.access ?? 'device');
    if (declared === 'metrics') {
      if (mayReadMetrics(request, options.metricsToken?.())) return;
      void reply.header('www-authenticate', 'Bearer realm="practice-hub metrics"');
      return sendProblem(
        reply,
        401,
        'Unauthorized',
        'The metrics are served to this machine, or with the metrics token as a bearer token.',
        request.url.split('?')[0] ?? '',
      );
    }
    if (declared !== 'device') return;
    const id = header(request, 'x-svc-auth-id');
    if (!(await options.verify(id, header(request, 'x-svc-auth-key'))))
      return sendProblem(reply, 401, 'Unauthorized', 'Unknown or revoked device.', request.url.split('?')[0] ?? '');
    request.device = id ?? null;
    await options.onDeviceRequest?.(request, reply);
  });
}
