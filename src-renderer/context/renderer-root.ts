import type { Companion } from '../../src-preload/contract/companion';
import type { FirstPagePrefetch } from '../data/first-page';
import type { DocumentRequest, PracticeDatabases } from '../data/practice-db';
import type { DesktopInbox, WindowRouter } from '../desktop/desktop-commands';
import type { ErrorReporter } from '../desktop/error-reporting';
import type { FirstScreenSignal } from '../desktop/first-screen';
import type { JobRunner } from '../jobs/job-runner';
import type { MeetingPackService } from '../meeting-packs/meeting-packs-job';
import type { Notice } from '../stores/notice-store';
import type { OutboxService } from '../outbox/outbox-job';
import type { PdfWorkerHolder } from '../pdf-viewer/lazy';
import type { SharedReads } from '../data/shared-reads';
import type { PresenceSource } from '../presence/presence-source';
import type { ForgottenPractice } from '../session/forgotten-practices';
import type { PracticeService } from '../session/practice-service';
import type { RendererStores } from '../stores/renderer-stores';

/**
 * What the renderer's composition root (`app/renderer-services.ts`) hands to React through `<ServicesProvider>`.
 * Declared here, below the app, so the context and the hooks name it without importing the root.
 */
export interface RendererServices {
  companion: Companion | null;
  /** The window's stores (state only), built with the root. */
  stores: RendererStores;
  databases: PracticeDatabases;
  /** The client list's first page, read at start while main is still answering which practice is shown. */
  firstPage: FirstPagePrefetch;
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
  /** Reads from the practice in flight, shared by key (the debtors' movement per practice and period). */
  sharedReads: SharedReads;
  /** The one pdf.js worker of the window, shared by every document (the viewer gets it from `<ServicesProvider>`). */
  pdfWorker: PdfWorkerHolder;
  notify(notice: Omit<Notice, 'id'>): void;
  /** The start-up removal of forgotten practices' data, run once per window whoever asks twice (StrictMode). */
  removeForgottenPracticesOnce(confirm: (practices: ForgottenPractice[]) => Promise<boolean>): void;
  /** Marked by the first screen once its content shows; start-up warm-ups wait for it (first-screen.ts). */
  firstScreen: FirstScreenSignal;
  /**
   * Warms the PDF viewer up (its code, `pdfWorker`, a tiny built-in document) once the first screen shows its
   * content and the browser is idle (so the first PDF opens as fast as later ones, and the warm-up does not slow
   * the first rows); returns the cancel.
   */
  warmUpPdfViewer(): () => void;
  /**
   * Everything that works in the background starts here: error reporting, main's events, the stores' first
   * reads, the OS integration (activity, theme, updates, client-facing mode), the pdf.js warm-up, the jobs,
   * and, given the window's router, menu commands and deep links.
   */
  start(options?: { router?: WindowRouter }): void;
  /** Ends every subscription, timer and job run. */
  stop(): void;
}
