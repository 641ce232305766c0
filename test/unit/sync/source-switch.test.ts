import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../src-main/partner-api/api-errors';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { syncResources } from '../../../src-main/sync/sync-resources';
import type { SyncSource } from '../../../src-preload/contract/sync';
import { createMemorySyncSink } from '../../support/memory-sync-sink';

/**
 * Any interleaving of passes through the hub and passes directly to the Partner API, with the practice's
 * changes, the hub's mirror catching up late, the hub going away and coming back, and the two sources' own
 * clocks and page sizes, never loses a change: after each pass that completes, the laptop holds every record
 * at least as new as the source held it when the pass began; once the hub is back and caught up, exactly
 * the practice's records.
 */

const START = Date.parse('2031-05-06T08:00:00Z');
const MINUTE = 60_000;
const entities = syncResources.filter((r) => r.name === 'entities');
const iso = (at: number) => new Date(at).toISOString();

interface Held {
  version: number;
  updatedOn: string;
}

type Step =
  | { kind: 'change'; record: number }
  | { kind: 'mirror' }
  | { kind: 'wait'; minutes: number }
  /** `breaksAfter`: the window closes after that many pages are stored (the pass resumes later, on either source). */
  | { kind: 'pass'; source: SyncSource; breaksAfter: number | null }
  | { kind: 'hub'; up: boolean };

interface Scenario {
  records: number;
  practicePageSize: number;
  /** The hub's clock less the practice's. */
  hubSkewMinutes: number;
  steps: Step[];
}

function world(scenario: Scenario) {
  let now = START;
  let hubUp = true;
  const practice = new Map<string, Held>();
  for (let i = 0; i < scenario.records; i++)
    practice.set(`E${String(i).padStart(3, '0')}`, { version: 0, updatedOn: iso(START - 86_400_000) });
  // The hub's mirror: each record as last read from the practice, with the hub's change time.
  const mirror = new Map<string, Held & { changedAt: number }>();
  let mirrorProvenAt: string | null = null;
  const hubNow = () => now + scenario.hubSkewMinutes * MINUTE;

  const page = (rows: [string, Held][], query: Record<string, unknown>, size: number) => {
    const pageNumber = Number(query.pageNumber ?? 1);
    return rows
      .slice((pageNumber - 1) * size, pageNumber * size)
      .map(([entityKey, held]) => ({ entityKey, version: held.version, updatedOn: held.updatedOn }));
  };
  const sinceOf = (query: Record<string, unknown>, at: number) => {
    const since = typeof query.lastUpdated === 'string' ? Date.parse(query.lastUpdated) : null;
    if (since !== null && since > at) throw new Error('lastUpdated must not be in the future');
    return since;
  };
  const practiceApi = {
    async list(_path: string, _schema: unknown, request: { query?: Record<string, unknown> } = {}) {
      now += 1_000;
      const query = request.query ?? {};
      const since = sinceOf(query, now);
      const rows = [...practice].filter(([, r]) => since === null || Date.parse(r.updatedOn) >= since);
      return {
        data: page(rows, query, scenario.practicePageSize),
        rejected: [],
        status: 200,
        serverDate: new Date(now),
      };
    },
  } as unknown as PartnerApiClient;
  const hubApi = {
    async list(_path: string, _schema: unknown, request: { query?: Record<string, unknown> } = {}) {
      now += 1_000;
      if (!hubUp) throw new NetworkError('unreachable', 'The practice hub could not be reached.');
      const query = request.query ?? {};
      const since = sinceOf(query, hubNow());
      const rows = [...mirror].filter(([, r]) => since === null || r.changedAt >= since);
      return {
        data: page(rows, query, 1000),
        rejected: [],
        status: 200,
        serverDate: new Date(hubNow()),
        ...(mirrorProvenAt ? { mirrorProvenAt } : {}),
      };
    },
  } as unknown as PartnerApiClient;

  const sink = createMemorySyncSink();
  const began = new Map<SyncSource, Map<string, number>>();
  const laptop = () => sink.table('entities') as Map<string, { version: number }>;

  return {
    hubUp: () => hubUp,
    practice,
    laptop,
    sink,
    setHub(up: boolean) {
      hubUp = up;
    },
    change(index: number) {
      const key = [...practice.keys()][index % practice.size]!;
      now += 1_000;
      practice.set(key, { version: practice.get(key)!.version + 1, updatedOn: iso(now) });
      now += 1_000;
    },
    /** The hub's pass: everything the practice holds now; its proof is the pass's start (practice clock). */
    catchUp() {
      if (!hubUp) return;
      now += 1_000;
      mirrorProvenAt = iso(now);
      for (const [key, held] of practice) {
        const had = mirror.get(key);
        if (!had || had.version !== held.version) mirror.set(key, { ...held, changedAt: hubNow() });
      }
      now += 1_000;
    },
    wait(minutes: number) {
      now += minutes * MINUTE;
    },
    /**
     * One laptop pass; resolves, when it completed, with what the source held when the pass began — for a
     * pass resuming a broken one, when that one began (the pages it stored before are not read again).
     */
    async pass(source: SyncSource, breaksAfter: number | null = null): Promise<Map<string, number> | null> {
      const cursor = sink.cursors.entities;
      const resumes = cursor !== undefined && (cursor.source ?? 'hub') === source && cursor.nextPage > 1;
      const held =
        (resumes ? began.get(source) : undefined) ??
        new Map([...(source === 'hub' ? mirror : practice)].map(([key, record]) => [key, record.version] as const));
      began.set(source, held);
      const engine = createSyncEngine({
        api: source === 'hub' ? hubApi : practiceApi,
        sink,
        resources: entities,
        source: { current: source, home: 'hub' },
        now: () => new Date(now),
      });
      sink.crashAfter(breaksAfter);
      const [result] = await engine.runOnce({ round: 'full' }).finally(() => sink.crashAfter(null));
      return result?.state === 'done' ? held : null;
    },
  };
}

async function run(scenario: Scenario): Promise<void> {
  const w = world(scenario);
  w.catchUp();
  expect(await w.pass('hub')).not.toBeNull();
  for (const step of scenario.steps) {
    if (step.kind === 'change') w.change(step.record);
    else if (step.kind === 'mirror') w.catchUp();
    else if (step.kind === 'wait') w.wait(step.minutes);
    else if (step.kind === 'hub') w.setHub(step.up);
    else {
      const held = await w.pass(step.source, step.breaksAfter);
      if (!held) continue;
      for (const [key, version] of held)
        expect(w.laptop().get(key)?.version ?? -1, `${key} after a ${step.source} pass`).toBeGreaterThanOrEqual(
          version,
        );
    }
  }
  // The hub returns and catches up: the laptop, back on it, holds exactly the practice's records.
  w.setHub(true);
  w.wait(3);
  w.catchUp();
  w.wait(1);
  // The first may finish a broken pass, which reads only its remaining pages; the second reads what changed.
  expect(await w.pass('hub')).not.toBeNull();
  w.wait(5);
  expect(await w.pass('hub')).not.toBeNull();
  for (const [key, held] of w.practice) expect(w.laptop().get(key)?.version, key).toBe(held.version);
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('change' as const), record: fc.nat(200) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('mirror' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 0, max: 40 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pass' as const),
      source: fc.constantFrom<SyncSource>('hub', 'direct'),
      breaksAfter: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hub' as const), up: fc.boolean() }) },
);

describe('switching between the hub and the Partner API', () => {
  it('never loses a change, whatever the interleaving, clocks and page sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          records: fc.integer({ min: 5, max: 30 }),
          practicePageSize: fc.integer({ min: 1, max: 6 }),
          hubSkewMinutes: fc.integer({ min: -30, max: 30 }),
          steps: fc.array(stepArb, { minLength: 1, maxLength: 40 }),
        }),
        run,
      ),
      { numRuns: 150 },
    );
  });

  it('a first direct pass after hub pages of 1,000 reads every page of the practice', async () => {
    const w = world({ records: 20, practicePageSize: 3, hubSkewMinutes: 0, steps: [] });
    w.catchUp();
    await w.pass('hub');
    w.wait(5);
    for (let i = 0; i < 10; i++) w.change(i);
    w.setHub(false);
    expect(await w.pass('direct')).not.toBeNull();
    for (let i = 0; i < 10; i++) expect(w.laptop().get(`E00${i}`)?.version, `E00${i}`).toBe(1);
  });

  it('a change the mirror had not caught up with when the hub went away is read directly', async () => {
    // The hub's clock runs ahead: a hub watermark used directly would start after the change.
    const w = world({ records: 8, practicePageSize: 2, hubSkewMinutes: 20, steps: [] });
    w.catchUp();
    await w.pass('hub');
    w.wait(1);
    w.change(3);
    w.wait(5);
    await w.pass('hub');
    w.setHub(false);
    expect(await w.pass('direct')).not.toBeNull();
    expect(w.laptop().get('E003')?.version).toBe(1);
    expect(w.sink.cursors.entities).toMatchObject({ source: 'direct', otherSource: { source: 'hub' } });
  });

  it('back on the hub, a change mirrored while the laptop read directly is not skipped by a direct watermark', async () => {
    // The hub's clock runs behind: a direct watermark used on the hub would start after its change time.
    const w = world({ records: 8, practicePageSize: 2, hubSkewMinutes: -30, steps: [] });
    w.catchUp();
    await w.pass('hub');
    w.setHub(false);
    w.wait(12);
    await w.pass('direct');
    w.setHub(true);
    w.change(5);
    w.catchUp();
    w.wait(1);
    expect(await w.pass('hub')).not.toBeNull();
    expect(w.laptop().get('E005')?.version).toBe(1);
  });
});
