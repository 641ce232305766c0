import type { PersistentStorageStore } from '../stores/persistent-storage-store';

/** Reads the engine's answer again (Settings asks when it opens). */
export async function refreshPersistence(store: PersistentStorageStore): Promise<void> {
  store.setState({
    persisted:
      (await storageManager()
        ?.persisted()
        .catch(() => null)) ?? null,
  });
}

// Absent outside a secure context and in Node (tests).
const storageManager = (): StorageManager | null =>
  typeof navigator !== 'undefined' && 'storage' in navigator ? navigator.storage : null;

/**
 * Asks once at start that the practice's IndexedDB (with its unsent actions) is never evicted when the
 * disk runs low. The desktop app grants exactly this permission to its own page; a browser decides by
 * itself and may say no.
 */
export async function requestPersistentStorage(store: PersistentStorageStore): Promise<void> {
  const storage = storageManager();
  if (!storage) return;
  try {
    // Asked every start, even when already granted: cheap, and it is what keeps a grant in place.
    await storage.persist();
  } catch {
    // Not granted; Settings says so.
  }
  await refreshPersistence(store);
}
