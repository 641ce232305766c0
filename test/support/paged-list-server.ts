import type { PartnerApiClient } from '../../src-main/partner-api/partner-api-client';

/** A record of the fake list: its key, when it last changed (server time) and how many times. */
export interface FakeRecord {
  entityKey: string;
  updatedOn: string;
  version: number;
}

/**
 * One lastUpdated list served in memory, as the contract allows: pages of a size the server may change at
 * any moment (`pageSize`), in key order or by `updatedOn` (`order`), `lastUpdated` inclusive and refused in the future, the server's time
 * on every answer. Each request takes `requestMs` of server time; `beforeRequest` runs before each is served
 * (its number, from 1), so a test can change the page size or records between two pages of one pass.
 */
export function createPagedListServer(options: {
  records: number;
  pageSize: number;
  start: number;
  /** 'updatedOn': oldest change first (then key), so a record that changes moves to the end. */
  order?: 'key' | 'updatedOn';
  requestMs?: number;
  beforeRequest?: (request: number, server: PagedListServer) => void;
}) {
  let now = options.start;
  let requests = 0;
  const records = new Map<string, FakeRecord>();
  const iso = (at: number) => new Date(at).toISOString();
  for (let i = 0; i < options.records; i++) {
    const entityKey = `E${String(i).padStart(5, '0')}`;
    records.set(entityKey, { entityKey, updatedOn: iso(options.start - 86_400_000), version: 0 });
  }
  const server = {
    pageSize: options.pageSize,
    records,
    now: () => now,
    advanceTo(at: number) {
      now = Math.max(now, at);
    },
    requests: () => requests,
    /** Changes a record now: a new version stamped with the server's time. */
    change(entityKey: string) {
      const record = records.get(entityKey)!;
      records.set(entityKey, { entityKey, updatedOn: iso(now), version: record.version + 1 });
    },
    api: {
      async list(_path: string, _schema: unknown, request: { query?: Record<string, unknown> } = {}) {
        requests++;
        options.beforeRequest?.(requests, server);
        now += options.requestMs ?? 1_000;
        const query = request.query ?? {};
        const lastUpdated = typeof query.lastUpdated === 'string' ? Date.parse(query.lastUpdated) : null;
        if (lastUpdated !== null && lastUpdated > now) throw new Error('lastUpdated must not be in the future');
        const pageNumber = Number(query.pageNumber ?? 1);
        // Keys are made in order and never added, so the map's order is key order.
        const matching = [...records.values()].filter(
          (r) => lastUpdated === null || Date.parse(r.updatedOn) >= lastUpdated,
        );
        if (options.order === 'updatedOn')
          matching.sort((a, b) => a.updatedOn.localeCompare(b.updatedOn) || a.entityKey.localeCompare(b.entityKey));
        const size = server.pageSize;
        const data = matching.slice((pageNumber - 1) * size, pageNumber * size).map((r) => ({ ...r }));
        return { data, rejected: [], status: 200, serverDate: new Date(now) };
      },
    } as unknown as PartnerApiClient,
  };
  return server;
}
export type PagedListServer = ReturnType<typeof createPagedListServer>;
