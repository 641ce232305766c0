import { writeFile } from 'node:fs/promises';
import { createClientFacing } from './client-facing/client-facing-service';
import { createActivityTracker } from './activity/activity-tracker';
import { createInFlightWork } from './activity/in-flight';
import { createPresenceMonitor } from './activity/presence-monitor';
import { describeApp } from './app-info/app-info';
import { createConnectivityMonitor } from './connectivity/connectivity-monitor';
import { createPracticeProbe, looksLikePracticeAnswer } from './connectivity/practice-probe';
import { createDocumentService } from './documents/document-service';
import { createDocumentStorage } from './documents/document-storage';
import { removeForgottenPracticeFolders } from './documents/forgotten-practice-folders';
import { removePlainLeftovers } from './documents/plain-leftovers';
import { createEventHub } from './ipc/event-hub';
import { createLoggingHandlers } from './logging/desktop-logging';
import { createMemoryLogger } from './logging/logger';
import { createMainHandlers } from './ipc/main-handlers';
import { createOutboxExecutor } from './outbox/outbox-executor';
import { createHubHints, withHubHints } from './practice-session/hub-hints';
import { createPracticeReader } from './practice-reads/practice-reader';
import { createCancellations } from './ipc/cancellations';
import { createBudgetEvents } from './practice-session/budget-events';
import { createPracticeSession } from './practice-session/practice-session';
import { EDGE_GUARD_MS } from './request-budget/budget-ledger';
import { createBudgetRegistry } from './request-budget/budget-registry';
import { createSettingsBudgetStore } from './request-budget/budget-store';
import { realTimer } from './request-budget/budget-timer';
import { createCredentialVault } from './vault/credential-vault';
import { createUpdatePolicy, realUpdateTimer } from './updates/update-policy';
import { createThemeStore } from './os-integration/theme-store';
import { loadRegionalHosts } from './regions/regional-hosts';
import builtInRegionHosts from '../resources/regions.json';
import type { MainDeps } from './main-deps';
import { readManagedPolicy } from './policy/managed-policy';
import { createProxyLogin } from './proxy-login/proxy-login';

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

  const handlers = createMainHandlers({
    policy,
    regionHosts,
    connectivity,
    listPractices: async () => {
      // A read of the vault that failed is tried again by the next call, rather than failing every call until a restart.
      restored = restored.catch(() => session.restore());
      await restored;
      return session.list();
    },
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
    describeApp: () => describeApp(deps.runtime, deps.paths),
  });

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
