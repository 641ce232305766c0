import type { ActivityReport } from '../../src-preload/contract/desktop';

const idle: ActivityReport = {
  outboxSending: 0,
  packsDownloading: 0,
  unsentCount: 0,
  needsAttentionCount: 0,
  deliveredSinceReconnect: 0,
};

/**
 * What the window last said it is doing (sending, downloading a pack, how much is unsent). Main keeps
 * only the latest report: the update policy asks it before restarting, the badge and the
 * notifications follow its changes.
 */
export function createActivityTracker() {
  let current: ActivityReport = idle;
  const listeners = new Set<(now: ActivityReport, before: ActivityReport) => void>();
  return {
    current: (): ActivityReport => current,
    /** Busy: a restart now could cut a write in flight or a meeting pack half-way. */
    isBusy: (): boolean => current.outboxSending > 0 || current.packsDownloading > 0,
    report(next: ActivityReport): void {
      const before = current;
      current = next;
      for (const listener of listeners) listener(next, before);
    },
    onChange(listener: (now: ActivityReport, before: ActivityReport) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ActivityTracker = ReturnType<typeof createActivityTracker>;
