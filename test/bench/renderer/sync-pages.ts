import type { SyncPageEvent } from '../../../src-preload/contract/practice';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import type { SyncPageCommit } from '../../../src-main/sync/sync-sink';

/**
 * Every page a first sync of the demo's first practice would hand the renderer, with the cursors the
 * real sync engine computes — fetched over HTTP and validated by the real API client. Collected in
 * Node so the renderer benchmark times only the ingest, not the network or the demo server.
 */
export async function collectSyncPages(
  demo: DemoPractice,
): Promise<{ practiceKey: string; pages: SyncPageEvent[]; collectMs: number }> {
  const practice = demo.practices[0];
  if (!practice) throw new Error('The demo practice has no practice.');
  const commits: SyncPageCommit[] = [];
  const started = performance.now();
  const engine = createSyncEngine({
    api: createPartnerApiClient({
      baseUrl: practice.baseUrl,
      credentials: () => practice.readWrite,
      fetch: globalThis.fetch,
    }),
    sink: {
      loadCursors: async () => ({}),
      commitPage: async (page) => {
        commits.push(page);
      },
    },
  });
  const results = await engine.runOnce();
  const failed = results.filter((r) => r.state !== 'done');
  if (failed.length > 0)
    throw new Error(`Collecting sync pages failed: ${failed.map((r) => `${r.resource}: ${r.error}`).join('; ')}`);
  const pages = commits.map((page, i): SyncPageEvent => ({
    pageId: `bench-${i}`,
    practiceKey: practice.practiceKey,
    ...page,
  }));
  return { practiceKey: practice.practiceKey, pages, collectMs: performance.now() - started };
}
