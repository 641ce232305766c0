import { afterEach, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { ACTIVE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';
import { createMemorySyncSink } from '../../support/memory-sync-sink';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const HOUR_MS = 3_600_000;

/** The demo practice over HTTP at page size 100, its clients imported into a local copy. */
async function imported() {
  let serverNow = Date.parse('2031-03-04T05:00:00Z');
  demo = await createDemoPractice({
    rateLimit: { enabled: false },
    seed: 8,
    pageSize: 100,
    anchor: new Date('2031-03-01T00:00:00Z'),
    clock: { now: () => new Date(serverNow) },
  });
  const practice = demo.practices[0]!;
  const api = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch,
    sleep: async () => undefined,
  });
  const sink = createMemorySyncSink();
  const resources = syncResources.filter((r) => r.name === 'entities');
  const engine = createSyncEngine({ api, sink, resources });
  const state = demo.runtime.practices[0]!;
  await engine.runOnce();
  expect(sink.table('entities').size).toBe(state.entities.size);
  expect(state.entities.size).toBeGreaterThanOrEqual(150);
  return {
    demo,
    api,
    sink,
    engine,
    resources,
    state,
    now: () => serverNow,
    later: (ms: number) => (serverNow += ms),
    /** 120 clients changed on the server now; the keys. */
    change120(label: string) {
      const changed = [...state.entities.values()].slice(0, 120);
      for (const entity of changed)
        Object.assign(entity, { entitySalutation: label, updatedOn: new Date(serverNow).toISOString() });
      return changed.map((e) => e.entityKey);
    },
    arrived(label: string) {
      const local = [...sink.table('entities').values()] as { entitySalutation: string | null }[];
      return local.filter((e) => e.entitySalutation === label).length;
    },
  };
}

describe('a page size that shrinks to a quarter or less after the import', () => {
  for (const shrunk of [25, 10])
    it(`to ${shrunk}: all 120 changed clients arrive within the hour, passes every five minutes`, async () => {
      const t = await imported();
      const importedAt = t.now();
      t.demo.configure({ pageSize: shrunk });
      t.later(10 * 60_000);
      t.change120('Changed');
      const changedAt = t.now();
      const arrivals: number[] = [];
      while (t.now() - changedAt < HOUR_MS) {
        t.later(ACTIVE_EVERY_MS);
        const results = await t.engine.runOnce();
        expect(results.every((r) => r.state === 'done')).toBe(true);
        arrivals.push(t.arrived('Changed'));
        if (arrivals.at(-1) === 120) break;
      }
      // A small first page (the new page size) ends a read of changes unproven; the read that proves its end
      // comes within the hour of the last proven one (the import), reads every page and learns the page size.
      expect(arrivals[0]).toBe(shrunk);
      expect(arrivals.at(-1)).toBe(120);
      expect(t.now() - importedAt).toBeLessThanOrEqual(HOUR_MS);
      expect(t.sink.cursors['entities']!.largestPage).toBe(shrunk);

      // Later changes are read at the page size learned: 30 changes take their pages at once.
      t.later(ACTIVE_EVERY_MS);
      const later = [...t.state.entities.values()].slice(120, 150);
      for (const entity of later)
        Object.assign(entity, { entitySalutation: 'Later', updatedOn: new Date(t.now()).toISOString() });
      t.later(ACTIVE_EVERY_MS);
      await t.engine.runOnce();
      expect(t.arrived('Later')).toBe(30);
    });

  it('a reconciliation reads the whole list at the new page size and records the right total', async () => {
    const t = await imported();
    t.demo.configure({ pageSize: 25 });
    t.later(10 * 60_000);
    t.change120('Reconciled');
    t.later(ACTIVE_EVERY_MS);
    const reconciling = createSyncEngine({
      api: t.api,
      sink: t.sink,
      resources: t.resources,
      reconcile: { everyMs: 0, mayStart: () => true },
    });
    const [result] = await reconciling.runOnce();
    expect(result!.mode).toBe('reconcile');
    expect(t.arrived('Reconciled')).toBe(120);
    const cursor = t.sink.cursors['entities']!;
    expect(cursor.fullPassRecords).toBe(t.state.entities.size);
    expect(cursor.largestPage).toBe(25);
  });
});
