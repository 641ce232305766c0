import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PDFWorker } from 'pdfjs-dist';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { IdleScheduler } from '../../../../src-renderer/desktop/idle-after-paint';
import { whenIdleAfterFirstPaint } from '../../../../src-renderer/desktop/idle-after-paint';
import { createRendererServices } from '../../../../src-renderer/app/renderer-services';
import { createPdfWorkerHolder } from '../../../../src-renderer/pdf-viewer/pdf-worker-holder';

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

  it('is started by the root once the first screen shows its content and the window is idle, and starts its own worker', async () => {
    const s = manualScheduler();
    const worker = { name: 'the pdf.js worker' } as unknown as PDFWorker;
    const start = vi.fn(async () => worker);
    const preloadPdfViewer = vi.fn(async () => undefined);
    const services = createRendererServices({
      companion: null,
      idle: s.scheduler,
      pdfWorker: createPdfWorkerHolder(start),
      preloadPdfViewer,
    });
    services.warmUpPdfViewer();
    s.frame();
    s.idle();
    // Nothing competes with the first screen: the warm-up waits until it shows its content.
    expect(preloadPdfViewer).not.toHaveBeenCalled();
    services.firstScreen.mark();
    expect(preloadPdfViewer).not.toHaveBeenCalled();
    s.frame();
    s.idle();
    expect(preloadPdfViewer).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    // The first PDF gets the warmed worker: the holder the viewer is given starts nothing more.
    await expect(services.pdfWorker.worker()).resolves.toBe(worker);
    expect(start).toHaveBeenCalledTimes(1);
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
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One run reads the list of practices twice (at first, and again just before deleting); a second run would read it again.
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('without a bridge: starts no job, and a call that needs main says why it fails', async () => {
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { href: 'app://renderer/index.html' } }));
    const services = createRendererServices({ companion: null });
    services.start();
    expect(services.companion).toBeNull();
    expect(services.runner.isRunning('outbox')).toBe(false);
    await expect(services.practice.refresh()).rejects.toThrow('could not reach its main process');
    services.stop();
  });
});
