import { rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Clock } from '../clock';
import { createDocumentCache, DEFAULT_CACHE_CAP_BYTES, type DocumentCache } from './document-cache';
import type { DocumentKeys } from './document-keys';
import type { ViewerCopies } from './viewer-copies';

export interface DocumentCachesOptions {
  /** Main's cache folder (`MainDeps.paths.cache`); practices live under `<cacheRoot>/practices/<practiceKey>/`. */
  cacheRoot: string;
  clock: Clock;
  /** Each practice's document key, which seals its files and manifest. */
  keys: DocumentKeys;
  /** Decrypted copies handed to the OS viewer; a practice's are deleted with its documents. */
  viewerCopies: ViewerCopies;
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

  const open = (key: string): DocumentCache =>
    createDocumentCache({
      dir: join(practiceDir(key), 'documents'),
      capBytes,
      clock: options.clock,
      key: { existing: () => options.keys.get(key), create: () => options.keys.getOrCreate(key) },
    });

  return {
    capBytes,
    keys: options.keys,
    viewerCopies: options.viewerCopies,
    /** The practice's documents folder (for tests and for "show in folder" later). */
    documentsDir: (practiceKey: string): string => join(practiceDir(practiceKey), 'documents'),

    forPractice(practiceKey: string): DocumentCache {
      const key = practiceKey.toLowerCase();
      let cache = caches.get(key);
      if (!cache) {
        cache = open(key);
        caches.set(key, cache);
      }
      return cache;
    },

    /**
     * Sign-out: forgets the practice's document key (so whatever is left on disk cannot be read), deletes
     * its documents folder (loaded or not), the practice folder if that leaves it empty, and its viewer copies. Downloads
     * still in flight for the old cache are refused when they finish.
     */
    async wipe(practiceKey: string): Promise<void> {
      const key = practiceKey.toLowerCase();
      const cache = caches.get(key) ?? open(key);
      caches.delete(key);
      options.keys.forget(key);
      await cache.wipe();
      // Again: a first document being stored when sign-out began may have made a key meanwhile.
      options.keys.forget(key);
      await rmdir(practiceDir(key)).catch(() => undefined);
      await options.viewerCopies.wipe(key);
    },
  };
}
export type DocumentCaches = ReturnType<typeof createDocumentCaches>;
