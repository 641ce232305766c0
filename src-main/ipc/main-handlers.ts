import type { createClientFacing } from '../client-facing/client-facing-service';
import type { createActivityTracker } from '../activity/activity-tracker';
import type { createInFlightWork } from '../activity/in-flight';
import type { createPresenceMonitor } from '../activity/presence-monitor';
import type { AppInfo } from '../../src-preload/contract/app-info';
import type { readManagedPolicy } from '../policy/managed-policy';
import type { createConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { createDocumentService } from '../documents/document-service';
import type { createDocumentStorage } from '../documents/document-storage';
import type { createLoggingHandlers } from '../logging/desktop-logging';
import type { OutboxExecutor } from '../outbox/outbox-executor';
import type { createPracticeReader } from '../practice-reads/practice-reader';
import type { PracticeSession } from '../practice-session/practice-session';
import { proposalAcceptedNotification } from '../os-integration/notifications';
import type { createThemeStore } from '../os-integration/theme-store';
import type { createProxyLogin } from '../proxy-login/proxy-login';
import type { createUpdatePolicy } from '../updates/update-policy';
import type { Cancellations } from './cancellations';
import type { Handlers } from './registry';

type Answer<M extends keyof Handlers> = Awaited<ReturnType<Handlers[M]>>;

/** What main's services the bridge's methods call: built by createMainServices, in compose.ts. */
export interface MainHandlerParts {
  describeApp: () => AppInfo;
  policy: ReturnType<typeof readManagedPolicy>;
  regionHosts: Answer<'desktop.regionHosts'>;
  connectivity: ReturnType<typeof createConnectivityMonitor>;
  /** The practices on this laptop, once the vault has been read (a failed read is tried again). */
  listPractices: () => Promise<Answer<'practice.list'>>;
  session: PracticeSession;
  clientFacing: ReturnType<typeof createClientFacing>;
  reader: ReturnType<typeof createPracticeReader>;
  cancellations: Cancellations;
  /** A call that may have spent the budget: the window hears of it when it ends. */
  spending: <T>(task: Promise<T>) => Promise<T>;
  outbox: Pick<OutboxExecutor, 'send' | 'verify'>;
  inFlight: ReturnType<typeof createInFlightWork>;
  documents: ReturnType<typeof createDocumentService>;
  passphraseHandlers: ReturnType<typeof createDocumentStorage>['passphraseHandlers'];
  updates: ReturnType<typeof createUpdatePolicy>;
  activity: ReturnType<typeof createActivityTracker>;
  logging: ReturnType<typeof createLoggingHandlers>;
  proxyLogin: ReturnType<typeof createProxyLogin>;
  theme: ReturnType<typeof createThemeStore>;
  presence: ReturnType<typeof createPresenceMonitor>;
  /** Who shows a client's accepted proposal as an OS notification (Electron's glue). */
  proposalNews: ReadonlySet<(note: { title: string; body: string; entityKey: string }) => void>;
}

/**
 * Every method of the bridge, each a line onto main's services: the compiler insists on one handler per
 * method of the contract (Handlers, registry.ts), with its input and output types.
 */
export function createMainHandlers(parts: MainHandlerParts): Handlers {
  const {
    policy,
    regionHosts,
    connectivity,
    session,
    clientFacing,
    reader,
    cancellations,
    spending,
    outbox,
    inFlight,
    documents,
    passphraseHandlers,
    updates,
    activity,
    logging,
    proxyLogin,
    theme,
    presence,
    proposalNews,
  } = parts;
  return {
    'app.info': () => parts.describeApp(),
    'app.policy': () => policy,
    'connectivity.status': () => connectivity.check(),
    'practice.list': () => parts.listPractices(),
    'practice.connect': (input) => session.connect(input),
    'practice.connectDemo': ({ region }) => session.connectDemo(region),
    'practice.connectHub': (input) => session.connectThroughHub(input),
    'practice.addOwnCredentials': (input) => session.addOwnCredentials(input),
    'practice.removeOwnCredentials': ({ practiceKey }) => session.removeOwnCredentials(practiceKey),
    'practice.signOut': async ({ practiceKey }) => {
      const result = await session.signOut(practiceKey);
      // Its client-view PINs go with it: joining it, or another practice, again asks for a new one.
      clientFacing.forgetPractice(practiceKey);
      return result;
    },
    'practice.budget': ({ practiceKey, estimateRequests }) => session.budgetStatus(practiceKey, estimateRequests),
    'practice.read': (input) => spending(cancellations.run(input.cancelId, (signal) => reader.read(input, signal))),
    'practice.cancel': ({ cancelId }) => ({ cancelled: cancellations.cancel(cancelId) }),
    'sync.start': ({ practiceKey, cursors, round, lists }) => ({
      started: session.startSync(practiceKey, cursors, round, lists),
    }),
    'sync.stop': ({ practiceKey }) => ({ stopped: session.stopSync(practiceKey) }),
    'sync.ack': ({ pageId, ok, error }) => ({ accepted: session.acknowledge(pageId, ok, error) }),
    'sync.liveStatus': () => session.liveStatus(),
    'outbox.send': (input) => inFlight.track('send', () => spending(outbox.send(input))),
    'outbox.verify': (input) => outbox.verify(input),
    'documents.open': (input) =>
      inFlight.track('download', () =>
        spending(cancellations.run(input.cancelId, (signal) => documents.open(input, signal))),
      ),
    'documents.fetch': (input) =>
      inFlight.track('download', () =>
        spending(cancellations.run(input.cancelId, (signal) => documents.fetch(input, signal))),
      ),
    'documents.list': ({ practiceKey }) => documents.list(practiceKey),
    'documents.unpin': ({ practiceKey, packId }) => documents.unpin(practiceKey, packId),
    'documents.showInSystemViewer': (input) => documents.showInSystemViewer(input),
    'documents.saveCopy': (input) => documents.saveCopy(input),
    'documents.passphraseStatus': () => passphraseHandlers.status(),
    'documents.enterPassphrase': ({ passphrase }) => passphraseHandlers.enter(passphrase),
    'documents.changePassphrase': ({ current, next }) => passphraseHandlers.change(current, next),
    'documents.forgetPassphrase': () => passphraseHandlers.forget(),
    // The desktop layer: updates, the window's activity, logs and diagnostics, appearance, regional hosts.
    'desktop.updateStatus': () => updates.status(),
    'desktop.restartToUpdate': () => updates.restartToUpdate(),
    'desktop.reportActivity': (report) => (activity.report(report), { accepted: true }),
    'desktop.logError': (report) => logging.logError(report),
    'desktop.diagnostics': () => logging.diagnostics(),
    'desktop.openLogsFolder': () => logging.openLogsFolder(),
    'desktop.saveSupportBundle': () => logging.saveSupportBundle(),
    'desktop.answerProxyLogin': (input) => proxyLogin.answer(input),
    'desktop.theme': () => theme.current(),
    'desktop.setTheme': ({ choice }) => theme.set(choice),
    'desktop.regionHosts': () => regionHosts,
    'desktop.presence': () => ({ presence: presence.current() }),
    'desktop.proposalAccepted': (report) => {
      if (!session.isActive(report.practiceKey)) return { shown: false };
      const note = proposalAcceptedNotification(report, clientFacing.status().active);
      if (!note) return { shown: false };
      for (const listener of proposalNews) listener({ ...note, entityKey: report.entityKey });
      return { shown: proposalNews.size > 0 };
    },
    'clientFacing.status': ({ owner }) => clientFacing.status(owner),
    'clientFacing.enter': (input) => clientFacing.enter(input),
    'clientFacing.exit': ({ pin }) => clientFacing.exit(pin),
    'clientFacing.changePin': ({ owner, current, next }) => clientFacing.changePin(owner, current, next),
  };
}
