import type { FastifyInstance } from 'fastify';
import type { AuthValidation } from '../../../src-preload/contract/partner-api';
import type { HubDatabase } from '../db/database';
import { registerHintRoute, type HintLimiter } from '../hints/hint-route';
import type { HubCore } from '../hub-core';
import type { HubLog } from '../watch/hub-log';
import type { HubMetrics } from '../watch/hub-metrics';
import type { HubReadiness } from '../watch/readiness';
import { registerWatchRoutes } from '../watch/watch-routes';
import { registerWebhookReceiver, type WebhookReceiverOptions } from '../webhooks/webhook-receiver';
import { registerClientRoutes } from './client-routes';
import { registerMirrorRoutes } from './mirror-routes';
import { registerReadThroughRoutes } from './read-through-routes';

export interface HubRoutesDeps {
  db: HubDatabase;
  core: HubCore;
  practice: AuthValidation;
  readiness: HubReadiness;
  metrics: HubMetrics;
  hintLimiter: HintLimiter;
  log: HubLog;
  /** The webhook receiver's own needs: the practice's secrets, its clock, where a test delivery is noted. */
  webhooks: Pick<WebhookReceiverOptions, 'secrets' | 'nowMs' | 'onTest'>;
}

/**
 * Every route a running hub serves, in one place. Each declares who may call it (route-access.ts). The order
 * matters once: the read-through routes skip any path registered before them (the mirror's lists, reports
 * and a client's lists are answered from the mirror).
 */
export function registerHubRoutes(app: FastifyInstance, deps: HubRoutesDeps): void {
  const { db, core, metrics } = deps;
  registerMirrorRoutes(app, { db, practice: deps.practice });
  registerWatchRoutes(app, { readiness: deps.readiness, metrics });
  core.changes.register(app);
  registerClientRoutes(app, { db, proposals: core.clients.proposals, statements: core.clients.statements });
  registerReadThroughRoutes(app, { readThrough: core.clients.readThrough });
  // Stored in the database: the leader is told, whichever process it is.
  registerHintRoute(app, { db, limiter: deps.hintLimiter, onStored: core.wakeLeader });
  registerWebhookReceiver(app, {
    ...deps.webhooks,
    db,
    practiceKey: deps.practice.practiceKey,
    onEvent: core.wakeLeader,
    onAnswered: metrics.webhookAnswered,
    log: deps.log,
  });
}
