import { useEffect, useMemo, useState } from 'react';
import { whenIdleAfterFirstPaint } from '../../desktop/idle-after-paint';
import type { StoredEntity } from '../../data/practice-db';
import type { ClientSearch } from './client-filter';
import { activePractice } from '../../stores/practice-store';
import { ClientSearchIndex } from './client-search';
import { phoneForms } from './phone-forms';
import { usePractice } from '../../context/store-hooks';

/** Clients indexed per slice of idle time: a slice stays around a frame's length. */
const CLIENTS_PER_SLICE = 1500;

/**
 * The word index of the clients (client-search.ts), built in idle slices after the list has painted and
 * kept in step with each new snapshot of the clients. Null until the first build ends: until then the
 * list searches by substring, so whatever is typed meanwhile is searched at once and kept. A new value
 * each time a sync of the index ends, so results computed from it are computed again. A phone number is
 * also searched in its other forms for the practice's region ("+61 449…" finds "0449…" and back).
 */
export function useClientSearch(entities: readonly StoredEntity[] | undefined): ClientSearch | null {
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
  return useMemo<ClientSearch | null>(
    () =>
      syncedWith
        ? {
            match: (query) => index.matchAny([query, ...phoneForms(query, region)]),
            ranksIn: (list) => index.ranksIn(list),
          }
        : null,
    [syncedWith, index, region],
  );
}
