import { z } from 'zod';
import type { Companion } from '../../src-preload/contract/companion';
import type { Clock } from '../jobs/clock';
import type { JobItemRef } from '../jobs/job-error';
import { runItemQueue, type ItemOutcome, type ItemQueueDefinition } from '../jobs/item-queue';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { Notice } from '../stores/notice-store';
import type { PracticeDatabases, PracticeDb } from '../data/practice-db';
import { DOCUMENT_REQUESTS_JOB } from './document-request';
import type { MeetingPackStore } from '../stores/meeting-pack-store';
import type { PackEstimate } from './pack-runner';
import { describeFailure } from '../ui/words/describe-failure';

/**
 * The pack runner (plans, reads, document fetches) loads on first use, not with the window: nothing of it
 * is needed before the first paint, and the start-up JavaScript has a size limit.
 */
const loadPackRunner = () => import('./pack-runner');

export const MEETING_PACKS_JOB = 'meeting-packs';

export interface MeetingPackService {
  /**
   * Marks a client as needed offline and starts fetching when online. `shown`: the estimate the user saw,
   * kept as the pack's estimate.
   */
  prepare(entity: { entityKey: string; fullEntityName: string }, shown?: PackEstimate): Promise<void>;
  /** Removes a pack: its documents are unpinned (and may be evicted later); the data stays. */
  remove(packId: string): Promise<void>;
  retry(packId: string): Promise<void>;
}

export interface MeetingPackDeps {
  companion: Companion;
  databases: PracticeDatabases;
  runner: Pick<JobRunner, 'kick' | 'idle' | 'wakeAt'>;
  /** The pack being fetched, for the screens and the OS integration. */
  store: MeetingPackStore;
  activePracticeKey(): string | null;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
  /** A pack's run threw, or a stored pack did not parse: for main's log, with its stack. */
  report(error: unknown, item: JobItemRef): void;
  now?: () => Date;
  clock?: Pick<Clock, 'now'>;
}

/** A pack whose run failed unexpectedly is run again after 1 min, 2 min, 4 min …, at most this many times. */
export const PACK_RUN_ATTEMPTS = 4;
const PACK_RUN_BACKOFF = { firstMs: 60_000, maxMs: 15 * 60_000 };

/** A stored pack as the queue reads it: what it needs to pick and order packs (the runner reads the rest). */
const storedPackSchema = z.object({
  packId: z.string().min(1).max(64),
  entityKey: z.uuid(),
  entityName: z.string().max(1000),
  createdAt: z.string().max(40),
  state: z.enum(['sizing', 'fetching', 'complete', 'incomplete', 'waiting-for-connection']),
  runAttempts: z.number().int().min(0).optional(),
  nextRunAt: z.string().max(40).nullable().optional(),
  lastRunError: z.string().max(2000).nullable().optional(),
});
type StoredPack = z.infer<typeof storedPackSchema>;

const couldNotFetch = 'A meeting pack could not be fetched';

/** Every unfinished pack of the practice as an item of a table-backed queue (jobs/item-queue.ts). */
function packQueue(
  deps: MeetingPackDeps,
  db: PracticeDb,
  practiceKey: string,
  now: () => Date,
): ItemQueueDefinition<StoredPack> {
  return {
    schema: storedPackSchema,
    idOf: (pack) => pack.packId,
    keyOf: (pack) => pack.entityKey,
    pending: (pack) => pack.state === 'fetching' || pack.state === 'waiting-for-connection',
    stateOf: (pack) => ({
      attempts: pack.runAttempts ?? 0,
      nextTryAt: pack.nextRunAt ?? null,
      lastError: pack.lastRunError ?? null,
    }),
    maxAttempts: PACK_RUN_ATTEMPTS,
    backoff: PACK_RUN_BACKOFF,
    async run(pack, { signal }): Promise<ItemOutcome> {
      if (!deps.online()) return { kind: 'stop' };
      deps.store.setState({ runningPackId: pack.packId });
      const { runPack } = await loadPackRunner();
      const done = await runPack(
        { companion: deps.companion, db, practiceKey, priority: 'prefetch', now },
        pack.packId,
        { signal, online: deps.online },
      );
      if (signal.aborted || done?.state === 'waiting-for-connection') return { kind: 'stop' };
      if (done?.state === 'complete')
        deps.notify({
          tone: 'info',
          title: `${done.entityName} is ready for the meeting`,
          detail: 'Everything for this client is on this laptop now.',
        });
      if (done?.state === 'incomplete')
        deps.notify({
          tone: 'error',
          title: `Some of ${done.entityName}'s pack is missing`,
          detail: 'Open the client to see what could not be fetched and why.',
        });
      if (done && pack.runAttempts) await db.meetingPacks.update(pack.packId, { runAttempts: 0, nextRunAt: null });
      return { kind: 'done' };
    },
    saveState: async (pack, state) =>
      void (await db.meetingPacks.update(pack.packId, {
        runAttempts: state.attempts,
        nextRunAt: state.nextTryAt,
        lastRunError: state.lastError,
      })),
    async gaveUp(pack, message) {
      // Left for "Retry what failed": its items still say what is missing.
      await db.meetingPacks.update(pack.packId, { state: 'incomplete', lastRunError: message, nextRunAt: null });
      deps.notify({ tone: 'error', title: couldNotFetch, detail: message });
    },
    describeError: describeFailure,
    removeUnreadable: async (raw) => {
      const packId = (raw as { packId?: unknown }).packId;
      if (typeof packId === 'string') await db.meetingPacks.delete(packId);
    },
  };
}

/**
 * Meeting packs as a background job (every unfinished pack of the active practice, one after another) and
 * the service the client screen uses. Kicked on start, a reconnect, a practice change, and by `prepare` and
 * `retry`. "Download when online" documents go first: a run waits until the document-requests job is idle
 * (that job has the same triggers and is registered first, so on a reconnect it is already running).
 */
export function createMeetingPacks(deps: MeetingPackDeps): { service: MeetingPackService; job: JobDefinition } {
  const now = deps.now ?? (() => new Date());
  const clock = deps.clock ?? { now: () => now().getTime() };
  const job: JobDefinition = {
    name: MEETING_PACKS_JOB,
    async run({ signal, practiceKey }) {
      await deps.runner.idle(DOCUMENT_REQUESTS_JOB);
      if (signal.aborted || !deps.online()) return;
      const db = deps.databases.of(practiceKey);
      // Oldest first; a pack prepared during this run kicks the job, and the runner folds that into one more run.
      const rows = (await db.meetingPacks.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      try {
        await runItemQueue(packQueue(deps, db, practiceKey, now), {
          signal,
          clock,
          rows,
          wakeAt: (epochMs) => deps.runner.wakeAt(MEETING_PACKS_JOB, epochMs),
          report: (error, item) => deps.report(error, item),
        });
      } finally {
        deps.store.setState({ runningPackId: null });
      }
    },
  };

  const service: MeetingPackService = {
    async prepare(entity, shown) {
      const practiceKey = deps.activePracticeKey();
      if (!practiceKey) throw new Error('Connect a practice first.');
      const { createPack } = await loadPackRunner();
      await createPack(deps.databases.of(practiceKey), entity, now(), shown);
      deps.runner.kick(MEETING_PACKS_JOB);
    },
    async remove(packId) {
      const practiceKey = deps.activePracticeKey();
      if (!practiceKey) return;
      await deps.databases.of(practiceKey).meetingPacks.delete(packId);
      await deps.companion.documents.unpin({ practiceKey, packId });
    },
    async retry(packId) {
      const practiceKey = deps.activePracticeKey();
      if (!practiceKey) return;
      const { retryFailed } = await loadPackRunner();
      await retryFailed(deps.databases.of(practiceKey), packId);
      deps.runner.kick(MEETING_PACKS_JOB);
    },
  };
  return { service, job };
}
