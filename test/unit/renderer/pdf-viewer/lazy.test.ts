import { describe, expect, it, vi } from 'vitest';
import { startPdfViewer, warmUpPdfViewer } from '../../../../src-renderer/pdf-viewer/lazy';
import type { PdfWorkerHolder } from '../../../../src-renderer/pdf-viewer/pdf-worker-holder';

const holderWhoseWorker = (ready: boolean): PdfWorkerHolder => ({
  worker: vi.fn(() => Promise.reject(new Error('no worker here'))),
  prepare: vi.fn(async () => ready),
});

describe("the viewer's start and warm-up, as the app calls them", () => {
  it('starts the worker at once, side by side with loading the viewer’s code (not after it)', async () => {
    const holder = holderWhoseWorker(true);
    const started = startPdfViewer(holder);
    expect(holder.prepare).toHaveBeenCalledTimes(1); // before any code has arrived
    await started;
  });

  it('never rejects: a worker that cannot start makes both say "not ready", for the viewer to report when used', async () => {
    await expect(startPdfViewer(holderWhoseWorker(false))).resolves.toBe(false);
    await expect(warmUpPdfViewer(holderWhoseWorker(false))).resolves.toBe(false);
    const throwing: PdfWorkerHolder = {
      worker: () => Promise.reject(new Error('broken')),
      prepare: () => Promise.reject(new Error('broken')),
    };
    await expect(startPdfViewer(throwing)).resolves.toBe(false);
    await expect(warmUpPdfViewer(throwing)).resolves.toBe(false);
  });
});
