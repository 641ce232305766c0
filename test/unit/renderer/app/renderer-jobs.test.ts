import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { PracticeSummary } from '../../../../src-preload/contract/practice';
import { createRendererJobs, DEFERRED_JOBS, type RendererJobsDeps } from '../../../../src-renderer/app/renderer-jobs';
import type { JobRun } from '../../../../src-renderer/jobs/job-runner';
import { createRendererStores, type RendererStores } from '../../../../src-renderer/stores/renderer-stores';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import { ACTIVE_EVERY_MS } from '../../../../src-preload/contract/sync-cadence';

const practiceKey = '88888888-8888-4888-8888-888888888888';
const practice = { practiceKey, canWrite: true } as PracticeSummary;
const offline = { online: false, reason: 'no-network', checkedAt: '2026-11-20T10:00:00.000Z' } as const;
const online = { online: true, reason: 'ok', checkedAt: '2026-11-20T10:00:01.000Z' } as const;
const databases = createPracticeDatabases();
const noEvents = () => () => undefined;

let stop: () => void = () => undefined;
let stores: RendererStores;
beforeEach(() => {
  // A fresh root's stores per test: nothing to reset afterwards.
  stores = createRendererStores();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  stores.practice.setState({ practices: [practice], activePracticeKey: practiceKey, paused: false, progress: null });
  stores.connectivity.setState({ main: offline, browserOnline: true });
});
afterEach(async () => {
  stop();
  vi.useRealTimers();
  await databases.delete(practiceKey);
});

describe('the background sync as a job of the window', () => {
  it('runs when the connection comes back and every five minutes, never while offline', async () => {
    const start = vi.fn(async () => ({ started: true }));
    const companion = { sync: { start }, on: noEvents } as unknown as Companion;
    const jobs = createRendererJobs({ companion, databases, stores, onError: () => undefined });
    stop = jobs.start();
    await vi.advanceTimersByTimeAsync(ACTIVE_EVERY_MS);
    expect(start).not.toHaveBeenCalled(); // offline: the timer's run does nothing

    stores.connectivity.getState().setMain(online);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(start).toHaveBeenCalledWith({ practiceKey, cursors: [], round: 'due' });

    await vi.advanceTimersByTimeAsync(ACTIVE_EVERY_MS);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(2));
  });

  it('cancels the runs under way before a practice is signed out', async () => {
    const order: string[] = [];
    const companion = {
      sync: { start: vi.fn() },
      on: noEvents,
      practice: {
        signOut: vi.fn(async () => {
          order.push('main signs out');
          return { removed: true, wiped: { credentials: true, documents: true, budget: true }, message: null };
        }),
        list: async () => ({ practices: [], activePracticeKey: null, storage: { secure: true, backend: 'test' } }),
      },
    } as unknown as Companion;
    const jobs = createRendererJobs({ companion, databases, stores, onError: () => undefined });
    stop = jobs.start();
    vi.spyOn(jobs.runner, 'cancelRuns').mockImplementation(() => void order.push('runs cancelled'));
    await jobs.practice.signOut(practiceKey);
    expect(order).toEqual(['runs cancelled', 'main signs out']);
    expect(stores.practice.getState()).toMatchObject({ practices: [], activePracticeKey: null });
  });
});

describe('the request budget pushed by main', () => {
  it('keeps the active practice’s budget as main pushes it, ignores another practice’s, and stops listening at stop', () => {
    const listeners = new Set<(payload: unknown) => void>();
    const on = vi.fn((event: string, listener: (payload: unknown) => void) => {
      if (event === 'practice.budget') listeners.add(listener);
      return () => listeners.delete(listener);
    });
    const companion = { sync: { start: vi.fn() }, on } as unknown as Companion;
    const jobs = createRendererJobs({ companion, databases, stores, onError: () => undefined });
    // Listened to apart from the jobs, which wait for the first screen: a push before then is not lost.
    stop = jobs.watchBudget();
    const status = { remaining: { minute: 12, hour: 500, day: 4000 } } as never;
    for (const listener of listeners) listener({ practiceKey, status });
    expect(stores.practice.getState().budget).toBe(status);
    for (const listener of listeners) listener({ practiceKey: crypto.randomUUID(), status: { other: true } });
    expect(stores.practice.getState().budget).toBe(status);
    stop();
    stop = () => undefined;
    expect(listeners.size).toBe(0);
  });
});

describe('the jobs that carry the contract’s schemas (outbox, meeting packs, document requests)', () => {
  const companion = { sync: { start: vi.fn() }, on: noEvents } as unknown as Companion;
  const billRequest = {
    docKey: 'bill:1',
    ref: { kind: 'bill', id: '1' },
    entityKey: crypto.randomUUID(),
    requestedAt: '2026-11-27T08:00:00.000Z',
    lastError: null,
  } as const;

  /** Stand-ins for deferred-jobs.ts: three jobs that record their runs, and services that record their calls. */
  function fakeDeferred() {
    const runs: string[] = [];
    const job = (name: string) => ({
      name,
      run: async ({ reasons }: JobRun) => void runs.push(`${name}:${[...reasons]}`),
    });
    const outbox = { queue: vi.fn(async () => 'entry-1'), kick: vi.fn(), resume: vi.fn() };
    const module = {
      createDeferredJobs: () => ({
        jobs: [job('document-requests'), job('meeting-packs'), job('outbox')],
        outbox,
        meetingPacks: { prepare: vi.fn(async () => undefined), remove: vi.fn(), retry: vi.fn() },
      }),
    } as unknown as Awaited<ReturnType<NonNullable<RendererJobsDeps['loadDeferred']>>>;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    return {
      runs,
      outbox,
      /** Loads at once. */
      load: vi.fn(async () => module),
      /** Loads once `release()` is called. */
      heldLoad: vi.fn(async () => (await held, module)),
      release: () => release(),
    };
  }

  /** The window's jobs over this file's fake main, the deferred jobs loaded by `loadDeferred` (default: the real module). */
  const jobsWith = (
    loadDeferred: RendererJobsDeps['loadDeferred'],
    onError: RendererJobsDeps['onError'] = () => undefined,
  ) => createRendererJobs({ companion, databases, stores, onError, ...(loadDeferred ? { loadDeferred } : {}) });

  it('are not loaded when the jobs are built; start() loads and registers them once, and each runs as on start', async () => {
    const fake = fakeDeferred();
    const jobs = jobsWith(fake.load);
    expect(fake.load).not.toHaveBeenCalled();
    // The sync and catalogs jobs are there from the start; the outbox's name only once it is loaded.
    expect(jobs.runner.isRunning('sync')).toBe(false);
    expect(() => jobs.runner.isRunning('outbox')).toThrow();

    stop = jobs.start();
    await vi.waitFor(() =>
      expect(fake.runs).toEqual(['document-requests:start', 'meeting-packs:start', 'outbox:start']),
    );
    expect(await jobs.outbox.queue({} as never)).toBe('entry-1');
    expect(fake.outbox.queue).toHaveBeenCalledTimes(1);
    await jobs.load();
    expect(fake.load).toHaveBeenCalledTimes(1);
  });

  it('a download asked for is stored at once, and its job kicked once the jobs are loaded', async () => {
    const fake = fakeDeferred();
    const jobs = jobsWith(fake.heldLoad);
    await jobs.requestDocument(practiceKey, billRequest);
    expect(await databases.of(practiceKey).documentRequests.get('bill:1')).toMatchObject({
      entityKey: billRequest.entityKey,
    });
    expect(fake.runs).toEqual([]);
    fake.release();
    await vi.waitFor(() => expect(fake.runs).toEqual(['document-requests:kick']));
  });

  it('a stop before the load ends: the jobs are registered but nothing runs', async () => {
    const fake = fakeDeferred();
    const jobs = jobsWith(fake.heldLoad);
    jobs.start()();
    fake.release();
    await jobs.load();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(jobs.runner.isRunning('outbox')).toBe(false);
    expect(fake.runs).toEqual([]);
  });

  it('a load that failed is reported, and the next use asks again', async () => {
    const fake = fakeDeferred();
    const onError = vi.fn();
    const loadDeferred = vi
      .fn<NonNullable<RendererJobsDeps['loadDeferred']>>()
      .mockRejectedValueOnce(new Error('chunk not found'))
      .mockImplementation(fake.load);
    const jobs = jobsWith(loadDeferred, onError);
    jobs.outbox.kick();
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(DEFERRED_JOBS, expect.objectContaining({ message: 'chunk not found' })),
    );
    expect(await jobs.outbox.queue({} as never)).toBe('entry-1');
    expect(loadDeferred).toHaveBeenCalledTimes(2);
  });

  it('the real module builds the three jobs over the root’s stores', async () => {
    const jobs = jobsWith(undefined);
    await jobs.load();
    for (const name of ['document-requests', 'meeting-packs', 'outbox'])
      expect(jobs.runner.isRunning(name)).toBe(false);
  });
});
