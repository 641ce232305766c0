import type { Companion } from '../../src-preload/contract/companion';
import { watchConnectivity } from '../connectivity/connectivity-store';
import { createMovementReads } from '../features/debtors/movement-read';
import { systemClock, type Clock } from '../jobs/clock';
import { createPagePresence, windowPageHost, type PageHost } from '../presence/page-presence';
import { createPresenceSource } from '../presence/presence-source';
import { createPdfWorkerHolder, PdfViewer, type PdfWorkerHolder } from '../pdf-viewer/lazy';
import { removeForgottenPractices } from '../session/forgotten-practices';
import { createPracticeDatabases } from '../data/practice-db';
import type { RendererServices } from '../context/renderer-root';
import { SYNC_JOB, watchSyncEvents } from '../sync/sync-job';
import { watchLiveUpdates } from '../sync/live-updates';
import { useAppInfo } from '../desktop/app-info-store';
import { createRendererJobs } from './renderer-jobs';
import { createDesktopInbox } from '../desktop/desktop-commands';
import { failureDiagnostics } from '../ui/words/describe-failure';
import { createErrorReporter } from '../desktop/error-reporting';
import { missingBridge } from './missing-bridge';
import { whenIdleAfterFirstPaint, type IdleScheduler } from '../desktop/idle-after-paint';
import { createFirstScreenSignal, type FirstScreenTimers } from '../desktop/first-screen';

export type { RendererServices };

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
    onError: (name, error) =>
      errors.report('error', new Error(`Background job ${name}: ${failureDiagnostics(error)}`, { cause: error })),
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
