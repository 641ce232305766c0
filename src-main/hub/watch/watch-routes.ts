import type { FastifyInstance } from 'fastify';
import { access } from '../http/route-access';
import type { HubMetrics } from './hub-metrics';
import type { HubReadiness } from './readiness';

export const LIVE_PATH = '/livez';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';
/** The routes an orchestrator or a scraper polls: answered 2xx, they are logged at debug, not info (request-watch.ts). */
export const WATCH_PATHS: ReadonlySet<string> = new Set([LIVE_PATH, READY_PATH, METRICS_PATH]);

/**
 * How the hub is watched: `/livez` (the process answers; nothing else is asked), `/readyz` (the readiness
 * checks, 200 or 503 with a JSON body naming what is not ready) — both public, carrying no data and no
 * credential — and `/metrics` in Prometheus text, for loopback or the metrics token (route-access.ts).
 */
export function registerWatchRoutes(
  app: FastifyInstance,
  deps: { readiness: HubReadiness; metrics: Pick<HubMetrics, 'text' | 'contentType'> },
): void {
  app.get(LIVE_PATH, access('public'), async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );
  app.get(READY_PATH, access('public'), async (_request, reply) => {
    const { ready, checks } = await deps.readiness.check();
    const failing = Object.entries(checks)
      .filter(([, verdict]) => verdict !== 'ok')
      .map(([check]) => check);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', failing, checks });
  });
  app.get(METRICS_PATH, access('metrics'), async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(deps.metrics.contentType)
      .send(await deps.metrics.text()),
  );
}
