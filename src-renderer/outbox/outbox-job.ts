import type { Companion } from '../../src-preload/contract/companion';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { Notice } from '../stores/notice-store';
import type { PracticeDatabases, PracticeDb } from '../data/practice-db';
import { enqueue } from './outbox-db';
import { createOutboxReplayer, type OutboxReplayer } from './outbox-replayer';
import type { NewEntry } from './outbox-state';
import type { OutboxStore } from '../stores/outbox-store';
import { countOf } from '../ui/regional/counts';
import { describeFailure, UserFacingFailure } from '../ui/words/describe-failure';

export const OUTBOX_JOB = 'outbox';
/** Failed entries wait for their retry time (wakeAt); this slow poll catches anything else. */
export const RETRY_POLL_MS = 30_000;

export interface OutboxService {
  /** Queues a write for the active practice and tries to send it at once when online. */
  queue(input: Omit<NewEntry, 'id'>): Promise<string>;
  /** Replays now (after an edit, "Retry now"). */
  kick(reason?: 'reconnected' | 'user' | 'timer'): void;
  /** Clears the pause a 401 caused and replays. */
  resume(): void;
}

export interface OutboxDeps {
  companion: Companion;
  databases: PracticeDatabases;
  runner: Pick<JobRunner, 'kick' | 'wakeAt' | 'isRunning'>;
  /** What the screens show of the outbox (paused, draining, delivered after a reconnect). */
  store: OutboxStore;
  /** The active practice and whether its credentials may write; null when none is connected. */
  activePractice(): { practiceKey: string; canWrite: boolean } | null;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
}

/**
 * The outbox replayer as a background job, and the service screens queue through. The job runs on start,
 * on a reconnect (then, and only then, "N queued actions went out"), on a practice change, on the 30 s poll,
 * at the replayer's next retry time, after `queue()` and after `resume()`; the root also kicks it when the
 * list of practices changes (credentials may have become writable).
 */
export function createOutbox(deps: OutboxDeps): { service: OutboxService; job: JobDefinition } {
  let replayer: { practiceKey: string; db: PracticeDb; instance: OutboxReplayer } | null = null;

  function replayerFor(practiceKey: string): OutboxReplayer {
    const db = deps.databases.of(practiceKey);
    // After a sign-out and a reconnect the practice has a new database object; the old replayer's is closed.
    if (replayer?.practiceKey === practiceKey && replayer.db === db) return replayer.instance;
    const instance = createOutboxReplayer({
      db,
      practiceKey,
      companion: deps.companion,
      canSend: () =>
        deps.online() && (deps.activePractice()?.canWrite ?? false) && !deps.store.getState().pausedForCredentials,
      onUnauthorized: () => deps.store.setState({ pausedForCredentials: true }),
    });
    replayer = { practiceKey, db, instance };
    return instance;
  }

  const job: JobDefinition = {
    name: OUTBOX_JOB,
    intervalMs: RETRY_POLL_MS,
    async run({ signal, practiceKey, reasons }) {
      deps.store.setState({ draining: true });
      try {
        const report = await replayerFor(practiceKey).drain();
        if (signal.aborted) return;
        if (reasons.has('reconnected') && report.delivered > 0) {
          deps.store.setState((s) => ({ deliveredAfterReconnect: s.deliveredAfterReconnect + report.delivered }));
          deps.notify({
            tone: 'info',
            title: `${countOf(report.delivered, 'queued action', undefined, 'queued actions')} went out`,
            detail: 'Back online: the outbox has been sent to the practice.',
          });
        }
        if (report.failed + report.needsReview > 0) {
          deps.notify({
            tone: 'error',
            title: 'Some queued actions need you',
            detail: 'Open the Outbox to see what the practice said.',
          });
        }
        if (report.nextAttemptAt) deps.runner.wakeAt(OUTBOX_JOB, report.nextAttemptAt);
      } catch (error) {
        if (!signal.aborted)
          deps.notify({ tone: 'error', title: 'The outbox could not run', detail: describeFailure(error) });
      } finally {
        // A cancelled run leaves the flag to the run that replaced it, if any.
        if (!signal.aborted || !deps.runner.isRunning(OUTBOX_JOB)) deps.store.setState({ draining: false });
      }
    },
  };

  const service: OutboxService = {
    async queue(input) {
      const active = deps.activePractice();
      if (!active) throw new UserFacingFailure('Connect a practice first.');
      if (!active.canWrite)
        throw new UserFacingFailure('These credentials are read-only, so nothing can be queued for the practice.');
      const entry = await enqueue(deps.databases.of(active.practiceKey), { ...input, id: crypto.randomUUID() });
      service.kick();
      return entry.id;
    },
    kick(reason) {
      deps.runner.kick(OUTBOX_JOB, reason ?? 'kick');
    },
    resume() {
      deps.store.setState({ pausedForCredentials: false });
      service.kick('user');
    },
  };
  return { service, job };
}
