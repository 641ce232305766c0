import { afterEach, describe, expect, it } from 'vitest';
import { billRef, startDocumentsApp, stopDocumentsApps, type DocumentsApp } from './documents-app';

afterEach(stopDocumentsApps);

/** What the demo practice itself received (not what main tried to send). */
const received = (app: DocumentsApp, part: string): number =>
  app.demo.runtime.requestLog.filter((r) => r.url.includes(part)).length;

const billsOfClient = (app: DocumentsApp, entityKey: string) => ({
  practiceKey: app.practiceKey,
  request: { kind: 'bills.forClient', entityKey, startDate: '2000-01-01', endDate: '2100-01-01' },
  priority: 'interactive',
});

describe('practice.cancel: a call the window gave up on stops spending the request budget in main', () => {
  it('a cancelled paged read asks for no page after the cancel', async () => {
    let cancelId: string | null = null;
    let pagesAsked = 0;
    const app: DocumentsApp = await startDocumentsApp({
      // The window cancels while main is about to ask for the second page.
      beforeRequest: async (url) => {
        if (!url.includes('/bills/list') || cancelId === null) return;
        pagesAsked += 1;
        if (pagesAsked === 2) expect(await app.call('practice.cancel', { cancelId })).toEqual({ cancelled: true });
      },
    });
    const entityKey = app.bills[0]!.entityKey;

    // Uncancelled, the same read takes at least two pages (a list proves its end with one more page).
    const whole = await app.call('practice.read', billsOfClient(app, entityKey));
    expect(whole).toMatchObject({ ok: true });
    expect(whole.requests).toBeGreaterThanOrEqual(2);
    const before = received(app, '/bills/list');

    cancelId = crypto.randomUUID();
    const cancelled = await app.call('practice.read', { ...billsOfClient(app, entityKey), cancelId });
    expect(cancelled).toMatchObject({ ok: false, problem: 'failed' });
    // The first page reached the practice; the second was stopped before it left, and nothing followed.
    expect(received(app, '/bills/list') - before).toBe(1);
    expect(pagesAsked).toBe(2);
    // Ended calls are forgotten: cancelling again finds nothing under way.
    expect(await app.call('practice.cancel', { cancelId })).toEqual({ cancelled: false });
  });

  it('a cancelled document download never reaches the practice; another fetch of it still works', async () => {
    const app = await startDocumentsApp();
    const bill = app.bills[0]!;
    const release = app.holdDownloads();
    const cancelId = crypto.randomUUID();
    const input = { practiceKey: app.practiceKey, ref: billRef(bill), entityKey: bill.entityKey, priority: 'prefetch' };
    const fetching = app.call('documents.fetch', { ...input, cancelId });
    await expect.poll(() => app.documentRequests().length).toBe(1);

    expect(await app.call('practice.cancel', { cancelId })).toEqual({ cancelled: true });
    release();
    expect(await fetching).toMatchObject({ ok: false, problem: 'failed' });
    expect(received(app, `/bills/${bill.billingId}/pdf`)).toBe(0);

    expect(await app.call('documents.fetch', input)).toMatchObject({ ok: true, downloaded: true });
    expect(received(app, `/bills/${bill.billingId}/pdf`)).toBe(1);
  });

  it('a document screen left while its open downloads: the download never reaches the practice', async () => {
    const app = await startDocumentsApp();
    const bill = app.bills[0]!;
    const release = app.holdDownloads();
    const cancelId = crypto.randomUUID();
    const input = { practiceKey: app.practiceKey, ref: billRef(bill), entityKey: bill.entityKey };
    const opening = app.call('documents.open', { ...input, cancelId });
    await expect.poll(() => app.documentRequests().length).toBe(1);

    expect(await app.call('practice.cancel', { cancelId })).toEqual({ cancelled: true });
    release();
    expect(await opening).toMatchObject({ ok: false, problem: 'failed' });
    expect(received(app, `/bills/${bill.billingId}/pdf`)).toBe(0);
    // Coming back to the screen opens it again.
    expect(await app.call('documents.open', input)).toMatchObject({ ok: true });
    expect(received(app, `/bills/${bill.billingId}/pdf`)).toBe(1);
  });

  it('a download two callers wait for goes on while one of them still wants it', async () => {
    const app = await startDocumentsApp();
    const bill = app.bills[0]!;
    const release = app.holdDownloads();
    const cancelId = crypto.randomUUID();
    const input = { practiceKey: app.practiceKey, ref: billRef(bill), entityKey: bill.entityKey, priority: 'prefetch' };
    const cancelled = app.call('documents.fetch', { ...input, cancelId });
    const kept = app.call('documents.fetch', { ...input, pinFor: 'pack-1' });
    await expect.poll(() => app.documentRequests().length).toBe(1);
    expect(await app.call('practice.cancel', { cancelId })).toEqual({ cancelled: true });
    release();
    expect(await kept).toMatchObject({ ok: true, downloaded: true, meta: { pinnedBy: ['pack-1'] } });
    expect(await cancelled).toMatchObject({ ok: true });
    expect(received(app, `/bills/${bill.billingId}/pdf`)).toBe(1);
  });

  it('a cancel that arrives before its call starts that call cancelled', async () => {
    const app = await startDocumentsApp();
    const bill = app.bills[0]!;
    const cancelId = crypto.randomUUID();
    expect(await app.call('practice.cancel', { cancelId })).toEqual({ cancelled: false });
    const result = await app.call('documents.open', {
      practiceKey: app.practiceKey,
      ref: billRef(bill),
      entityKey: bill.entityKey,
      cancelId,
    });
    expect(result).toMatchObject({ ok: false, problem: 'failed' });
    expect(received(app, `/bills/${bill.billingId}/pdf`)).toBe(0);
  });
});
