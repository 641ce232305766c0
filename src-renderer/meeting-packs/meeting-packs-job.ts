import type { Companion } from '../../src-preload/contract/companion';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { Notice } from '../notices/notice-store';
import type { PracticeDatabases } from '../data/practice-db';
import { DOCUMENT_REQUESTS_JOB } from './document-requests-job';
import type { PackEstimate } from './pack-runner';
import { describeFailure } from '../ui/words/describe-failure';
import type { MeetingPackStore } from './meeting-pack-store';

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
  runner: Pick<JobRunner, 'kick' | 'idle'>;
  /** The pack being fetched, for the screens and the OS integration. */
  store: MeetingPackStore;
  activePracticeKey(): string | null;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
  now?: () => Date;
}

/**
 * Meeting packs as a background job (every unfinished pack of the active practice, one after another) and
 * the service the client screen uses. Kicked on start, a reconnect, a practice change, and by `prepare` and
 * `retry`. "Download when online" documents go first: a run waits until the document-requests job is idle
 * (that job has the same triggers and is registered first, so on a reconnect it is already running).
 */
export function createMeetingPacks(deps: MeetingPackDeps): { service: MeetingPackService; job: JobDefinition } {
  const now = deps.now ?? (() => new Date());
  const job: JobDefinition = {
    name: MEETING_PACKS_JOB,
    async run({ signal, practiceKey }) {
      await deps.runner.idle(DOCUMENT_REQUESTS_JOB);
      try {
        for (;;) {
          if (signal.aborted || !deps.online()) return;
          const db = deps.databases.of(practiceKey);
          const next = (await db.meetingPacks.toArray()).find(
            (p) => p.state === 'fetching' || p.state === 'waiting-for-connection',
          );
          if (!next || signal.aborted) return;
          deps.store.setState({ runningPackId: next.packId });
          const { runPack } = await loadPackRunner();
          const done = await runPack(
            { companion: deps.companion, db, practiceKey, priority: 'prefetch', now },
            next.packId,
            { signal, online: deps.online },
          );
          if (signal.aborted || done?.state === 'waiting-for-connection') return;
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
        }
      } catch (error) {
        if (!signal.aborted)
          deps.notify({ tone: 'error', title: 'A meeting pack could not be fetched', detail: describeFailure(error) });
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
