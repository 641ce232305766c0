import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices, type MainServices } from '../../../src-main/compose';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { syncResources } from '../../../src-main/sync/sync-resources';
import type { SyncPageEvent, SyncProgressEvent } from '../../../src-preload/contract/practice';
import type { SyncCursor } from '../../../src-preload/contract/sync';
import { registryCaller } from '../../support/registry-caller';
import { createSkippableTimer } from '../../support/skippable-timer';

let services: MainServices | undefined;
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});

/** Main composed with Node pieces, a registry in front, and a stand-in renderer that stores pages and acknowledges them. */
function start() {
  const budgetTimer = createSkippableTimer();
  let demo: DemoPractice | undefined;
  services = createMainServices({
    ...nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'session-')), network: createNetworkSwitch(fetch) }),
    startDemo: async () => (demo = await createDemoPractice({})),
    budgetTimer,
    budgetTimerIsReal: true,
  });
  /** The request budget's minute passes at once: main's budget clock moves ahead, the demo's limiter starts afresh. */
  const aMinutePasses = () => {
    budgetTimer.skip(60_000);
    demo?.configure({ rateLimit: {} });
  };
  const call = registryCaller(services.handlers);
  const stored = new Map<string, Map<string, unknown>>();
  const cursors = new Map<string, SyncCursor>();
  const progress: SyncProgressEvent[] = [];
  services.events.connect((event, payload) => {
    if (event === 'sync.progress') progress.push(payload as SyncProgressEvent);
    if (event !== 'sync.page') return;
    const page = payload as SyncPageEvent;
    const table = page.replaceAll ? new Map() : (stored.get(page.resource) ?? new Map());
    for (const record of page.records) table.set(JSON.stringify(Object.values(record as object)[0]), record);
    stored.set(page.resource, table);
    cursors.set(page.resource, page.cursor);
    void call('sync.ack', { pageId: page.pageId, ok: true });
  });
  const finished = () =>
    new Promise<SyncProgressEvent>((resolve) => {
      const timer = setInterval(() => {
        const last = progress.at(-1);
        if (last && !last.running) {
          clearInterval(timer);
          resolve(last);
        }
      }, 20);
    });
  return { call, stored, cursors, progress, finished, aMinutePasses };
}

describe('connect and sync through the bridge (main side)', () => {
  it('explores the demo practice of a chosen region (South Africa); without one, still the first practice', async () => {
    const app = start();
    const za = await app.call('practice.connectDemo', { region: 'ZA' });
    expect(za).toMatchObject({
      ok: true,
      practice: { isDemo: true, canWrite: true, region: 'ZA', name: 'Table Bay Chartered Accountants' },
    });
    const anz = await app.call('practice.connectDemo');
    expect(anz).toMatchObject({ ok: true, practice: { region: 'ANZ' } });
    expect(anz.practice.practiceKey).not.toBe(za.practice.practiceKey);
    expect((await app.call('practice.list')).practices.map((p: { region: string }) => p.region).sort()).toEqual([
      'ANZ',
      'ZA',
    ]);
    await expect(app.call('practice.connectDemo', { region: 'US' })).rejects.toThrow();
  });

  it('explores the demo practice: connects read-write, then a full sync fills the stand-in renderer', async () => {
    const app = start();
    const result = await app.call('practice.connectDemo');
    expect(result).toMatchObject({
      ok: true,
      practice: { isDemo: true, canWrite: true, region: 'ANZ', storage: 'session-only' },
    });
    const list = await app.call('practice.list');
    expect(list.activePracticeKey).toBe(result.practice.practiceKey);
    expect(await app.call('sync.start', { practiceKey: result.practice.practiceKey, cursors: [] })).toEqual({
      started: true,
    });
    const done = await app.finished();
    expect(done.resources.every((r) => r.state === 'done')).toBe(true);
    expect(app.stored.get('entities')?.size).toBe(150);
    // Stamped with the source it is about, so a later move to the hub never takes it for a hub cursor.
    expect(app.cursors.get('entities')).toMatchObject({ mode: 'incremental', nextPage: 1, source: 'direct' });
    expect([...app.cursors.values()].every((cursor) => cursor.source === 'direct')).toBe(true);

    // Every progress event carries the budget: requests left per window, and the run's plan and ETA.
    const during = app.progress.filter((p) => p.running);
    expect(during.length).toBeGreaterThan(3);
    for (const p of during)
      expect(p.budget).toMatchObject({
        limits: { perMinute: 60, perHour: 1000, perDay: 10_000 },
        run: { requestsLeft: expect.any(Number), etaSeconds: expect.any(Number) },
      });
    expect(during[0]!.budget!.run!.sized).toBe(false); // a first import: the API does not say how big it is
    expect(during.at(-1)!.budget!.run).toMatchObject({ sized: true, requestsLeft: 0 }); // the last resource is finished
    expect(during.at(-1)!.budget!.remaining.minute).toBeLessThan(during[0]!.budget!.remaining.minute);
    expect(done.budget!.run).toBeNull();
    const budget = await app.call('practice.budget', { practiceKey: result.practice.practiceKey });
    expect(budget.remaining.hour).toBe(1000 - (60 - budget.remaining.minute)); // the same requests, seen in both windows

    // A second run from the stored cursors is incremental: one request per lastUpdated list; the other
    // tiers, read a moment ago, rest until their interval is up. The import proves each paged list's end by
    // reading its first page again (44 requests), more than the minute's background share (three quarters
    // of 60): that minute is over, so the run does not wait out the window.
    app.aMinutePasses();
    app.progress.length = 0;
    expect(
      await app.call('sync.start', { practiceKey: result.practice.practiceKey, cursors: [...app.cursors.values()] }),
    ).toEqual({ started: true });
    const second = await app.finished();
    // Resting resources read nothing.
    expect(second.resources.map((r) => r.pagesThisRun)).toEqual(syncResources.map((r) => (r.tier === 'lists' ? 1 : 0)));
    expect(second.resources.filter((r) => r.state !== 'done')).toEqual([]);
    // After a whole read, the run is sized: an incremental run knows it needs one request per resource.
    expect(app.progress.filter((p) => p.running).at(0)!.budget!.run).toMatchObject({ sized: true });
  }, 120_000);

  it('pauses a running sync; starting again resumes it to the end', async () => {
    const app = start();
    const { practice } = await app.call('practice.connectDemo');
    expect(await app.call('sync.start', { practiceKey: practice.practiceKey, cursors: [] })).toEqual({ started: true });
    expect(await app.call('sync.stop', { practiceKey: practice.practiceKey })).toEqual({ stopped: true });
    const paused = await app.finished();
    expect(paused.resources.some((r) => r.state !== 'done')).toBe(true);
    expect(await app.call('sync.stop', { practiceKey: practice.practiceKey })).toEqual({ stopped: false });
    app.progress.length = 0;
    expect(
      await app.call('sync.start', { practiceKey: practice.practiceKey, cursors: [...app.cursors.values()] }),
    ).toEqual({ started: true });
    const resumed = await app.finished();
    expect(resumed.resources.every((r) => r.state === 'done')).toBe(true);
    expect(app.stored.get('entities')?.size).toBe(150);
  });

  it('answers bad credentials, an unknown host and a malformed custom URL with a sentence', async () => {
    const app = start();
    const demo = await app.call('practice.connectDemo');
    expect(demo.ok).toBe(true);
    const bad = await app.call('practice.connect', {
      region: 'custom',
      customUrl: 'http://127.0.0.1:9/nowhere',
      clientId: 'x',
      secret: 'y',
      remember: false,
      acceptWeakStorage: false,
      confirmAddress: true,
    });
    expect(bad).toEqual({ ok: false, message: expect.stringMatching(/could not be reached/) });
    const ftp = await app.call('practice.connect', {
      region: 'custom',
      customUrl: 'ftp://example.com',
      clientId: 'x',
      secret: 'y',
      remember: false,
      acceptWeakStorage: false,
    });
    expect(ftp.message).toMatch(/https:\/\//);
  });

  it('refuses to start a sync for a practice that is not connected, and signs out', async () => {
    const app = start();
    const { practice } = await app.call('practice.connectDemo');
    expect(await app.call('sync.start', { practiceKey: '00000000-0000-4000-8000-000000000000', cursors: [] })).toEqual({
      started: false,
    });
    expect(await app.call('practice.signOut', { practiceKey: practice.practiceKey })).toEqual({
      removed: true,
      wiped: { credentials: true, documents: true, budget: true },
      message: null,
    });
    expect((await app.call('practice.list')).practices).toEqual([]);
  });
});
