import type { Companion } from '../../src-preload/contract/companion';
import { ingestPage } from '../../src-renderer/sync/ingest';
import { practiceDb } from './practice-db';

/**
 * One sync run the way the renderer does it: each page is stored in the practice's Dexie database
 * (fake-indexeddb in Node) with its cursor, then acknowledged. Resolves when the run has finished.
 */
export async function syncIntoDexie(
  companion: Companion,
  practiceKey: string,
  round: 'due' | 'catalogs' | 'full' = 'due',
): Promise<void> {
  const db = practiceDb(practiceKey);
  const offPage = companion.on('sync.page', (page) => {
    void ingestPage(db, page).then(
      () => companion.sync.ack({ pageId: page.pageId, ok: true }),
      (error: unknown) => companion.sync.ack({ pageId: page.pageId, ok: false, error: String(error) }),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const offProgress = companion.on('sync.progress', (progress) => {
        if (progress.practiceKey !== practiceKey || progress.running) return;
        offProgress();
        const failed = progress.resources.filter((r) => r.state === 'failed');
        if (failed.length > 0)
          reject(new Error(`sync failed: ${failed.map((r) => `${r.resource}: ${r.error}`).join('; ')}`));
        else resolve();
      });
      void db.cursors
        .toArray()
        .then((cursors) => companion.sync.start({ practiceKey, cursors, round }))
        .then((r) => {
          if (!r.started) reject(new Error('sync did not start'));
        });
    });
  } finally {
    offPage();
    // Dexie keeps every open connection (and its tables' hooks) reachable until it is closed: a long
    // campaign syncs thousands of times, and unclosed connections were its heap growing per run.
    db.close();
  }
}
