import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PDFWorker } from 'pdfjs-dist';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { IdleScheduler } from '../../../../src-renderer/desktop/idle-after-paint';
import { whenIdleAfterFirstPaint } from '../../../../src-renderer/desktop/idle-after-paint';
import { createRendererServices } from '../../../../src-renderer/app/renderer-services';
import { SYNC_JOB } from '../../../../src-renderer/sync/sync-job';
import { createPdfWorkerHolder, type PdfWorkerHolder } from '../../../../src-renderer/pdf-viewer/pdf-worker-holder';
import { LAST_PRACTICE_KEY } from '../../../../src-renderer/data/first-page';
import { deletePracticeDb, PracticeDb } from '../../../../src-renderer/data/practice-db';
import { memoryStorage } from '../../../support/memory-storage';
import { client } from '../features/clients/stored-clients';

/** A scheduler whose frames and idle callbacks run when the test says so. */
function manualScheduler(withIdle = true) {
  const frames: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const timeouts: (() => void)[] = [];
  const scheduler: IdleScheduler = {
    requestAnimationFrame: (callback) => frames.push(callback),
    cancelAnimationFrame: (handle) => frames.splice((handle as number) - 1, 1, () => undefined),
    requestIdleCallback: withIdle ? (callback) => idles.push(callback) : null,
    cancelIdleCallback: (handle) => idles.splice((handle as number) - 1, 1, () => undefined),
    setTimeout: (callback) => timeouts.push(callback),
    clearTimeout: (handle) => timeouts.splice((handle as number) - 1, 1, () => undefined),
  };
  const flush = (queue: (() => void)[]) => queue.splice(0).forEach((run) => run());
  return { scheduler, frame: () => flush(frames), idle: () => flush(idles), timeout: () => flush(timeouts) };
}

afterEach(() => vi.unstubAllGlobals());

/** The first screen's waiting work runs after the frame that paints it: in Node, in the next task. */
const afterFirstScreenPaint = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the pdf.js warm-up after the first paint', () => {
  it('waits for a frame, then for idle time', () => {
    const s = manualScheduler();
    const work = vi.fn();
    whenIdleAfterFirstPaint(work, s.scheduler);
    s.idle();
    expect(work).not.toHaveBeenCalled(); // nothing before the frame
    s.frame();
    expect(work).not.toHaveBeenCalled();
    s.idle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timeout where there is no requestIdleCallback, and can be cancelled', () => {
    const s = manualScheduler(false);
    const work = vi.fn();
    whenIdleAfterFirstPaint(work, s.scheduler);
    s.frame();
    s.timeout();
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = whenIdleAfterFirstPaint(cancelled, s.scheduler);
    s.frame();
    cancel();
    s.timeout();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("is started by the root once the first screen shows its content and the window is idle, on the root's own worker", async () => {
    const s = manualScheduler();
    const worker = { name: 'the pdf.js worker' } as unknown as PDFWorker;
    const start = vi.fn(async () => worker);
    const warmUpPdf = vi.fn(async (holder: PdfWorkerHolder) => holder.prepare());
    const services = createRendererServices({
      companion: null,
      idle: s.scheduler,
      pdfWorker: createPdfWorkerHolder(start),
      warmUpPdf,
    });
    services.warmUpPdfViewer();
    s.frame();
    s.idle();
    // Nothing competes with the first screen: the warm-up waits until it shows its content.
    expect(warmUpPdf).not.toHaveBeenCalled();
    services.firstScreen.mark();
    await afterFirstScreenPaint();
    expect(warmUpPdf).not.toHaveBeenCalled();
    s.frame();
    s.idle();
    expect(warmUpPdf).toHaveBeenCalledTimes(1);
    expect(warmUpPdf).toHaveBeenCalledWith(services.pdfWorker);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    // The first PDF gets the warmed worker: the holder the viewer is given starts nothing more.
    await expect(services.pdfWorker.worker()).resolves.toBe(worker);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('is harmless when it fails: nothing surfaces, and the first PDF still starts its worker', async () => {
    const s = manualScheduler();
    const worker = { name: 'the pdf.js worker' } as unknown as PDFWorker;
    const start = vi.fn(async () => worker);
    const warmUpPdf = vi.fn(async () => {
      throw new Error('the viewer chunk could not be loaded');
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const services = createRendererServices({
        companion: null,
        idle: s.scheduler,
        pdfWorker: createPdfWorkerHolder(start),
        warmUpPdf,
      });
      services.warmUpPdfViewer();
      services.firstScreen.mark();
      await afterFirstScreenPaint();
      s.frame();
      s.idle();
      expect(warmUpPdf).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(services.pdfWorker.worker()).resolves.toBe(worker);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('can be cancelled before it runs (the window closing early)', async () => {
    const s = manualScheduler();
    const warmUpPdf = vi.fn(async () => true);
    const services = createRendererServices({ companion: null, idle: s.scheduler, warmUpPdf });
    const cancel = services.warmUpPdfViewer();
    services.firstScreen.mark();
    await afterFirstScreenPaint();
    s.frame();
    cancel();
    s.idle();
    expect(warmUpPdf).not.toHaveBeenCalled();
  });
});

describe('the composition root', () => {
  it('runs the start-up check for forgotten practices once, however often a (StrictMode) effect asks', async () => {
    const list = vi.fn(async () => ({ practices: [], activePracticeKey: null, complete: true }));
    const companion = { practice: { list }, on: () => () => undefined } as unknown as Companion;
    const services = createRendererServices({ companion });
    const confirm = vi.fn(async () => false);
    services.removeForgottenPracticesOnce(confirm);
    services.removeForgottenPracticesOnce(confirm);
    services.removeForgottenPracticesOnce(confirm);
    await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One run reads the list of practices twice (at first, and again just before deleting); a second run would read it again.
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('without a bridge: starts no job, and a call that needs main says why it fails', async () => {
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { href: 'app://renderer/index.html' } }));
    const services = createRendererServices({ companion: null });
    services.start();
    expect(services.companion).toBeNull();
    expect(services.runner.isRunning(SYNC_JOB)).toBe(false);
    // The outbox and the other jobs that carry the contract's schemas are never loaded without main.
    expect(() => services.runner.isRunning('outbox')).toThrow();
    await expect(services.practice.refresh()).rejects.toThrow('could not reach its main process');
    services.stop();
  });
});

/** A bridge that answers every call start() makes and records which of main's events are listened to now. */
function recordingCompanion() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const reports: unknown[] = [];
  const answers: Record<string, Record<string, () => unknown>> = {
    practice: { list: () => ({ practices: [], activePracticeKey: null, storage: null, complete: true }) },
    app: { info: () => ({ version: '1.0.0' }) },
    connectivity: { status: () => ({ online: true, reason: 'ok', checkedAt: '2026-11-20T10:00:00.000Z' }) },
    sync: { liveStatus: () => ({ practiceKey: null, state: 'off' }) },
    desktop: {
      theme: () => ({ choice: 'dark' }),
      updateStatus: () => ({ state: 'idle', version: null, percent: null, message: '', restartDeferred: false }),
      reportActivity: () => ({ accepted: true }),
      presence: () => ({ presence: 'active' }),
    },
    clientFacing: { status: () => ({ active: null, pinSet: true, retryInMs: 0 }) },
  };
  const namespaces = Object.fromEntries(
    Object.entries(answers).map(([name, calls]) => [
      name,
      new Proxy(calls, {
        get: (target, call: string) => async (payload: unknown) => {
          if (name === 'desktop' && call === 'reportActivity') reports.push(payload);
          const answer = target[call];
          if (!answer) throw new Error(`${name}.${call} is not answered in this test`);
          return answer();
        },
      }),
    ]),
  );
  const companion = {
    ...namespaces,
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as unknown as Companion;
  const listening = () => [...listeners].filter(([, set]) => set.size > 0).map(([event]) => event);
  const send = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
  return { companion, listening, send, reports };
}

describe('the root starts and stops all background work', () => {
  it('starts the OS integration, the theme, updates, client-facing mode and desktop messages in start(), and stop() ends them', async () => {
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), { location: { href: 'app://renderer/index.html', hash: '#/' } }),
    );
    const fake = recordingCompanion();
    const services = createRendererServices({
      companion: fake.companion,
      page: null,
      idle: manualScheduler().scheduler,
    });
    // Nothing is watched before start() (the desktop inbox alone listens from the first moment).
    expect(fake.listening().sort()).toEqual(['desktop.command', 'desktop.openRecord']);

    const navigate = vi.fn();
    services.start({ router: { navigate, state: { location: { pathname: '/clients' } } } });
    expect(fake.listening()).toEqual(
      expect.arrayContaining([
        'desktop.theme',
        'desktop.updateStatus',
        'connectivity.changed',
        'sync.live',
        'sync.page',
      ]),
    );
    await vi.waitFor(() => {
      expect(services.stores.theme.getState().choice).toBe('dark');
      expect(services.stores.clientFacing.getState()).toMatchObject({ loaded: true, active: null });
      expect(services.stores.updates.getState().status).toMatchObject({ state: 'idle' });
      expect(services.stores.appInfo.getState().info).toEqual({ version: '1.0.0' });
    });
    // The jobs and the activity report wait for the first screen's content (nothing opens the database
    // with Dexie before the first rows); then the report for the badge goes out, no component mounted.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(fake.reports).toHaveLength(0);
    services.firstScreen.mark();
    await vi.waitFor(() => expect(fake.reports).toHaveLength(1), { timeout: 2_000 });
    // Menu commands reach the router handed to start().
    fake.send('desktop.command', { command: 'open-screen', screen: 'outbox' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/outbox'));

    services.stop();
    expect(fake.listening().sort()).toEqual(['desktop.command', 'desktop.openRecord']);
    fake.send('desktop.command', { command: 'open-screen', screen: 'leads' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('gives each root its own stores: two roots never share state', () => {
    const first = createRendererServices({ companion: null, page: null });
    const second = createRendererServices({ companion: null, page: null });
    first.stores.practice.setState({ activePracticeKey: 'one' });
    first.notify({ tone: 'info', title: 'Only here' });
    expect(second.stores.practice.getState().activePracticeKey).toBeNull();
    expect(second.stores.notices.getState().notices).toEqual([]);
    expect(first.stores.notices.getState().notices).toHaveLength(1);
  });
});

describe('the first page of clients at start', () => {
  const practiceKey = '44444444-4444-4444-8444-444444444444';
  afterEach(() => deletePracticeDb(practiceKey));

  it('is read from the practice shown last while main has not yet answered which practice it is, then that answer is remembered', async () => {
    const seed = new PracticeDb(practiceKey);
    await seed.entities.bulkPut([client({ fullEntityName: 'Abbott Pty Ltd' })]);
    seed.close();
    const storage = memoryStorage({ [LAST_PRACTICE_KEY]: practiceKey });
    const listAsked: ((list: unknown) => void)[] = [];
    // Every call of main waits forever, but the list of practices, which the test answers when it chooses.
    const companion = new Proxy(
      { on: () => () => undefined },
      {
        get: (target, name: string) =>
          name === 'on'
            ? target.on
            : new Proxy(
                {},
                {
                  get: (_, call: string) => () =>
                    name === 'practice' && call === 'list'
                      ? new Promise((resolve) => listAsked.push(resolve))
                      : new Promise(() => undefined),
                },
              ),
      },
    ) as unknown as Companion;
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), { location: { href: 'app://renderer/index.html', hash: '#/' } }),
    );
    vi.stubGlobal('localStorage', storage);
    const services = createRendererServices({ companion, page: null });
    services.start();
    // Main has not answered: the page is read all the same.
    const page = services.firstPage.take(practiceKey);
    expect(page).not.toBeNull();
    expect((await page!).map((e) => e.fullEntityName)).toEqual(['Abbott Pty Ltd']);

    const other = '55555555-5555-4555-8555-555555555555';
    for (const answer of listAsked)
      answer({ practices: [], activePracticeKey: other, storage: 'encrypted', complete: true });
    await vi.waitFor(() => expect(storage.getItem(LAST_PRACTICE_KEY)).toBe(other));
    services.stop();
    services.databases.close(practiceKey);
  });
});
