import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { ACTIVE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';
import { createMemorySyncSink } from '../../support/memory-sync-sink';
import { createPagedListServer, type FakeRecord } from '../../support/paged-list-server';

const START = Date.parse('2031-05-06T08:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const entities = syncResources.filter((r) => r.name === 'entities');

/** When something happens: at a minute after the import, before a pass or between two pages of one. */
interface Moment {
  minute: number;
  /** 0: before the pass; n: just before the pass's request n + 1 (if the pass gets that far, else before the next). */
  afterRequests: number;
}

const momentArb = fc.record({
  minute: fc.integer({ min: -1, max: 59 }),
  afterRequests: fc.integer({ min: 0, max: 4 }),
});

const pageSizeArb = fc.oneof(
  fc.constant<'one'>('one'),
  fc.constant<'changed'>('changed'),
  fc.constant<'quarter'>('quarter'),
  fc.integer({ min: 1, max: 400 }),
);

interface Scenario {
  order?: 'key' | 'updatedOn';
  records: number;
  importPageSize: number;
  newPageSize: 'one' | 'changed' | 'quarter' | number;
  pageSizeAt: Moment;
  changes: { at: Moment; count: number; offset: number }[];
}

/** Runs the import (minute -1 is during it), then a pass every 5 minutes for three hours; checks after each pass. */
async function run(scenario: Scenario) {
  const pending: { at: Moment; act: () => void }[] = [];
  const made: { key: string; version: number; at: number }[] = [];
  let passFirstRequest = 1;
  let minuteOfPass = -1;
  let midPassResize = false;
  const server = createPagedListServer({
    records: scenario.records,
    pageSize: scenario.importPageSize,
    ...(scenario.order ? { order: scenario.order } : {}),
    start: START,
    beforeRequest: (request) => {
      for (const event of [...pending]) {
        const due =
          event.at.minute < minuteOfPass ||
          (event.at.minute === minuteOfPass && request - passFirstRequest >= event.at.afterRequests);
        if (!due) continue;
        pending.splice(pending.indexOf(event), 1);
        event.act();
      }
    },
  });
  const changedSinceImport = () => [...server.records.values()].filter((r) => r.version > 0).length;
  pending.push({
    at: scenario.pageSizeAt,
    act: () => {
      const size = scenario.newPageSize;
      midPassResize = server.requests() > passFirstRequest;
      server.pageSize =
        size === 'one'
          ? 1
          : size === 'changed'
            ? Math.max(1, changedSinceImport())
            : size === 'quarter'
              ? Math.max(1, Math.floor(scenario.importPageSize / 4))
              : size;
    },
  });
  for (const change of scenario.changes)
    pending.push({
      at: change.at,
      act: () => {
        for (let i = 0; i < change.count; i++) {
          const key = `E${String((change.offset + i * 7) % scenario.records).padStart(5, '0')}`;
          server.change(key);
          made.push({ key, version: server.records.get(key)!.version, at: server.now() });
        }
      },
    });

  // Two pages in a row that repeat the one before (two bursts of exactly a page) end a pass unproven, as does
  // a record served again changed (ordered by updatedOn, it moved): each may cost the pass it disturbed. Two
  // repeats of the first page the rule cannot tell from an endpoint without paging (paging.ts): not this test's.
  const disturbedPassesAt: number[] = [];
  let firstPageThrice = false;
  let passStartedAt = START;
  const pagesOfPass: string[] = [];
  const versionsOfPass = new Map<string, number>();
  const list = server.api.list.bind(server.api);
  const api = {
    ...server.api,
    list: (async (...args: Parameters<typeof list>) => {
      const firstOfPass = server.requests() < passFirstRequest;
      if (firstOfPass) {
        pagesOfPass.length = 0;
        versionsOfPass.clear();
      }
      const page = await list(...args);
      const records = page.data as FakeRecord[];
      const keys = records.map((r) => r.entityKey).join();
      const [before, last] = pagesOfPass.slice(-2);
      const disturb = () => {
        if (disturbedPassesAt.at(-1) !== passStartedAt) disturbedPassesAt.push(passStartedAt);
      };
      if (page.data.length > 0 && keys === last && keys === before) {
        if (pagesOfPass.length === 2 && keys === pagesOfPass[0]) firstPageThrice = true;
        else disturb();
      }
      // The engine notes neither a repeated page nor its first page read again to confirm the page size.
      const confirming = !firstOfPass && (args[2] as { query?: { pageNumber?: number } }).query?.pageNumber === 1;
      if (keys !== last && !confirming)
        for (const r of records) {
          if ((versionsOfPass.get(r.entityKey) ?? r.version) !== r.version) disturb();
          versionsOfPass.set(r.entityKey, r.version);
        }
      pagesOfPass.push(keys);
      return page;
    }) as typeof list,
  };
  const sink = createMemorySyncSink();
  const engine = createSyncEngine({ api, sink, resources: entities, now: () => new Date(server.now()) });
  const local = () => sink.table('entities') as Map<string, FakeRecord>;
  for (let pass = 0; pass <= 36; pass++) {
    minuteOfPass = pass === 0 ? -1 : (pass - 1) * 5;
    server.advanceTo(START + HOUR + pass * ACTIVE_EVERY_MS);
    passFirstRequest = server.requests() + 1;
    passStartedAt = server.now();
    // What was due before this pass and did not happen in the last one happens now.
    for (const event of pending.filter((e) => e.at.minute < minuteOfPass)) {
      pending.splice(pending.indexOf(event), 1);
      event.act();
    }
    const results = await engine.runOnce();
    fc.pre(!firstPageThrice);
    expect(results.map((r) => r.state)).toEqual(['done']);
    // Every change an hour old has arrived; a page size changed between two pages of a pass may cost the one
    // pass it disturbed, and so may each disturbed pass (above) in the change's hour: one cadence more each.
    for (const change of made) {
      const disturbed = disturbedPassesAt.filter(
        (at) => at >= change.at - ACTIVE_EVERY_MS && at <= change.at + HOUR + ACTIVE_EVERY_MS,
      ).length;
      const bound = HOUR + (midPassResize ? ACTIVE_EVERY_MS : 0) + disturbed * ACTIVE_EVERY_MS;
      if (server.now() - change.at >= bound)
        expect(local().get(change.key)?.version ?? -1).toBeGreaterThanOrEqual(change.version);
    }
  }
  // And the local copy is the server's, every record that never changed included.
  expect(local().size).toBe(scenario.records);
  for (const [key, record] of server.records) expect(local().get(key)?.version).toBe(record.version);
  return { server, sink };
}

describe('no change is lost for good, whatever the page size does', () => {
  it('any change of the page size, before a pass or between two of its pages, with records changing, in key order or by updatedOn: every change arrives within the hour', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          order: fc.constantFrom<'key' | 'updatedOn'>('key', 'updatedOn'),
          records: fc.integer({ min: 30, max: 200 }),
          importPageSize: fc.integer({ min: 4, max: 150 }),
          newPageSize: pageSizeArb,
          pageSizeAt: momentArb,
          changes: fc.array(
            fc.record({
              at: momentArb,
              count: fc.integer({ min: 1, max: 120 }),
              offset: fc.integer({ min: 0, max: 10_000 }),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
        async (scenario) => {
          await run(scenario);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('records changed between two pages of the pass that had to prove its end push a page into the next: the read goes on past the repeat', async () => {
    // Found by the property above: at page size 1, a change to a key before the page being read made the
    // next page the previous one again; the pass ended there as proven, and a change after it was lost.
    await run({
      records: 30,
      importPageSize: 4,
      newPageSize: 'one',
      pageSizeAt: { minute: 0, afterRequests: 0 },
      changes: [
        { at: { minute: 55, afterRequests: 1 }, count: 1, offset: 0 },
        { at: { minute: 0, afterRequests: 1 }, count: 2, offset: 1 },
      ],
    });
  });

  it('ordered by updatedOn, a client changed during the import moves to the end of the list: the import is read again rather than skip the client that moved back', async () => {
    // Found by the property above: the client after the first page's end moved onto it, never read, and
    // never changed again, so no later read of changes brought it.
    await run({
      order: 'updatedOn',
      records: 30,
      importPageSize: 4,
      newPageSize: 'quarter',
      pageSizeAt: { minute: 0, afterRequests: 0 },
      changes: [
        { at: { minute: -1, afterRequests: 1 }, count: 1, offset: 0 },
        { at: { minute: 0, afterRequests: 0 }, count: 1, offset: 0 },
      ],
    });
  });

  it('the probe: imported at page size 100, shrunk to 25 or less, 120 clients changed — all arrive within the hour', async () => {
    for (const shrunk of [25, 20, 10]) {
      const { server, sink } = await run({
        records: 400,
        importPageSize: 100,
        newPageSize: shrunk,
        pageSizeAt: { minute: 0, afterRequests: 0 },
        changes: [{ at: { minute: 0, afterRequests: 0 }, count: 120, offset: 0 }],
      });
      // The pass that proved its end learned the new page size (it replaced the old one; it was not kept).
      expect(sink.cursors['entities']!.largestPage).toBe(shrunk);
      expect(server.pageSize).toBe(shrunk);
    }
  });

  it('a proving pass cut short by a crash resumes from its stored page, proves its end and moves the watermark', async () => {
    const server = createPagedListServer({ records: 300, pageSize: 100, start: START });
    const sink = createMemorySyncSink();
    const engine = createSyncEngine({ api: server.api, sink, resources: entities });
    await engine.runOnce();
    const imported = sink.cursors['entities']!;
    expect(imported.largestPage).toBe(100);
    server.pageSize = 25;
    server.advanceTo(START + 10 * MINUTE);
    for (let i = 0; i < 120; i++) server.change(`E${String(i).padStart(5, '0')}`);
    const versionOne = () =>
      [...(sink.table('entities') as Map<string, FakeRecord>).values()].filter((r) => r.version === 1);
    // Small first pages: unproven, the watermark stays at the import's.
    server.advanceTo(START + 15 * MINUTE);
    await engine.runOnce();
    expect(versionOne()).toHaveLength(25);
    expect(sink.cursors['entities']).toMatchObject({ watermark: imported.watermark, provenAt: imported.provenAt });
    // The proof is due: the window closes after its second page.
    server.advanceTo(Date.parse(imported.provenAt!) + 55 * MINUTE);
    sink.crashAfter(2);
    expect((await engine.runOnce())[0]!.state).toBe('failed');
    expect(sink.cursors['entities']).toMatchObject({ nextPage: 3, watermark: imported.watermark });
    sink.crashAfter(null);
    server.advanceTo(server.now() + 5 * MINUTE);
    expect((await engine.runOnce())[0]!.state).toBe('done');
    expect(versionOne()).toHaveLength(120);
    const proven = sink.cursors['entities']!;
    expect(Date.parse(proven.provenAt!)).toBeGreaterThan(Date.parse(imported.provenAt!));
    expect(Date.parse(proven.watermark!)).toBe(Date.parse(proven.provenAt!) - 2 * MINUTE);
    expect(Date.parse(proven.watermark!)).toBeLessThan(server.now()); // lastUpdated is never in the future
    expect(proven.largestPage).toBe(25);
  });
});
