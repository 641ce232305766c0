import { describe, expect, it } from 'vitest';
import { syncedResourceStorage } from '../../../src-preload/contract/sync';
import { requestsFor } from '../../../src-main/sync/sync-plan';
import { rulesOf, syncResources, unknownKind, type SyncKind } from '../../../src-main/sync/sync-resources';

describe('sync resource kinds', () => {
  it('a whole-list resource says so by its kind, with no separate flag', () => {
    const recurring = syncResources.find((r) => r.name === 'recurringBillings');
    expect(recurring?.kind).toBe('paged-whole');
    for (const resource of syncResources) expect(resource).not.toHaveProperty('incremental');
  });

  it('only plain paged lists ask for changes; only reports are one object, stored as a report', () => {
    const kinds: SyncKind[] = ['paged', 'paged-whole', 'snapshot', 'window', 'report'];
    expect(kinds.filter((k) => rulesOf(k).changesOnly)).toEqual(['paged']);
    expect(kinds.filter((k) => rulesOf(k).pageByPage)).toEqual(['paged', 'paged-whole', 'window']);
    for (const resource of syncResources)
      expect(syncedResourceStorage[resource.name] === 'report').toBe(resource.kind === 'report');
    expect(() => unknownKind('later' as never)).toThrow(/later/);
  });

  it('an incremental pass of a paged list is one request; a whole list re-reads its pages', () => {
    const cursor = {
      resource: 'x',
      mode: 'incremental' as const,
      watermark: null,
      nextPage: 1,
      passServerTime: null,
      largestPage: 100,
      lastCompletedAt: null,
      recordsThisPass: 250,
    };
    expect(requestsFor('paged', cursor)).toEqual({ requests: 1, sized: true });
    expect(requestsFor('paged-whole', cursor)).toEqual({ requests: 3, sized: true });
    expect(requestsFor('paged', undefined)).toEqual({ requests: 1, sized: false });
    expect(requestsFor('snapshot', undefined)).toEqual({ requests: 2, sized: true });
  });
});
