import { syncResources, type SyncResource } from '../../sync/sync-resources';

/**
 * What the hub mirrors: every resource a laptop syncs, under the same rules, except that none waits to be
 * asked for. A laptop leaves the proposal and job templates out of its first import (only a form needs them,
 * and its first minute of requests is better spent on clients); the hub serves every laptop, and a laptop
 * asking for them through the hub must find them there.
 */
export const hubResources: readonly SyncResource[] = syncResources.map((resource) => {
  const { firstReadWhenAsked: _asked, ...always } = resource;
  return always as SyncResource;
});
