import { JobError } from '../jobs/job-error';
import type { Companion } from '../../src-preload/contract/companion';
import { watchConnectivity } from '../connectivity/connectivity-bridge';
import { createSharedReads } from '../data/shared-reads';
import { systemClock, type Clock } from '../jobs/clock';
import { createPagePresence, windowPageHost, type PageHost } from '../presence/page-presence';
import { createPresenceSource } from '../presence/presence-source';
import { createPdfWorkerHolder, warmUpPdfViewer, type PdfWorkerHolder } from '../pdf-viewer/lazy';
import { removeForgottenPractices } from '../session/forgotten-practices';
import { createPracticeDatabases } from '../data/practice-db';
import { createWindowFirstPagePrefetch, type FirstPagePrefetch } from '../data/first-page';
import type { RendererServices } from '../context/renderer-root';
import { createRendererStores, type RendererStores } from '../stores/renderer-stores';
import { watchClientFacing } from '../client-facing/client-facing-bridge';
import { requestPersistentStorage } from '../desktop/persistent-storage';
import { watchTheme } from '../desktop/theme-bridge';
import { watchUpdates } from '../updates/update-bridge';
import { watchActivity } from './report-activity';
import { SYNC_JOB } from '../sync/sync-job';
import { watchSyncEvents } from '../sync/sync-events';
import { watchLiveUpdates } from '../sync/live-updates';
import { createRendererJobs } from './renderer-jobs';
import { browserDeps, createDesktopInbox, handleDesktopMessages } from '../desktop/desktop-commands';
import { createErrorReporter } from '../desktop/error-reporting';
import { missingBridge } from './missing-bridge';
import { whenIdleAfterFirstPaint, type IdleScheduler } from '../desktop/idle-after-paint';
import { createFirstScreenSignal, type FirstScreenTimers } from '../desktop/first-screen';
import { loadAppInfo } from '../desktop/app-info-bridge';

export type { RendererServices };

export interface RendererServicesDeps {
  /** The bridge to main (`window.companion`), or null when the page was opened without a preload. */
  companion: Companion | null;
  /** The window's stores (default: a fresh set; a test may hand in its own to read them). */
  stores?: RendererStores;
  clock?: Clock;
  idle?: IdleScheduler;
  /** Timers of the first-screen fallback (tests drive them). */
  firstScreenTimers?: FirstScreenTimers;
  /** The window's pdf.js worker (default: one started on first use, pdf.js loaded then). */
  pdfWorker?: PdfWorkerHolder;
  /** Readies the viewer and `pdfWorker` ahead of the first PDF (default: the viewer's own warm-up, loaded lazily). */
  warmUpPdf?: (pdfWorker: PdfWorkerHolder) => Promise<unknown>;
  /** The page whose visibility, focus and input tell where the user is (default: this window's; none in Node). */
  page?: PageHost | null;
  /** The client list's first-page prefetch, if the page started one before the root (first-page-early.ts). */
  firstPage?: FirstPagePrefetch;
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
  const firstPage = deps.firstPage ?? createWindowFirstPagePrefetch();
  const stores = deps.stores ?? createRendererStores();
  const firstScreen = createFirstScreenSignal(deps.firstScreenTimers);
  const errors = createErrorReporter(companion, (notice) => stores.notices.getState().push(notice));
  const page = deps.page === undefined ? windowPageHost() : deps.page;
  const presence = createPresenceSource({
    companion,
    page: page ? createPagePresence(page, deps.clock ?? systemClock) : null,
  });
  const jobs = createRendererJobs({
    presence,
    companion: bridge,
    databases,
    stores,
    onError: (name, error, item) => errors.report('error', new JobError(name, error, item)),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  const pdfWorker = deps.pdfWorker ?? createPdfWorkerHolder();
  const warmUpPdf = deps.warmUpPdf ?? warmUpPdfViewer;

  const stops: (() => void)[] = [];
  let started = false;
  let stopped = false;
  let forgottenCheck: Promise<unknown> | null = null;

  const services: RendererServices = {
    companion,
    stores,
    databases,
    firstPage,
    runner: jobs.runner,
    outbox: jobs.outbox,
    meetingPacks: jobs.meetingPacks,
    practice: jobs.practice,
    presence,
    requestDocument: jobs.requestDocument,
    errors,
    desktopInbox: createDesktopInbox(companion),
    sharedReads: createSharedReads(),
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
        cancelIdle = whenIdleAfterFirstPaint(() => void warmUpPdf(pdfWorker).catch(() => undefined), deps.idle);
      });
      return () => {
        cancelWait();
        cancelIdle();
      };
    },
    start(options = {}) {
      if (started) return;
      started = true;
      errors.install();
      // Asked every start, with or without main: Settings says whether the engine promised to keep the data.
      void requestPersistentStorage(stores.persistentStorage);
      if (!companion) return;
      // The list's first page is read from the database while main answers which practice is shown (if the page
      // has not started that read already, see first-page-early.ts).
      firstPage.start();
      // Main holds client-facing mode: asked first, so a reload or restart in it comes back on the same client.
      watchClientFacing(companion, stores.clientFacing);
      // Then which practice is shown: the first screen waits for both, and everything below can wait for them.
      const listed = jobs.practice.refresh();
      stops.push(
        stores.practice.subscribe((s) => s.loaded && firstPage.remember(s.activePracticeKey)),
        jobs.watchBudget(),
        // The list took its page before it marked the first screen; any page left is for a screen not shown yet.
        firstScreen.whenShown(() => firstPage.discard()),
      );
      void loadAppInfo(companion, stores.appInfo, jobs.notify);
      presence.start();
      stops.push(
        () => presence.stop(),
        watchConnectivity(companion, stores.connectivity),
        watchSyncEvents({ companion, databases, practice: stores.practice, notify: jobs.notify }),
        watchLiveUpdates({
          companion,
          databases,
          practice: stores.practice,
          liveStatus: stores.liveStatus,
          syncLists: (lists) => jobs.practice.syncLists(lists),
        }),
        watchTheme(companion, stores.theme),
        watchUpdates(companion, stores.updates),
        // The PDF viewer warms up (worker, code, a tiny document) when the window is idle after its first paint.
        services.warmUpPdfViewer(),
      );
      // The jobs and the activity report open the practice's database with Dexie (which reads and checks its
      // whole schema) and run the first sync, and the jobs load their code (with the contract's schemas, see
      // deferred-jobs.ts): they start once the first screen shows its content, so none of it comes before the
      // first rows (the list reads its first page without Dexie, see data/first-page.ts).
      const background: (() => void)[] = [];
      stops.push(
        firstScreen.whenShown(() => {
          background.push(
            // The badge, notifications and the updater's "not mid-send" follow what the window reports.
            watchActivity(companion, databases, stores),
            jobs.start(),
          );
          // The first sync once the list of practices is read (then the sync schedule, from where the user is, and reconnects).
          void listed.then(() => !stopped && jobs.runner.kick(SYNC_JOB, 'start')).catch(() => undefined);
        }),
        () => background.splice(0).forEach((off) => off()),
      );
      // Menu commands and deep links act on the window once it can navigate (the inbox keeps them until then).
      if (options.router)
        stops.push(
          handleDesktopMessages(services.desktopInbox, browserDeps({ ...services, companion }, options.router)),
        );
    },
    stop() {
      stopped = true;
      for (const off of stops.splice(0)) off();
    },
  };
  return services;
}
