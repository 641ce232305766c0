import type { PracticeDb, StoredEntity } from './practice-db';
import { practiceDbNameOf } from './practice-db-name';

/** Clients read for the first paint: more than a tall window shows, with room for hidden terminated ones. */
export const FIRST_PAGE_SIZE = 100;

/**
 * The first clients of the A→Z list, read through the name index without loading the rest. The index
 * orders by UTF-16 code unit (digits, capitals, then lower case and accented initials) where the list
 * uses a collator, so two short reads — names below "a" and from "a" on — cover the top of the list
 * as the collator orders it; the caller sorts them.
 */
export async function readFirstPage(db: PracticeDb, size = FIRST_PAGE_SIZE): Promise<StoredEntity[]> {
  return db.transaction('r', db.entities, async () => {
    const [capitals, rest] = await Promise.all([
      db.entities.where('fullEntityName').below('a').limit(size).toArray(),
      db.entities.where('fullEntityName').aboveOrEqual('a').limit(size).toArray(),
    ]);
    return [...capitals, ...rest];
  });
}

/**
 * The same read straight through IndexedDB, before anything has opened the database: opening it with
 * Dexie first reads and checks the whole installed schema (thirty tables) and builds its middleware,
 * which costs the start more than the read. The database is opened as it is (no version asked), never
 * created (an upgrade, which only a database that does not exist would need, is aborted), and closed
 * once read, so Dexie's own connection, opened later, is never blocked.
 */
export function readFirstPageDirect(practiceKey: string, size = FIRST_PAGE_SIZE): Promise<StoredEntity[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(practiceDbNameOf(practiceKey));
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => reject(request.error ?? new Error('The practice has no database.'));
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      try {
        const tx = db.transaction('entities', 'readonly');
        const index = tx.objectStore('entities').index('fullEntityName');
        const capitals = index.getAll(IDBKeyRange.upperBound('a', true), size);
        const rest = index.getAll(IDBKeyRange.lowerBound('a'), size);
        tx.oncomplete = () => {
          db.close();
          resolve([...(capitals.result as StoredEntity[]), ...(rest.result as StoredEntity[])]);
        };
        tx.onerror = tx.onabort = () => {
          db.close();
          reject(tx.error ?? new Error('The first page could not be read.'));
        };
      } catch (error) {
        // A database from before the name index (or without the table): the list reads through Dexie.
        db.close();
        reject(error);
      }
    };
  });
}

/** Where the practice shown last is remembered between starts (its key only: no client data). */
export const LAST_PRACTICE_KEY = 'first-page:last-practice';
const PRACTICE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client list's first page, read at start before main has said which practice is active. Main's
 * answer comes over the bridge, and only then would the list open the database and read; the practice
 * shown last is almost always the one shown now, so its first page is read while the bridge answers, and
 * the list takes it if the practice is the same. A guess that turns out wrong costs one short read; a
 * database that no longer exists is not created by it.
 */
export interface FirstPagePrefetch {
  /** Starts the read for the practice remembered from last time, if its database exists; once, however often asked. */
  start(): void;
  /**
   * Remembers the practice now shown, for the next start; a page read for another practice is dropped
   * (it would be stale by the time a list of that practice asked).
   */
  remember(practiceKey: string | null): void;
  /** Drops a page no list took (the first screen was another one): a list shown later reads afresh. */
  discard(): void;
  /** The prefetched page of this practice, once: null if none was started for it (the list reads itself). */
  take(practiceKey: string): Promise<StoredEntity[]> | null;
  /** The prefetched page of this practice if it has been read already (not taken): the list's first render shows it. */
  ready(practiceKey: string): StoredEntity[] | null;
}

export function createFirstPagePrefetch(deps: {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}): FirstPagePrefetch {
  const { storage } = deps;
  let pending: { practiceKey: string; page: Promise<StoredEntity[]>; rows: StoredEntity[] | null } | null = null;
  let remembered: string | null | undefined;
  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      const practiceKey = storage?.getItem(LAST_PRACTICE_KEY);
      // Stored by this app, but still a file anyone can edit: only a practice key names a database.
      if (!practiceKey || !PRACTICE_KEY.test(practiceKey)) return;
      const page = readFirstPageDirect(practiceKey);
      const read = { practiceKey, page, rows: null as StoredEntity[] | null };
      // Taken or not, a failed guess is not an error anyone sees: the list reads for itself.
      page.then((rows) => (read.rows = rows)).catch(() => undefined);
      pending = read;
    },
    remember(practiceKey) {
      if (pending && pending.practiceKey !== practiceKey) pending = null;
      if (practiceKey === remembered) return;
      remembered = practiceKey;
      try {
        if (practiceKey) storage?.setItem(LAST_PRACTICE_KEY, practiceKey);
        else storage?.removeItem(LAST_PRACTICE_KEY);
      } catch {
        // Storage full or unavailable: the next start reads after main answers, as before.
      }
    },
    discard() {
      pending = null;
    },
    take(practiceKey) {
      if (pending?.practiceKey !== practiceKey) return null;
      const { page } = pending;
      pending = null;
      return page;
    },
    ready(practiceKey) {
      return pending?.practiceKey === practiceKey ? pending.rows : null;
    },
  };
}

/** The window's prefetch: the practice shown last is remembered in localStorage (none in Node, where no test stubs it). */
export const createWindowFirstPagePrefetch = (): FirstPagePrefetch =>
  createFirstPagePrefetch({ storage: typeof localStorage === 'undefined' ? null : localStorage });
