import { describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import { createMemorySyncSink } from '../../support/memory-sync-sink';
import { createPagedListServer, type FakeRecord } from '../../support/paged-list-server';

const START = Date.parse('2031-05-06T08:00:00Z');
const entities = syncResources.filter((r) => r.name === 'entities');

describe('a pass resumed after a crash, the list ordered by updatedOn', () => {
  it.each([
    ['changed since', false],
    ['changed with an updatedOn a little before the pass began', true],
  ])(
    'a client read before the crash and %s moved to the end: the import is read again rather than miss the one that moved back',
    async (_what, stampedEarly) => {
      const server = createPagedListServer({ records: 30, pageSize: 4, start: START, order: 'updatedOn' });
      const sink = createMemorySyncSink();
      const engine = createSyncEngine({ api: server.api, sink, resources: entities });
      sink.crashAfter(2);
      expect((await engine.runOnce())[0]!.state).toBe('failed');
      expect(sink.cursors['entities']).toMatchObject({ mode: 'full', nextPage: 3 });
      sink.crashAfter(null);
      // A client on the first page changes: it moves to the end, and E00008 slips back onto the second page.
      server.advanceTo(START + 60_000);
      if (stampedEarly) {
        // Stamped a little before the pass's first answer, though first served after the crash (a lagging stamp).
        const passBegan = Date.parse(sink.cursors['entities']!.passServerTime!);
        const moved = server.records.get('E00001')!;
        server.records.set('E00001', { ...moved, version: 1, updatedOn: new Date(passBegan - 30_000).toISOString() });
      } else server.change('E00001');
      const local = () => sink.table('entities') as Map<string, FakeRecord>;
      await engine.runOnce();
      expect(local().has('E00008')).toBe(false);
      // The resumed pass saw a client changed since its pass began, in updatedOn order: not proven.
      expect(sink.cursors['entities']).toMatchObject({ mode: 'full', nextPage: 1 });
      await engine.runOnce();
      expect(sink.cursors['entities']).toMatchObject({ mode: 'incremental' });
      expect(local().size).toBe(30);
      for (const [key, record] of server.records) expect(local().get(key)?.version).toBe(record.version);
    },
  );
});
