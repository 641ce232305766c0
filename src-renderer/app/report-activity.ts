import { liveQuery, type Subscription } from 'dexie';
import type { Companion } from '../../src-preload/contract/companion';
import type { ActivityReport } from '../../src-preload/contract/desktop';
import type { PracticeDatabases } from '../data/practice-db';
import { countOpen } from '../outbox/outbox-count';
import type { MeetingPackStore } from '../stores/meeting-pack-store';
import type { OutboxStore } from '../stores/outbox-store';
import type { PracticeStore } from '../stores/practice-store';

/** At most one report per half second: a drain of 100 actions changes the outbox hundreds of times. */
export const REPORT_INTERVAL_MS = 500;

type OutboxCounts = Pick<ActivityReport, 'outboxSending' | 'unsentCount' | 'needsAttentionCount'>;
const noOutbox: OutboxCounts = { outboxSending: 0, unsentCount: 0, needsAttentionCount: 0 };

/** The stores the report reads: the active practice, the pack being fetched, the outbox's deliveries. */
export interface ActivityStores {
  practice: PracticeStore;
  meetingPacks: MeetingPackStore;
  outbox: OutboxStore;
}

const same = (a: ActivityReport, b: ActivityReport): boolean =>
  (Object.keys(a) as (keyof ActivityReport)[]).every((key) => a[key] === b[key]);

/**
 * Tells main what the window is doing, for the dock/taskbar badge, the notifications and the updater
 * (which must not restart mid-send): the active practice's outbox counts (a Dexie live query on the
 * status index), the meeting pack being fetched, and queued actions delivered after a reconnect.
 * Reports are coalesced; `deliveredSinceReconnect` is carried by one report and then back to 0.
 */
export function watchActivity(
  companion: Companion,
  databases: PracticeDatabases,
  stores: ActivityStores,
  options: { intervalMs?: number } = {},
): () => void {
  const intervalMs = options.intervalMs ?? REPORT_INTERVAL_MS;
  let counts = noOutbox;
  let delivered = 0;
  let lastSent: ActivityReport | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const current = (): ActivityReport => ({
    ...counts,
    packsDownloading: stores.meetingPacks.getState().runningPackId ? 1 : 0,
    deliveredSinceReconnect: delivered,
  });

  const send = (): void => {
    timer = undefined;
    if (stopped) return;
    const report = current();
    if (lastSent && same(report, lastSent)) return;
    lastSent = report;
    if (delivered > 0) {
      delivered = 0;
      // Main keeps the latest report: a follow-up puts its delivered count back to 0.
      schedule();
    }
    // A main that cannot take it now (restarting) misses one report; the next change sends the whole state again.
    void companion.desktop.reportActivity(report).catch(() => undefined);
  };
  const schedule = (): void => {
    if (timer === undefined && !stopped) timer = setTimeout(send, intervalMs);
  };

  let subscription: Subscription | null = null;
  let watchedKey: string | null | undefined;
  const watchOutbox = (practiceKey: string | null): void => {
    if (practiceKey === watchedKey) return;
    watchedKey = practiceKey;
    subscription?.unsubscribe();
    subscription = null;
    counts = noOutbox;
    schedule();
    if (!practiceKey) return;
    const db = databases.of(practiceKey);
    subscription = liveQuery(async () => ({
      unsentCount: await countOpen(db),
      outboxSending: await db.outbox.where('status').equals('sending').count(),
      needsAttentionCount: await db.outbox.where('status').anyOf(['failed', 'needs-review']).count(),
    })).subscribe({
      next: (next) => {
        if (practiceKey !== watchedKey) return;
        counts = next;
        schedule();
      },
      // A database closed by a sign-out: the practice's counts are gone with it.
      error: () => {
        counts = noOutbox;
        schedule();
      },
    });
  };

  watchOutbox(stores.practice.getState().activePracticeKey);
  const offPractice = stores.practice.subscribe((state) => watchOutbox(state.activePracticeKey));
  const offPacks = stores.meetingPacks.subscribe((state, previous) => {
    if (Boolean(state.runningPackId) !== Boolean(previous.runningPackId)) schedule();
  });
  // The outbox job counts what drains after a reconnect delivered (a number that only grows): the rise is new.
  const offDeliveries = stores.outbox.subscribe((state, previous) => {
    const rise = state.deliveredAfterReconnect - previous.deliveredAfterReconnect;
    if (rise <= 0) return;
    delivered += rise;
    schedule();
  });

  return () => {
    stopped = true;
    clearTimeout(timer);
    subscription?.unsubscribe();
    offPractice();
    offPacks();
    offDeliveries();
  };
}
