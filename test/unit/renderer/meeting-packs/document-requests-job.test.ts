import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentFetchResult } from '../../../../src-preload/contract/documents';
import { createPracticeDatabases, type DocumentRequest } from '../../../../src-renderer/data/practice-db';
import { createDocumentRequestsJob } from '../../../../src-renderer/meeting-packs/document-requests-job';

const practiceKey = '44444444-4444-4444-8444-444444444444';
const entityKey = '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91';
const databases = createPracticeDatabases();
afterEach(() => databases.delete(practiceKey));

const request = (id: string, requestedAt: string): DocumentRequest => ({
  docKey: `bill:${id}`,
  ref: { kind: 'bill', id },
  entityKey,
  requestedAt,
  lastError: null,
});
const meta = (id: string) => ({ fileName: `bill-${id}.pdf` }) as never;

function setUp(answers: Record<string, DocumentFetchResult>) {
  const fetch = vi.fn(async ({ ref }: { ref: { id: string } }) => answers[ref.id]!);
  const notices: { tone: string; title: string }[] = [];
  const wakes: number[] = [];
  const now = Date.parse('2026-11-27T09:00:00.000Z');
  const job = createDocumentRequestsJob({
    companion: { documents: { fetch }, practice: { cancel: vi.fn() } } as never,
    databases,
    online: () => true,
    notify: (n) => notices.push(n),
    clock: { now: () => now },
    wakeAt: (t) => wakes.push(t),
    report: () => undefined,
  });
  const run = () => job.run({ signal: new AbortController().signal, practiceKey, reasons: new Set(['kick']) });
  return { fetch, notices, wakes, now, run, db: databases.of(practiceKey) };
}

describe('"Download when online" as a queue of items', () => {
  it('keeps a download the practice failed with its attempt and tries again later, a client’s requests in order', async () => {
    const t = setUp({
      '1': { ok: true, meta: meta('1'), downloaded: true },
      '2': { ok: false, problem: 'failed', message: 'The practice answered 503.' },
      '3': { ok: false, problem: 'not-available', message: 'The practice has no PDF for this bill.' },
    });
    await t.db.documentRequests.bulkPut([
      request('3', '2026-11-27T08:03:00.000Z'),
      request('1', '2026-11-27T08:01:00.000Z'),
      request('2', '2026-11-27T08:02:00.000Z'),
    ]);
    await t.run();
    // Oldest first: 1 arrives; 2 waits for its retry and holds back this client's later request (3) in this run.
    expect(t.fetch.mock.calls.map(([input]) => input.ref.id)).toEqual(['1', '2']);
    expect(await t.db.documentRequests.get('bill:1')).toBeUndefined();
    expect(await t.db.documentRequests.get('bill:2')).toMatchObject({
      attempts: 1,
      lastError: 'The practice answered 503.',
      nextTryAt: new Date(t.now + 30_000).toISOString(),
    });
    expect(t.wakes).toEqual([t.now + 30_000]);
    expect(t.notices.map((n) => n.tone)).toEqual(['info']);
  });

  it('a PDF the practice does not have is dropped with a notice', async () => {
    const t = setUp({ '3': { ok: false, problem: 'not-available', message: 'No PDF.' } });
    await t.db.documentRequests.put(request('3', '2026-11-27T08:03:00.000Z'));
    await t.run();
    expect(await t.db.documentRequests.count()).toBe(0);
    expect(t.notices).toMatchObject([{ tone: 'error', detail: 'No PDF.' }]);
  });
});
