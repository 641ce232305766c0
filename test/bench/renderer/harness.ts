/**
 * Runs inside the app's page (bundled by esbuild, evaluated over CDP): the app's own ingest module
 * and database class, not copies, so the benchmark times exactly what sync runs on each page.
 */
import type { SyncPageEvent } from '../../../src-preload/contract/practice';
import { ingestPage } from '../../../src-renderer/sync/ingest';
import { deletePracticeDb, PracticeDb } from '../../../src-renderer/data/practice-db';

// Pages arrive from Node in chunks before any timing starts, so transfer never counts as ingest.
const stash: SyncPageEvent[] = [];
// The harness's own connections, one per practice, so that `close` closes the one it used.
const connections = new Map<string, PracticeDb>();
function practiceDb(practiceKey: string): PracticeDb {
  let db = connections.get(practiceKey);
  if (!db) connections.set(practiceKey, (db = new PracticeDb(practiceKey)));
  return db;
}

export interface IngestRun {
  ms: number;
  pages: number;
  records: number;
  /** Milliseconds per page (transaction), in order. */
  perPageMs: number[];
}

const harness = {
  stash(pages: SyncPageEvent[]): number {
    stash.push(...pages);
    return stash.length;
  },
  /**
   * Stores the stashed pages (of the listed resources) into the practice's database one after the
   * other, each awaited before the next — as the app does, since main waits for the acknowledgement.
   */
  async ingest(practiceKey: string, resources: string[]): Promise<IngestRun> {
    const db = practiceDb(practiceKey);
    await db.open();
    const pages = stash.filter((page) => resources.includes(page.resource));
    const perPageMs: number[] = [];
    let records = 0;
    const started = performance.now();
    for (const page of pages) {
      const pageStarted = performance.now();
      await ingestPage(db, page);
      perPageMs.push(performance.now() - pageStarted);
      records += page.records.length;
    }
    return { ms: performance.now() - started, pages: pages.length, records, perPageMs };
  },
  async count(practiceKey: string): Promise<number> {
    return practiceDb(practiceKey).entities.count();
  },
  async deleteDb(practiceKey: string): Promise<void> {
    connections.get(practiceKey)?.close();
    connections.delete(practiceKey);
    await deletePracticeDb(practiceKey);
  },
  /** Closes the harness's connection so the app's own Dexie instance is the only one left open. */
  close(practiceKey: string): void {
    connections.get(practiceKey)?.close();
    connections.delete(practiceKey);
    stash.length = 0;
  },
};
export type RendererBenchHarness = typeof harness;

(globalThis as { __rendererBench?: RendererBenchHarness }).__rendererBench = harness;
