import type { PDFWorker } from 'pdfjs-dist';
import { describe, expect, it, vi } from 'vitest';
import { PdfWorkerUnavailableError, describePdfProblem } from '../../../../src-renderer/pdf-viewer/pdf-problem';
import { createPdfWorkerHolder } from '../../../../src-renderer/pdf-viewer/pdf-worker-holder';

const fakeWorker = (name: string) => ({ name }) as unknown as PDFWorker;

/** A start function whose answers the test gives, one per call. */
function controlledStart() {
  const pending: { resolve(worker: PDFWorker): void; reject(error: unknown): void }[] = [];
  const start = vi.fn(() => new Promise<PDFWorker>((resolve, reject) => pending.push({ resolve, reject })));
  const next = () => {
    const call = pending.shift();
    if (!call) throw new Error('start() was not called');
    return call;
  };
  return { start, next };
}

describe('the pdf.js worker holder', () => {
  it('starts one worker on first use and shares it with every later and concurrent caller', async () => {
    const s = controlledStart();
    const holder = createPdfWorkerHolder(s.start);
    expect(s.start).not.toHaveBeenCalled(); // nothing at construction

    const first = holder.worker();
    const second = holder.worker();
    expect(s.start).toHaveBeenCalledTimes(1);
    const worker = fakeWorker('one');
    s.next().resolve(worker);
    await expect(first).resolves.toBe(worker);
    await expect(second).resolves.toBe(worker);
    await expect(holder.worker()).resolves.toBe(worker);
    await expect(holder.prepare()).resolves.toBe(true);
    expect(s.start).toHaveBeenCalledTimes(1);
  });

  it('rejects every waiting caller when the start fails, and the next call tries again', async () => {
    const s = controlledStart();
    const holder = createPdfWorkerHolder(s.start);
    const first = holder.worker();
    const second = holder.worker();
    s.next().reject(new PdfWorkerUnavailableError('pdf.js worker did not start: no answer'));
    await expect(first).rejects.toBeInstanceOf(PdfWorkerUnavailableError);
    await expect(second).rejects.toBeInstanceOf(PdfWorkerUnavailableError);
    expect(describePdfProblem(await first.catch((error: unknown) => error)).kind).toBe('viewer-unavailable');

    const retried = holder.worker();
    expect(s.start).toHaveBeenCalledTimes(2);
    const worker = fakeWorker('two');
    s.next().resolve(worker);
    await expect(retried).resolves.toBe(worker);
    await expect(holder.worker()).resolves.toBe(worker);
    expect(s.start).toHaveBeenCalledTimes(2);
  });

  it('prepare() starts the worker the viewer then uses, and resolves to whether it is ready', async () => {
    const s = controlledStart();
    const holder = createPdfWorkerHolder(s.start);

    const failed = holder.prepare();
    expect(s.start).toHaveBeenCalledTimes(1);
    s.next().reject(new PdfWorkerUnavailableError('the worker script failed to load'));
    await expect(failed).resolves.toBe(false); // never rejects: the viewer reports it when a PDF is opened

    const ready = holder.prepare();
    expect(s.start).toHaveBeenCalledTimes(2);
    const worker = fakeWorker('warmed');
    s.next().resolve(worker);
    await expect(ready).resolves.toBe(true);
    await expect(holder.worker()).resolves.toBe(worker);
    expect(s.start).toHaveBeenCalledTimes(2);
  });

  it('keeps one worker per holder: two holders (two windows or harness pages) start their own', async () => {
    const start = vi.fn(async () => fakeWorker(`worker ${start.mock.calls.length}`));
    const a = createPdfWorkerHolder(start);
    const b = createPdfWorkerHolder(start);
    const [fromA, fromB] = await Promise.all([a.worker(), b.worker()]);
    expect(fromA).not.toBe(fromB);
    await expect(a.worker()).resolves.toBe(fromA);
    expect(start).toHaveBeenCalledTimes(2);
  });
});
