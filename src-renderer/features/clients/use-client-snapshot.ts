import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { whenIdleAfterFirstPaint } from '../../desktop/idle-after-paint';
import type { PracticeDb, StoredEntity } from '../../data/practice-db';

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

export interface ClientSnapshot {
  /** The clients to show: the first page, then every client; undefined until the first read ends. */
  entities: readonly StoredEntity[] | undefined;
  /** Whether `entities` is every stored client (kept up to date as sync stores pages), not the first page. */
  complete: boolean;
}

/**
 * The practice's clients for the list: when `firstPageFirst`, the first page as soon as it is read,
 * then — once that has painted and the window is idle — every client, live. Otherwise every client at once.
 */
export function useClientSnapshot(db: PracticeDb, firstPageFirst: boolean): ClientSnapshot {
  const [page, setPage] = useState<StoredEntity[]>();
  const [readAll, setReadAll] = useState(!firstPageFirst);
  useEffect(() => {
    if (readAll) return;
    let current = true;
    // Should the short read fail, the list still comes: from the read of every client.
    readFirstPage(db).then(
      (rows) => current && setPage(rows),
      () => current && setReadAll(true),
    );
    return () => {
      current = false;
    };
  }, [db, readAll]);
  useEffect(() => {
    if (page === undefined || readAll) return;
    return whenIdleAfterFirstPaint(() => setReadAll(true));
  }, [page, readAll]);
  const all = useLiveQuery<StoredEntity[] | undefined>(
    () => (readAll ? db.entities.toArray() : undefined),
    [db, readAll],
  );
  return all ? { entities: all, complete: true } : { entities: page, complete: false };
}
