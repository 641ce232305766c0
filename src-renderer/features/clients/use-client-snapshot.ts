import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { whenIdleAfterFirstPaint } from '../../desktop/idle-after-paint';
import { markStart } from '../../start-up/start-marks';
import type { StoredEntity } from '../../data/practice-db';
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
 * The practice's database is opened (Dexie checks its whole schema) only for a read through it: the page
 * prefetched at start needs none, so the first rows do not wait for it.
 */
export function useClientSnapshot(practiceKey: string, firstPageFirst: boolean): ClientSnapshot {
  const { firstPage, databases } = useServices();
  // A page prefetched and read before this list rendered is shown by its first render (the read below
  // takes the same rows, and setting them again changes nothing).
  const [page, setPage] = useState<StoredEntity[] | undefined>(() =>
    firstPageFirst ? (firstPage.ready(practiceKey) ?? undefined) : undefined,
  );
  const [readAll, setReadAll] = useState(!firstPageFirst);
  useEffect(() => {
    if (readAll) return;
    let current = true;
    // The page read at start, before main named the practice, if it was this one's (first-page.ts). Should the
    // short read fail, the list still comes: from the read of every client.
    const prefetched = firstPage.take(practiceKey);
    const readHere = () => readFirstPage(databases.of(practiceKey));
    (prefetched ? prefetched.catch(readHere) : readHere()).then(
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
  }, [practiceKey, databases, readAll, firstPage]);
  useEffect(() => {
    if (page === undefined || readAll) return;
    return whenIdleAfterFirstPaint(() => setReadAll(true));
  }, [page, readAll]);
  const all = useLiveQuery<StoredEntity[] | undefined>(
    () => (readAll ? databases.of(practiceKey).entities.toArray() : undefined),
    [practiceKey, databases, readAll],
  );
  return all ? { entities: all, complete: true } : { entities: page, complete: false };
}
