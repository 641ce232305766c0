import { JobError } from '../jobs/job-error';
import type { Companion } from '../../src-preload/contract/companion';
import { watchConnectivity } from '../connectivity/connectivity-store';
import { createMovementReads, type MovementReads } from '../features/debtors/movement-read';
import { systemClock, type Clock } from '../jobs/clock';
import { createPagePresence, windowPageHost, type PageHost } from '../presence/page-presence';
import { createPresenceSource, type PresenceSource } from '../presence/presence-source';
import { createPdfWorkerHolder, PdfViewer, type PdfWorkerHolder } from '../pdf-viewer/lazy';
import { removeForgottenPractices, type ForgottenPractice } from '../session/forgotten-practices';
import { createPracticeDatabases, type DocumentRequest, type PracticeDatabases } from '../data/practice-db';
import type { JobRunner } from '../jobs/job-runner';
import type { MeetingPackService } from '../meeting-packs/meeting-packs-job';
import type { Notice } from '../notices/notice-store';
import type { OutboxService } from '../outbox/outbox-job';
import type { PracticeService } from '../session/practice-service';
import { SYNC_JOB, watchSyncEvents } from '../sync/sync-job';
import { watchLiveUpdates } from '../sync/live-updates';
import { useAppInfo } from './app-info-store';
import { createRendererJobs } from './renderer-jobs';
import { createDesktopInbox, type DesktopInbox } from './desktop-commands';
import { createErrorReporter, type ErrorReporter } from './error-reporting';
import { missingBridge } from './missing-bridge';
import { whenIdleAfterFirstPaint, type IdleScheduler } from './idle-after-paint';
import { createFirstScreenSignal, type FirstScreenSignal, type FirstScreenTimers } from './first-screen';

export interface RendererServicesDeps {
  /** The bridge to main (`window.companion`), or null when the page was opened without a preload. */
  companion: Companion | null;
  clock?: Clock;
  idle?: IdleScheduler;
  /** Timers of the first-screen fallback (tests drive them). */
  firstScreenTimers?: FirstScreenTimers;
  /** The window's pdf.js worker (default: one started on first use, pdf.js loaded then). */
  pdfWorker?: PdfWorkerHolder;
  /** Loads the viewer's code ahead of the first PDF (default: the lazily loaded viewer's). */
  preloadPdfViewer?: () => Promise<unknown>;
  /** The page whose visibility, focus and input tell where the user is (default: this window's; none in Node). */
  page?: PageHost | null;
}

export interface RendererServices {
  companion: Companion | null;
  databases: PracticeDatabases;
  runner: JobRunner;
  outbox: OutboxService;
  meetingPacks: MeetingPackService;
  practice: PracticeService;
  /** Where the user is (main's view and the page's, combined): the sync's cadence and Settings follow it. */
  presence: PresenceSource;
  /** "Download when online": stores the request and kicks the document-requests job. */
  requestDocument(practiceKey: string, request: DocumentRequest): Promise<void>;
  errors: ErrorReporter;
  desktopInbox: DesktopInbox;
  movementReads: MovementReads;
  /** The one pdf.js worker of the window, shared by every document (the viewer gets it from `<ServicesProvider>`). */
  pdfWorker: PdfWorkerHolder;
  notify(notice: Omit<Notice, 'id'>): void;
  /** The start-up removal of forgotten practices' data, run once per window whoever asks twice (StrictMode). */
  removeForgottenPracticesOnce(confirm: (practices: ForgottenPractice[]) => Promise<boolean>): void;
  /** Marked by the first screen once its content shows; start-up warm-ups wait for it (first-screen.ts). */
  firstScreen: FirstScreenSignal;
  /**
   * Loads the viewer and starts `pdfWorker` once the first screen shows its content and the browser is idle (so
   * the first PDF opens on the warmed worker, and the warm-up does not slow the first rows); returns the cancel.
   */
  warmUpPdfViewer(): () => void;
  /** Error reporting, main's events, the stores' first reads and the background jobs. */
  start(): void;
  /** Ends every subscription, timer and job run. */
  stop(): void;
}

/**
 * The renderer's composition root: every service with its dependencies, built once by main.tsx from
 * the bridge. Stores (zustand) hold state; the services here hold the bridge, the databases, the timers.
 */
export function createRendererServices(deps: RendererServicesDeps): RendererServices {
  const { companion } = deps;
  // Without a bridge the app shows only the "could not reach its main process" callout and starts no job;
  // the services still exist so the tree has one shape, and any use of main says plainly why it fails.
  const bridge = companion ?? missingBridge();
  const databases = createPracticeDatabases();
  const firstScreen = createFirstScreenSignal(deps.firstScreenTimers);
  const errors = createErrorReporter(companion);
  const page = deps.page === undefined ? windowPageHost() : deps.page;
  const presence = createPresenceSource({
    companion,
    page: page ? createPagePresence(page, deps.clock ?? systemClock) : null,
  });
  const jobs = createRendererJobs({
    presence,
    companion: bridge,
    databases,
    onError: (name, error, item) => errors.report('error', new JobError(name, error, item)),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  const pdfWorker = deps.pdfWorker ?? createPdfWorkerHolder();
  const preloadPdfViewer = deps.preloadPdfViewer ?? PdfViewer.preload;

  const stops: (() => void)[] = [];
  let started = false;
  let forgottenCheck: Promise<unknown> | null = null;

  return {
    companion,
    databases,
    runner: jobs.runner,
    outbox: jobs.outbox,
    meetingPacks: jobs.meetingPacks,
    practice: jobs.practice,
    presence,
    requestDocument: jobs.requestDocument,
    errors,
    desktopInbox: createDesktopInbox(companion),
    movementReads: createMovementReads(),
    pdfWorker,
    notify: jobs.notify,
    removeForgottenPracticesOnce(confirm) {
      if (!companion || forgottenCheck) return;
      // Nothing is deleted when the list of practices cannot be read; the next start tries again.
      forgottenCheck = removeForgottenPractices({
        databases,
        knownKeys: async () => {
          const list = await companion.practice.list();
          // A stored practice main could not read may own any database here: delete nothing this time.
          if (!list.complete) throw new Error('Some saved practices could not be read.');
          return list.practices.map((p) => p.practiceKey);
        },
        confirm,
      }).catch(() => undefined);
    },
    firstScreen,
    warmUpPdfViewer() {
      let cancelIdle = (): void => undefined;
      const cancelWait = firstScreen.whenShown(() => {
        cancelIdle = whenIdleAfterFirstPaint(
          () =>
            void preloadPdfViewer()
              .then(() => pdfWorker.prepare())
              .catch(() => undefined),
          deps.idle,
        );
      });
      return () => {
        cancelWait();
        cancelIdle();
      };
    },
    start() {
      if (started) return;
      started = true;
      errors.install();
      if (!companion) return;
      void useAppInfo.getState().load(companion);
      presence.start();
      stops.push(
        () => presence.stop(),
        watchConnectivity(companion),
        watchSyncEvents({ companion, databases, notify: jobs.notify }),
        watchLiveUpdates({ companion, databases, syncLists: (lists) => jobs.practice.syncLists(lists) }),
        jobs.start(),
      );
      // The first sync once the list of practices is read (then the sync schedule, from where the user is, and reconnects).
      void jobs.practice
        .refresh()
        .then(() => jobs.runner.kick(SYNC_JOB, 'start'))
        .catch(() => undefined);
    },
    stop() {
      for (const off of stops.splice(0)) off();
    },
  };
}
