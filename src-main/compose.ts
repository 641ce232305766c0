import { writeFile } from 'node:fs/promises';
import { createClientFacing } from './client-facing/client-facing-service';
import { createActivityTracker } from './activity/activity-tracker';
import { createInFlightWork } from './activity/in-flight';
import { createPresenceMonitor } from './activity/presence-monitor';
import { describeApp, type AppPaths, type RuntimeFacts } from './app-info/app-info';
import type { Cipher } from './cipher/cipher';
import type { Clock } from './clock';
import { createConnectivityMonitor } from './connectivity/connectivity-monitor';
import { createPracticeProbe, looksLikePracticeAnswer } from './connectivity/practice-probe';
import { createDocumentService } from './documents/document-service';
import { createDocumentStorage } from './documents/document-storage';
import { removeForgottenPracticeFolders } from './documents/forgotten-practice-folders';
import { removePlainLeftovers } from './documents/plain-leftovers';
import { createEventHub } from './ipc/event-hub';
import { createLoggingHandlers } from './logging/desktop-logging';
import { createMemoryLogger, type DiagnosticLogger } from './logging/logger';
import type { Handlers } from './ipc/registry';
import { createOutboxExecutor } from './outbox/outbox-executor';
import { createHubHints, withHubHints } from './practice-session/hub-hints';
import { createPracticeReader } from './practice-reads/practice-reader';
import { createCancellations } from './ipc/cancellations';
import { createBudgetEvents } from './practice-session/budget-events';
import { createPracticeSession, type DemoHandle, type PracticeSessionDeps } from './practice-session/practice-session';
import { EDGE_GUARD_MS } from './request-budget/budget-ledger';
import { createBudgetRegistry } from './request-budget/budget-registry';
import { createSettingsBudgetStore } from './request-budget/budget-store';
import { realTimer, type BudgetTimer } from './request-budget/budget-timer';
import type { BudgetLimits } from './request-budget/request-budget';
import type { SettingsStore } from './settings/settings-store';
import { createCredentialVault } from './vault/credential-vault';
import { createUpdatePolicy, realUpdateTimer, type UpdateSource, type UpdateTimer } from './updates/update-policy';
import { createThemeStore, type ThemeHost } from './os-integration/theme-store';
import { proposalAcceptedNotification } from './os-integration/notifications';
import { loadRegionalHosts } from './regions/regional-hosts';
import builtInRegionHosts from '../resources/regions.json';
import { readManagedPolicy, type RawPolicy } from './policy/managed-policy';
import { createProxyLogin } from './proxy-login/proxy-login';
import type { HubPins } from './security/hub-pins';

/**
 * Everything main needs from its host. Electron's entry passes Electron's pieces (net.fetch,
 * safeStorage, electron-store, app.getPath); the browser preview and the tests pass Node's.
 */
export interface MainDeps {
  runtime: RuntimeFacts;
  paths: AppPaths & { cache: string };
  settings: SettingsStore;
  /** Consumed by the vault; injected now so no service ever reaches for safeStorage itself. */
  cipher: Cipher;
  /** Consumed by the Partner API client; Electron passes net.fetch so proxies and the OS CA store apply. */
  fetch: typeof globalThis.fetch;
  /**
   * For the writes the Partner API client will not resend: Electron passes a dedicated session's fetch that
   * opens a fresh connection for each, which Chromium never resends (src-main/electron/write-session.ts).
   * Absent (Node: the preview, the tests): `fetch`, since Node's fetch (undici) never resends such a request.
   */
  fetchForWrite?: typeof globalThis.fetch;
  /**
   * The hub certificate pins the host's `fetch` honours (Electron: the sessions' certificate check; Node: the
   * pinned transport of src-main/browser-preview/pinned-node-fetch.ts). Main fills them from the enrolment
   * codes; absent, a self-signed hub is refused like any certificate the system does not trust.
   */
  hubPins?: HubPins;
  clock: Clock;
  /** Link state only (Electron: net.isOnline; preview: its network switch); reachability of the practice is main's own probe. */
  linkUp: () => Promise<boolean>;
  connectivityIntervalMs?: number;
  /** Starts the embedded demo practice ("Explore the demo practice"). */
  startDemo: () => Promise<DemoHandle>;
  /** The request budget's time (virtual in benchmarks); default the real clock. */
  budgetTimer?: BudgetTimer;
  /**
   * Set when budgetTimer runs on real time (a test's timer it can move ahead): sends then still reach the
   * server a little after the budget records them, so the edge guard stays. Default: a given timer is virtual.
   */
  budgetTimerIsReal?: boolean;
  /** The server's limits per Client ID; default the contract's 60/min, 1000/h, 10000/day. */
  budgetLimits?: BudgetLimits;
  /**
   * Hands a file to the OS's default application (Electron: shell.openPath). Resolves to an error
   * message, or '' on success. Main only ever passes a verified cached PDF it located itself.
   */
  openPath: (absolutePath: string) => Promise<string>;
  /**
   * Asks the user where to save a copy of a document (Electron: dialog.showSaveDialog), offering this name;
   * null when they cancel. Absent in the preview, where the page downloads the copy itself.
   */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Writes a file the user chose; default Node's fs.promises.writeFile. */
  writeChosenFile?: (absolutePath: string, bytes: Uint8Array) => Promise<void>;
  /** Where Electron's crashReporter writes minidumps (app.getPath('crashDumps')); absent in the preview. */
  crashDumpsDir?: string;
  /** Size cap of each practice's document cache; default 300 MB. */
  documentCacheCapBytes?: number;
  /** The Partner API clients' timeout and the sleep between their own retries (tests shorten both); default 20 s and real time. */
  apiClient?: PracticeSessionDeps['apiClient'];
  /** The app's updates (Electron: electron-updater over app-update.yml, see src-main/electron/updater.ts); absent: off, as in the preview. */
  updates?: UpdateSource;
  /** The update checks' timer (tests move time themselves); default real, unref'd intervals. */
  updateTimer?: UpdateTimer;
  /** The OS's light/dark theme (Electron: nativeTheme); without it `dark` follows the choice and the renderer asks matchMedia. */
  themeHost?: ThemeHost;
  /**
   * The administrator's policy as this platform keeps it (src-main/policy/policy-sources.ts), read once at start;
   * absent: none (tests, unless they give one).
   */
  policy?: () => RawPolicy;
  /** The process environment, read for PRACTICE_COMPANION_REGIONS_FILE only; default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Main's log (redacted lines; electron-log in the app, a file writer in the preview); default: memory only. */
  log?: DiagnosticLogger;
  /** Seconds since the last input on the system (Electron: powerMonitor); absent in the preview, where the page tells its own. */
  systemIdleSeconds?: () => number;
  systemLocked?: () => boolean;
}

/** The one composition function: builds main's services and the bridge handlers over them. */
export function createMainServices(deps: MainDeps) {
  const log = deps.log ?? createMemoryLogger();
  const events = createEventHub();
  const probeAddress = createPracticeProbe({
    fetch: deps.fetch,
    baseUrl: () => session.activeBaseUrl(),
    timeoutMs: 5_000,
  });
  const connectivity = createConnectivityMonitor({
    linkUp: deps.linkUp,
    // Through the host's fetch (net.fetch in Electron, so proxies apply), not the reporting wrapper below.
    probePractice: async () => {
      const result = await probeAddress();
      if (result === 'no-practice') return result;
      // A practice read through the hub, with the hub away long enough: reachable if the practice itself answers.
      return (await session.probed(result === 'answered')) ? 'answered' : result;
    },
    clock: deps.clock,
    intervalMs: deps.connectivityIntervalMs ?? 15_000,
    onChange: (state) => events.emit('connectivity.changed', state),
  });

  // Persisted in the settings file, so a restart cannot forget what was spent this hour or day.
  const budgets = createBudgetRegistry({
    timer: deps.budgetTimer ?? realTimer,
    store: createSettingsBudgetStore(deps.settings),
    ...(deps.budgetLimits ? { limits: deps.budgetLimits } : {}),
    // On the real clock, sends reach the server a little after the budget records them; virtual time has no such lag.
    edgeGuardMs: deps.budgetTimer && !deps.budgetTimerIsReal ? 0 : EDGE_GUARD_MS,
  });

  // A request that cannot reach the host, or is answered by something else (a captive portal's page),
  // makes main re-check connectivity at once (the probe decides); the practice's own answer is proof
  // it is reachable. Only headers are looked at, so this costs nothing per request.
  const reportingFailures =
    (send: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init) => {
      let response: Response;
      try {
        response = await send(input, init);
      } catch (error) {
        if (!init?.signal?.aborted) connectivity.reportFailure();
        throw error;
      }
      if (looksLikePracticeAnswer(response)) connectivity.reportAnswer();
      else connectivity.reportFailure();
      return response;
    };

  // The administrator's policy, read once at start: obeyed below (documents, hosts, the hub, updates, the PIN) and shown in
  // Settings as set by the administrator; a policy that does not validate is ignored and said.
  const policy = readManagedPolicy(deps.policy?.() ?? { found: false });
  if (policy.problem) log.warn(policy.problem);
  const managed = policy.managed;

  const documentStorage = createDocumentStorage({
    cacheRoot: deps.paths.cache,
    settings: deps.settings,
    cipher: deps.cipher,
    clock: deps.clock,
    ...(deps.documentCacheCapBytes !== undefined ? { capBytes: deps.documentCacheCapBytes } : {}),
    ...(managed.offlineDocuments === false ? { keepAtRest: false } : {}),
  });
  const { viewerCopies, passphraseHandlers, caches: documentCaches, keys: documentKeys } = documentStorage;

  // Read once at start: a session's hosts do not change under it; a bad administrator file is reported in Settings.
  const builtIn = { ANZ: builtInRegionHosts.ANZ, UK: builtInRegionHosts.UK, ZA: builtInRegionHosts.ZA };
  const loadedHosts = loadRegionalHosts({
    builtIn,
    userDataDir: deps.paths.userData,
    env: deps.env ?? {},
  });
  // The policy's hosts win over regions.json's: IT's machine-wide choice over a file in one user's folder.
  const regionHosts = {
    ...loadedHosts,
    hosts: {
      ANZ: managed.regionHosts?.ANZ ?? loadedHosts.hosts.ANZ,
      UK: managed.regionHosts?.UK ?? loadedHosts.hosts.UK,
      ZA: managed.regionHosts?.ZA ?? loadedHosts.hosts.ZA,
    },
  };

  const session = createPracticeSession({
    vault: createCredentialVault({ settings: deps.settings, cipher: deps.cipher }),
    fetch: reportingFailures(deps.fetch),
    ...(deps.fetchForWrite ? { fetchForWrite: reportingFailures(deps.fetchForWrite) } : {}),
    budgetFor: budgets.forClient,
    forgetBudget: budgets.forget,
    clock: deps.clock,
    events,
    regionHosts: { ANZ: regionHosts.hosts.ANZ, UK: regionHosts.hosts.UK, ZA: regionHosts.hosts.ZA },
    builtInRegionHosts: builtIn,
    startDemo: deps.startDemo,
    newId: () => crypto.randomUUID(),
    wipeDocuments: (practiceKey) => documentCaches.wipe(practiceKey),
    ...(deps.apiClient ? { apiClient: deps.apiClient } : {}),
    ...(deps.hubPins ? { hubPins: deps.hubPins } : {}),
    managed,
    log,
  });

  const documents = createDocumentService({
    caches: documentCaches,
    isActive: (practiceKey) => session.isActive(practiceKey),
    targetFor: (practiceKey) => session.readTarget(practiceKey),
    isOffline: () => !connectivity.current().online,
    openPath: deps.openPath,
    viewerCopies,
    ...(deps.chooseSavePath ? { chooseSavePath: deps.chooseSavePath } : {}),
    ...(deps.writeChosenFile ? { writeChosenFile: deps.writeChosenFile } : {}),
  });

  // On-demand reads go where the practice is read from: the hub for a practice read through it.
  const reader = createPracticeReader({ targetFor: (practiceKey) => session.readTarget(practiceKey) });
  // Reads and downloads the window may cancel (practice.cancel): their signal reaches the API client.
  const cancellations = createCancellations();
  // The active practice's budget, pushed to the window when it changes (no screen asks every few seconds).
  const budgetEvents = createBudgetEvents({
    activeKey: () => session.activeKey(),
    status: (practiceKey, estimateRequests) => session.budgetStatus(practiceKey, estimateRequests),
    timer: deps.updateTimer ?? realUpdateTimer,
    emit: (payload) => events.emit('practice.budget', payload),
  });
  /** A call that may have spent the budget: the window hears of it when it ends. */
  const spending = <T>(task: Promise<T>): Promise<T> => task.finally(() => budgetEvents.changed());

  // A practice read through the hub: after each write is done, the hub hears which lists it changed.
  const outbox = withHubHints(
    createOutboxExecutor({ targetFor: (practiceKey) => session.writeTarget(practiceKey) }),
    createHubHints({ fetch: deps.fetch, hubOf: (practiceKey) => session.hubDeviceOf(practiceKey), log }),
  );

  // The renderer deletes the data of practices missing from the list, so it never gets a list before the vault is
  // read, nor one that a failed read left short (the call fails instead).
  let restored: Promise<void> = Promise.resolve();

  const activity = createActivityTracker();
  // Sends and downloads main is performing right now: a restart waits for them without waiting for the window to say so.
  const inFlight = createInFlightWork();
  // Where the user is (asleep, hidden, idle, active): the window's sync cadence follows it. Electron's glue feeds the
  // OS's and the window's events (src-main/electron/presence.ts); the idle time is polled with the update checks' timer.
  const presence = createPresenceMonitor({
    ...(deps.systemIdleSeconds ? { systemIdleSeconds: deps.systemIdleSeconds } : {}),
    ...(deps.systemLocked ? { systemLocked: deps.systemLocked } : {}),
    timer: deps.updateTimer ?? realUpdateTimer,
    emit: (now) => events.emit('desktop.presence', { presence: now }),
  });

  const logging = createLoggingHandlers({
    log,
    now: () => deps.clock.now().getTime(),
    appInfo: () => describeApp(deps.runtime, deps.paths),
    storage: () => session.list().then((list) => list.storage),
    connectivity: () => connectivity.current(),
    practices: () => session.list(),
    budget: (practiceKey) => session.budgetStatus(practiceKey),
    activity: () => activity.current(),
    // Whatever the updater handler answers (composed below, or 'not in this build').
    updateStatus: () => handlers['desktop.updateStatus']({}),
    events,
    openPath: deps.openPath,
    ...(deps.crashDumpsDir ? { crashDumpsDir: deps.crashDumpsDir } : {}),
    ...(deps.chooseSavePath ? { chooseSavePath: deps.chooseSavePath } : {}),
    writeChosenFile: deps.writeChosenFile ?? ((path, bytes) => writeFile(path, bytes)),
  });

  const updates = createUpdatePolicy({
    source:
      managed.updates === 'off'
        ? { feed: 'none', reason: 'policy-off' }
        : (deps.updates ?? { feed: 'none', reason: 'not-set-up' }),
    isOnline: () => connectivity.current().online,
    isBusy: () => inFlight.isBusy() || activity.isBusy(),
    clock: deps.clock,
    timer: deps.updateTimer ?? realUpdateTimer,
    emit: (status) => events.emit('desktop.updateStatus', status),
  });
  // Back online: a check missed meanwhile runs now. Idle again: a deferred restart may be asked for again.
  events.connect((event) => event === 'connectivity.changed' && updates.connectivityChanged());
  activity.onChange(() => updates.activityChanged());
  inFlight.onChange(() => updates.activityChanged());
  const theme = createThemeStore({
    settings: deps.settings,
    ...(deps.themeHost ? { host: deps.themeHost } : {}),
    emit: (state) => events.emit('desktop.theme', state),
  });

  // Which client the window shows to a client, and the PIN that leaves it: kept in main, never in the window.
  const clientFacing = createClientFacing({
    settings: deps.settings,
    clock: deps.clock,
    ...(managed.clientViewPinMinLength ? { pinMinLength: managed.clientViewPinMinLength } : {}),
  });
  // News the window reports for the OS to show (Electron's glue listens: src-main/electron/notifications.ts).
  const proposalNews = new Set<(note: { title: string; body: string; entityKey: string }) => void>();

  // A proxy asking for a password: the window asks the user (desktop.proxyLogin); the glue hears Electron's `login`.
  const proxyLogin = createProxyLogin({
    settings: deps.settings,
    cipher: deps.cipher,
    clock: deps.clock,
    ask: (question) => events.emit('desktop.proxyLogin', question),
    newId: () => crypto.randomUUID(),
  });

  const handlers: Handlers = {
    'app.info': () => describeApp(deps.runtime, deps.paths),
    'app.policy': () => policy,
    'connectivity.status': () => connectivity.check(),
    'practice.list': async () => {
      // A read of the vault that failed is tried again by the next call, rather than failing every call until a restart.
      restored = restored.catch(() => session.restore());
      await restored;
      return session.list();
    },
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

  return {
    handlers,
    events,
    connectivity,
    settings: deps.settings,
    session,
    documents,
    documentCaches,
    activity,
    inFlight,
    presence,
    updates,
    proxyLogin,
    theme,
    clientFacing,
    log,
    /** A client's proposal turned Accepted and may be shown (the client-facing rule already applied). */
    onProposalAccepted(listener: (note: { title: string; body: string; entityKey: string }) => void): () => void {
      proposalNews.add(listener);
      return () => proposalNews.delete(listener);
    },
    start(): void {
      connectivity.start();
      updates.start();
      presence.start();
      budgetEvents.start();
      restored = session.restore();
      // Documents of practices no longer known (a sign-out whose wipe failed) go now, and at every start until they do.
      void restored
        .then(async () => {
          const list = await session.list();
          // A stored record main could not read may own any folder or key: nothing counts as forgotten then.
          if (!list.complete) return;
          const known = list.practices.map((p) => p.practiceKey);
          documentKeys.retainOnly(known);
          // Documents no key at rest can open (kept for a past session only) are not kept past it.
          for (const practiceKey of documentKeys.unkeptAtRest(known)) await documentCaches.wipe(practiceKey);
          await removeForgottenPracticeFolders(deps.paths.cache, known);
          await removePlainLeftovers(deps.paths.cache, known);
        })
        // Tried again at the next start; the reason goes to the log, never to the window.
        .catch((error: unknown) => log.warn('Start: reading saved practices or removing forgotten ones failed', error));
    },
    async dispose(): Promise<void> {
      // First and synchronous: Electron's before-quit does not wait for the awaits below.
      documents.dispose();
      documentStorage.passphrase.lock();
      connectivity.stop();
      updates.stop();
      presence.stop();
      budgetEvents.stop();
      await session.dispose();
      budgets.dispose();
      logging.dispose();
    },
  };
}
export type MainServices = ReturnType<typeof createMainServices>;
