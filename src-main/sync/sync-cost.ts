import type { SyncCursor } from '../../src-preload/contract/sync';
import { syncEveryMs, type Presence } from '../../src-preload/contract/sync-cadence';
import { PROVEN_WITHIN_MS } from './pass-rules';
import { pagesOfWholeRead, requestsFor } from './sync-plan';
import { syncResources, TIER_EVERY_MS, unknownKind, type SyncResource } from './sync-resources';

const HOUR_MS = 3_600_000;

/** Requests one steady-state read of a resource costs (after the first import). */
export function steadyReadCost(resource: SyncResource, cursor?: SyncCursor): number {
  const kind = resource.kind;
  switch (kind) {
    case 'paged': // changes only: one page, usually empty
    case 'window': // the days since the last pass: one page
      return 1;
    case 'report':
    case 'snapshot':
      return requestsFor(kind, cursor).requests;
    case 'paged-whole':
      return pagesOfWholeRead(cursor) ?? 1;
    default:
      return unknownKind(kind);
  }
}

/**
 * What proving a pass's end costs per hour (partner-api/paging.ts): a read past the first page at most once
 * an hour per lastUpdated list and once a day per billing window, and only when that first page held records
 * (an empty one proves the end by itself). Counted in full, so the table is an upper bound.
 */
export function proofCostPerHour(resource: SyncResource): number {
  return resource.kind === 'paged' || resource.kind === 'window' ? HOUR_MS / PROVEN_WITHIN_MS[resource.tier] : 0;
}

/**
 * What the sync costs per hour at the cadence of this presence, from the tier table: each tier is read on
 * the first run at least its interval after the last, so on runs `every` apart it is read every
 * ceil(interval / every) runs, plus the proofs above. Bills fetched because a payment arrived are extra (a few an hour).
 */
export function syncCostPerHour(
  presence: Presence,
  cursors: Readonly<Record<string, SyncCursor | undefined>> = {},
  resources: readonly SyncResource[] = syncResources,
): number {
  const every = syncEveryMs(presence);
  if (every === null) return 0;
  let perHour = 0;
  for (const resource of resources) {
    const runsBetweenReads = Math.max(1, Math.ceil(TIER_EVERY_MS[resource.tier] / every));
    perHour += (steadyReadCost(resource, cursors[resource.name]) * HOUR_MS) / (every * runsBetweenReads);
    perHour += proofCostPerHour(resource);
  }
  return Math.ceil(perHour);
}
