import { useEffect, useMemo, useState } from 'react';
import { whenIdleAfterFirstPaint } from '../../desktop/idle-after-paint';
import type { StoredEntity } from '../../data/practice-db';
import { activePractice } from '../../stores/practice-store';
import { ClientSearchIndex, type WordSearch } from '../../search';
import { usePractice } from '../../context/store-hooks';

/** Clients indexed per slice of idle time: a slice stays around a frame's length. */
const CLIENTS_PER_SLICE = 1500;

/**
 * The word index of the clients for `searchClients`, built in idle slices after the list has painted and
 * kept in step with each new snapshot of the clients, with the practice's region (a phone number is also
 * searched in its other forms there). Null until the first build ends: until then the list searches by
 * substring, so whatever is typed meanwhile is searched at once and kept. A new value each time a sync of
 * the index ends, so results computed from it are computed again.
 */
export function useWordSearch(entities: readonly StoredEntity[] | undefined): WordSearch | null {
  const [index] = useState(() => new ClientSearchIndex());
  const [syncedWith, setSyncedWith] = useState<readonly StoredEntity[] | null>(null);
  useEffect(() => {
    if (!entities) return;
    const steps = index.sync(entities, CLIENTS_PER_SLICE);
    let cancel = () => undefined as void;
    const step = () => {
      if (steps.next().done) setSyncedWith(entities);
      else cancel = whenIdleAfterFirstPaint(step);
    };
    cancel = whenIdleAfterFirstPaint(step);
    return () => cancel();
  }, [entities, index]);
  const region = usePractice((s) => activePractice(s)?.region);
  return useMemo<WordSearch | null>(() => (syncedWith ? { index, region } : null), [syncedWith, index, region]);
}
