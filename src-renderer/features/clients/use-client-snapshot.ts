import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { whenIdleAfterFirstPaint } from '../../desktop/idle-after-paint';
import { markStart } from '../../desktop/start-marks';
import type { PracticeDb, StoredEntity } from '../../data/practice-db';
import { readFirstPage } from '../../data/first-page';
import { useServices } from '../../context/services-context';

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
  const { firstPage } = useServices();
  const [page, setPage] = useState<StoredEntity[]>();
  const [readAll, setReadAll] = useState(!firstPageFirst);
  useEffect(() => {
    if (readAll) return;
    let current = true;
    // The page read at start, before main named the practice, if it was this one's (first-page.ts). Should the
    // short read fail, the list still comes: from the read of every client.
    const prefetched = firstPage.take(db.practiceKey);
    (prefetched ? prefetched.catch(() => readFirstPage(db)) : readFirstPage(db)).then(
      (rows) => {
        if (!current) return;
        markStart('first-page-read');
        setPage(rows);
      },
      () => current && setReadAll(true),
    );
    return () => {
      current = false;
    };
  }, [db, readAll, firstPage]);
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
