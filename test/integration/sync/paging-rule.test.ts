import { afterEach, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createPracticeReader } from '../../../src-main/practice-reads/practice-reader';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { createMemorySyncSink } from '../../support/memory-sync-sink';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

async function setup(pageSize: number) {
  let serverNow = new Date('2031-03-04T05:00:00Z');
  demo = await createDemoPractice({
    rateLimit: { enabled: false },
    seed: 8,
    pageSize,
    anchor: new Date('2031-03-01T00:00:00Z'),
    clock: { now: () => serverNow },
  });
  const practice = demo.practices[0]!;
  const api = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch,
    sleep: async () => undefined,
  });
  const sink = createMemorySyncSink();
  const entitiesOnly = syncResources.filter((r) => r.name === 'entities');
  const later = (minutes: number) => (serverNow = new Date(serverNow.getTime() + minutes * 60_000));
  return {
    demo,
    sink,
    engine: createSyncEngine({ api, sink, resources: entitiesOnly }),
    state: demo.runtime.practices[0]!,
    later,
    now: () => serverNow,
  };
}

describe('the one paging rule, in the sync engine', () => {
  it('a page size that shrinks after the import (100 → 50) loses none of 120 changes, and later passes stay whole', async () => {
    const t = await setup(100);
    await t.engine.runOnce();
    expect(t.sink.table('entities').size).toBe(t.state.entities.size);
    t.demo.configure({ pageSize: 50 });
    for (let round = 1; round <= 2; round++) {
      t.later(10);
      const changed = [...t.state.entities.values()].slice((round - 1) * 30, (round - 1) * 30 + 120);
      expect(changed).toHaveLength(120);
      for (const entity of changed)
        Object.assign(entity, { entitySalutation: `Changed ${round}`, updatedOn: t.now().toISOString() });
      t.later(1);
      await t.engine.runOnce();
      const local = [...t.sink.table('entities').values()] as { entitySalutation: string | null }[];
      expect(local.filter((e) => e.entitySalutation === `Changed ${round}`)).toHaveLength(120);
    }
  });

  it('a full page holding one malformed record is followed by the next page; the record is reported, the list complete', async () => {
    const t = await setup(40);
    t.demo.configure({ validateResponses: false });
    const bad = [...t.state.entities.values()][3]!;
    Object.assign(bad, { fullEntityName: 42 });
    const rejected: number[] = [];
    const engine = createSyncEngine({
      api: createPartnerApiClient({
        baseUrl: t.demo.practices[0]!.baseUrl,
        credentials: () => t.demo.practices[0]!.readWrite,
        fetch,
      }),
      sink: t.sink,
      resources: syncResources.filter((r) => r.name === 'entities'),
      onRejected: (_resource, records) => rejected.push(...records.map((r) => r.index)),
    });
    await engine.runOnce();
    expect(rejected).toEqual([3]);
    expect(t.sink.table('entities').size).toBe(t.state.entities.size - 1);
  });

  it("a client's bill history read on demand is complete when a full page holds a malformed bill", async () => {
    const t = await setup(2);
    t.demo.configure({ validateResponses: false });
    const byClient = new Map<string, number>();
    for (const bill of t.state.bills.values()) byClient.set(bill.entityKey, (byClient.get(bill.entityKey) ?? 0) + 1);
    const [entityKey] = [...byClient].find(([, count]) => count >= 5)!;
    const bills = [...t.state.bills.values()].filter((b) => b.entityKey === entityKey);
    // On the second page: counting only well-formed records, that page would look short and end the list.
    Object.assign(bills[2]!, { total: 'not a number' });
    const practice = t.demo.practices[0]!;
    const api = createPartnerApiClient({ baseUrl: practice.baseUrl, credentials: () => practice.readWrite, fetch });
    const reader = createPracticeReader({ targetFor: () => ({ api }) });
    const answer = await reader.read({
      practiceKey: practice.practiceKey,
      priority: 'interactive',
      request: { kind: 'bills.forClient', entityKey, startDate: '2000-01-01', endDate: '2040-01-01' },
    });
    expect(answer).toMatchObject({ ok: true, rejected: 1 });
    expect((answer as { data: unknown[] }).data).toHaveLength(bills.length - 1);
    expect((answer as { requests: number }).requests).toBe(Math.floor(bills.length / 2) + 1);
  });

  it('a snapshot list that the server pages is read to its end, not replaced by its first page', async () => {
    const t = await setup(2);
    const users = syncResources.filter((r) => r.name === 'users');
    // The demo serves catalogs whole; a server that pages them answers pageNumber like any list.
    const pagedFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (!url.pathname.endsWith('/users/list')) return fetch(input, init);
      const answer = await fetch(input, init);
      const all = (await answer.json()) as unknown[];
      const page = Number(url.searchParams.get('pageNumber') ?? '1');
      return new Response(JSON.stringify(all.slice((page - 1) * 2, page * 2)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const practice = t.demo.practices[0]!;
    const engine = createSyncEngine({
      api: createPartnerApiClient({
        baseUrl: practice.baseUrl,
        credentials: () => practice.readWrite,
        fetch: pagedFetch,
      }),
      sink: t.sink,
      resources: users,
    });
    await engine.runOnce();
    expect(t.state.users.size).toBeGreaterThan(2);
    expect(t.sink.table('users').size).toBe(t.state.users.size);
  });
});
