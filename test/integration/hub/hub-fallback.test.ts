import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import type { EventHub } from '../../../src-main/ipc/event-hub';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncRunner } from '../../../src-main/practice-session/sync-runner';
import type { KnownPractice } from '../../../src-main/practice-session/targets';
import { syncResources } from '../../../src-main/sync/sync-resources';
import type { SyncPageEvent, SyncProgressEvent } from '../../../src-preload/contract/practice';
import type { SyncCursor } from '../../../src-preload/contract/sync';
import { useHubDatabaseUrl } from './hub-database';
import { useHubLogWatch } from '../../support/hub-log-watch';

/**
 * A laptop reading the demo practice through the hub (pages of 1,000) loses the hub: for ten minutes (the
 * runner's clock) every run fails; then, with its own credentials, it reads the practice directly (pages of
 * five, so a change burst takes several pages) and picks up what changed there; the hub returns and the
 * laptop goes back to it without missing the change made meanwhile.
 */
// The run's engine: a fresh PostgreSQL database in the hub-postgres project, PGlite in the data folder otherwise.
const databaseUrl = useHubDatabaseUrl();
// Every line the file's hubs log, checked after the file (before this, so it runs after they closed).
const logs = useHubLogWatch();
let demo: DemoPractice;
let hub: RunningHub;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-fallback-'));
const MINUTE = 60_000;
// One virtual clock for the practice and the laptop's runner: ten minutes pass at once. (The hub's own clock
// is its database's, real time: it dates what it serves by it, as it would.)
let now = Date.now();
const clock = { now: () => new Date(now) };
const lists = ['entities', 'contacts'];

/** The laptop's store: records by key and each resource's cursor, as the renderer keeps them. */
const stored = new Map<string, Map<string | number, unknown>>();
const cursors = new Map<string, SyncCursor>();
const progress: SyncProgressEvent[] = [];
let runEnded: (() => void) | null = null;
let acknowledge: (pageId: string) => void = () => undefined;

const events = {
  emit(event: string, payload: unknown) {
    if (event === 'sync.page') {
      const page = payload as SyncPageEvent;
      const key = syncResources.find((r) => r.name === page.resource)!.key as (record: unknown) => string | number;
      const table = stored.get(page.resource) ?? new Map();
      for (const record of page.records) table.set(key(record), record);
      stored.set(page.resource, table);
      cursors.set(page.resource, page.cursor);
      queueMicrotask(() => acknowledge(page.pageId));
    }
    if (event === 'sync.progress') {
      const event = payload as SyncProgressEvent;
      progress.push(event);
      if (!event.running) runEnded?.();
    }
  },
} as unknown as EventHub;

let runner: ReturnType<typeof createSyncRunner>;
const practiceKey = () => hub.practice.practiceKey.toLowerCase();

/** One sync run of the two lists; resolves with its last progress event. */
async function syncRun(): Promise<SyncProgressEvent> {
  const ended = new Promise<void>((resolve) => (runEnded = resolve));
  expect(runner.start(practiceKey(), [...cursors.values()], 'due', lists)).toBe(true);
  await ended;
  return progress.at(-1)!;
}

const entityRequests = () => demo.runtime.requestLog.filter((r) => r.url.includes('/entities/list')).length;
const practiceEntities = () => demo.runtime.practices[0]!.entities;
function changeAtPractice(key: string, name: string) {
  const entity = practiceEntities().get(key)!;
  entity.fullEntityName = name;
  entity.updatedOn = clock.now().toISOString();
}
const laptopName = (key: string) => (stored.get('entities')?.get(key) as { fullEntityName?: string })?.fullEntityName;

async function openHub(port = 0): Promise<RunningHub> {
  const practice = demo.practices[0]!;
  const opened = await startHub({
    log: logs.log,
    dataDir,
    databaseUrl: databaseUrl(),
    port,
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    mirrorEveryMs: 3_600_000,
  });
  logs.track(opened);
  // The hub's catch-up after its start, as its backstop would run it.
  await opened.mirror.request('interactive');
  return opened;
}

beforeAll(async () => {
  demo = await createDemoPractice({ port: 0, clock });
  logs.knowDemo(demo);
  demo.configure({ rateLimit: { enabled: false } });
  hub = await openHub();
  const device = await hub.devices.add('Laptop that falls back');
  const practice = demo.practices[0]!;
  const noWait = { sleep: async () => undefined, maxAttempts: 2, timeoutMs: 5_000 };
  const hubApi = createPartnerApiClient({
    baseUrl: hub.hubUrl,
    credentials: () => ({ clientId: device.id, secret: device.token }),
    fetch,
    hubDevice: true,
    ...noWait,
  });
  const directApi = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch,
    ...noWait,
  });
  runner = createSyncRunner({
    events,
    newId: () => crypto.randomUUID(),
    clock,
    target: () => ({ practice: { through: 'hub', clientId: device.id } as KnownPractice, api: hubApi }),
    directTarget: () => ({ api: directApi }),
    budgetStatus: () => null,
  });
  acknowledge = (pageId) => runner.acknowledge(pageId, true);
}, 240_000);

afterAll(async () => {
  await hub?.close();
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('falling back to the Partner API while the hub is away', () => {
  it('reads through the hub, then directly after ten minutes, then through the hub again, missing nothing', async () => {
    const first = await syncRun();
    expect(first.source).toEqual({ reads: 'hub', hubUnreachableSince: null });
    expect([...stored.get('entities')!.keys()].sort()).toEqual([...practiceEntities().keys()].sort());
    expect(cursors.get('entities')).toMatchObject({ source: 'hub', mirrorProvenAt: expect.any(String) });

    // The hub goes away; the practice serves small pages; a burst of changes is made at the practice.
    const port = Number(new URL(hub.hubUrl).port);
    await hub.close();
    demo.configure({ pageSize: 5 });
    const burst = [...practiceEntities().keys()].slice(0, 12);
    for (const key of burst) changeAtPractice(key, `Changed while the hub was away ${key}`);

    // Nine minutes and more of failures: still the hub (nothing read directly).
    const before = entityRequests();
    for (let minute = 0; minute < 10; minute += 5) {
      const run = await syncRun();
      expect(run.source?.reads, `minute ${minute}`).toBe('hub');
      expect(run.resources.find((r) => r.resource === 'entities')?.state).toBe('failed');
      now += 5 * MINUTE;
    }
    expect(entityRequests()).toBe(before);

    // Ten minutes: directly, from what the hub's mirror covered, every page of the burst.
    const direct = await syncRun();
    expect(direct.source).toEqual({ reads: 'direct', hubUnreachableSince: new Date(now - 10 * MINUTE).toISOString() });
    expect(direct.resources.find((r) => r.resource === 'entities')?.state).toBe('done');
    for (const key of burst) expect(laptopName(key)).toBe(`Changed while the hub was away ${key}`);
    expect(entityRequests() - before).toBeGreaterThanOrEqual(3);
    expect(entityRequests() - before).toBeLessThan(practiceEntities().size / 5);
    expect(cursors.get('entities')).toMatchObject({ source: 'direct', otherSource: { source: 'hub' } });

    // Meanwhile another change at the practice; then the hub returns and catches up.
    const late = [...practiceEntities().keys()].at(-1)!;
    changeAtPractice(late, 'Changed before the hub returned');
    // (The practice's page size back to the hub's import's: a page size shrunk under the hub's own cursor is
    // the hub's to prove within the hour, see paging.ts — not what this test is about.)
    demo.configure({ pageSize: 100 });
    hub = await openHub(port);
    now += 5 * MINUTE;
    const fromPractice = entityRequests();
    const back = await syncRun();
    expect(back.source).toEqual({ reads: 'hub', hubUnreachableSince: null });
    expect(back.resources.find((r) => r.resource === 'entities')?.state).toBe('done');
    expect(laptopName(late)).toBe('Changed before the hub returned');
    expect(cursors.get('entities')).toMatchObject({ source: 'hub', otherSource: { source: 'direct' } });
    // Back on the hub, the laptop asked the practice nothing more (the hub's own catch-up ran before it).
    expect(entityRequests()).toBe(fromPractice);
    for (const [key, entity] of practiceEntities()) expect(laptopName(key), key).toBe(entity.fullEntityName);
  }, 240_000);
});
