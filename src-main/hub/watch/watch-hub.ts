import type { HubDatabase } from '../db/database';
import type { ChangeStream } from '../http/change-stream';
import { hubResources } from '../mirror/hub-resources';
import { leadershipHeld, type MirrorLeadership } from '../mirror/mirror-leadership';
import type { RequestBudget } from '../../request-budget/request-budget-types';
import type { HubMetrics } from './hub-metrics';
import { createReadiness, freshnessBounds, type HubReadiness } from './readiness';

/**
 * The running hub's readiness and the gauges its metrics read at each scrape, from its parts: one place
 * says what `/readyz` checks and what `/metrics` reports of the hub's state.
 */
export function watchHub(parts: {
  db: HubDatabase;
  clientId: string;
  schemaVersion: number;
  leader: MirrorLeadership;
  stopping: () => boolean;
  now: () => number;
  /** The backstop's interval with no laptop: the longest a list waits for its next pass. */
  idleMirrorEveryMs: number;
  budget: Pick<RequestBudget, 'snapshot'>;
  changes: Pick<ChangeStream, 'connections' | 'streaming'>;
  metrics: HubMetrics;
}): HubReadiness {
  const { db, leader, now, changes } = parts;
  const readiness = createReadiness({
    db,
    schemaVersion: parts.schemaVersion,
    isLeader: () => leader.isLeader(),
    // On PostgreSQL any process may lead; on PGlite this one always does once it has started.
    leaderElsewhere: () => (db.engine === 'postgres' ? leadershipHeld(db, parts.clientId) : Promise.resolve(false)),
    stopping: parts.stopping,
    now,
    freshness: freshnessBounds(hubResources, parts.idleMirrorEveryMs),
  });
  parts.metrics.watch({
    db,
    now,
    budget: () => parts.budget.snapshot(),
    openStreams: () => changes.connections(),
    streaming: (device) => changes.streaming(device),
    isLeader: () => leader.isLeader(),
    readiness: () => readiness.check(),
    resources: hubResources.map((resource) => resource.name),
  });
  return readiness;
}
