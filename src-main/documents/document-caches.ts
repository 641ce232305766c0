import { rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Clock } from '../clock';
import { createDocumentCache, DEFAULT_CACHE_CAP_BYTES, type DocumentCache } from './document-cache';

export interface DocumentCachesOptions {
  /** Main's cache folder (`MainDeps.paths.cache`); practices live under `<cacheRoot>/practices/<practiceKey>/`. */
  cacheRoot: string;
  clock: Clock;
  /** Per practice; default 300 MB. */
  capBytes?: number;
}

const practiceKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One document cache per practice, created on first use; the folder name is the checked practiceKey. */
export function createDocumentCaches(options: DocumentCachesOptions) {
  const caches = new Map<string, DocumentCache>();
  const capBytes = options.capBytes ?? DEFAULT_CACHE_CAP_BYTES;

  function practiceDir(practiceKey: string): string {
    if (!practiceKeyPattern.test(practiceKey)) throw new Error('Not a practice key.');
    return join(resolve(options.cacheRoot), 'practices', practiceKey.toLowerCase());
  }

  return {
    capBytes,
    /** The practice's documents folder (for tests and for "show in folder" later). */
    documentsDir: (practiceKey: string): string => join(practiceDir(practiceKey), 'documents'),

    forPractice(practiceKey: string): DocumentCache {
      const key = practiceKey.toLowerCase();
      let cache = caches.get(key);
      if (!cache) {
        cache = createDocumentCache({ dir: join(practiceDir(key), 'documents'), capBytes, clock: options.clock });
        caches.set(key, cache);
      }
      return cache;
    },

    /**
     * Sign-out: deletes the practice's documents folder (loaded or not) and the practice folder if that
     * leaves it empty. Downloads still in flight for the old cache are refused when they finish.
     */
    async wipe(practiceKey: string): Promise<void> {
      const key = practiceKey.toLowerCase();
      const cache = caches.get(key) ?? createDocumentCache({ dir: join(practiceDir(key), 'documents'), capBytes, clock: options.clock });
      caches.delete(key);
      await cache.wipe();
      await rmdir(practiceDir(key)).catch(() => undefined);
    },
  };
}
export type DocumentCaches = ReturnType<typeof createDocumentCaches>;
