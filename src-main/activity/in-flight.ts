/**
 * Work main itself has under way that a restart would cut short: outbox sends (writes the Partner API
 * must not see twice) and document downloads. Main performs them, so it knows the moment one starts,
 * unlike the window's activity report, which arrives after the window has noticed and said so.
 */
export type InFlightKind = 'send' | 'download';

export function createInFlightWork() {
  const counts: Record<InFlightKind, number> = { send: 0, download: 0 };
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((listener) => listener());

  return {
    /** Counts the work from the call until its promise settles (either way). */
    async track<T>(kind: InFlightKind, work: () => Promise<T>): Promise<T> {
      counts[kind] += 1;
      changed();
      try {
        return await work();
      } finally {
        counts[kind] -= 1;
        changed();
      }
    },
    count: (kind: InFlightKind): number => counts[kind],
    isBusy: (): boolean => counts.send > 0 || counts.download > 0,
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
