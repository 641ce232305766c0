import { useLiveQuery } from 'dexie-react-hooks';
import { useServices } from '../context/services-context';
import { usePractice } from '../context/store-hooks';

/**
 * When the last sync finished — the one time the status bar and Settings both say. Main's own figure for
 * this session when it has one; else (after a restart, before a run, offline) the newest time a resource's
 * pass completed, from the stored cursors. Not the oldest: a tier that rests for an hour by design (bills,
 * debtor reports) would make every later sync look as if it had not happened.
 */
export function lastSyncFinishedAt(
  lastRunAt: string | null | undefined,
  completedAt: readonly (string | null | undefined)[],
): string | null {
  if (lastRunAt) return lastRunAt;
  const done = completedAt.filter((at): at is string => Boolean(at)).sort();
  return done.at(-1) ?? null;
}

/** The same, live: read again after every run (and whenever the cursors change). */
export function useLastSyncFinishedAt(practiceKey: string | null): string | null {
  const { databases } = useServices();
  const lastRunAt = usePractice((s) => (s.progress?.practiceKey === practiceKey ? s.progress?.lastRunAt : null));
  const completed = useLiveQuery(async () => {
    if (!practiceKey) return [];
    return (await databases.of(practiceKey).cursors.toArray()).map((c) => c.lastCompletedAt);
  }, [practiceKey]);
  return practiceKey ? lastSyncFinishedAt(lastRunAt, completed ?? []) : null;
}
