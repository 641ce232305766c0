import type { AddressInfo } from 'node:net';
import { authValidationSchema, type AuthValidation } from '../../src-preload/contract/partner-api';
import { createPartnerApiClient } from '../partner-api/partner-api-client';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../src-preload/contract/sync-cadence';
import { EDGE_GUARD_MS } from '../request-budget/budget-ledger';
import { realTimer, type BudgetTimer } from '../request-budget/budget-timer';
import { createSettingsBudgetStore } from '../request-budget/budget-store';
import { createRequestBudget } from '../request-budget/request-budget';
import type { BudgetLimits, RequestBudget } from '../request-budget/request-budget-types';
import { LAPTOP_READ_PRIORITY } from './clients/read-through-kinds';
import { createSyncEngine } from '../sync/sync-engine';
import { openHubDatabase, type HubDatabase } from './db/database';
import { migrate } from './db/migrations';
import { bindToPractice } from './db/practice-binding';
import { CHANGES_CHANNEL, INBOX_CHANNEL, localSignals, postgresSignals, type HubSignals } from './db/signals';
import { startAdminListener } from './admin/admin-listener';
import { createDeviceAccess, type DeviceAccess } from './devices/device-access';
import { createDeviceAllowance } from './devices/device-allowance';
import { createClientReads } from './clients/client-reads';
import { createHeldClientsBackstop } from './clients/held-clients-backstop';
import { createHintLimiter, registerHintRoute } from './hints/hint-route';
import { createHintWorker } from './hints/hint-worker';
import { HUB_CHANGES_PATH } from '../../src-preload/contract/live-updates';
import { createChangeStream } from './http/change-stream';
import { createHubServer } from './http/hub-server';
import type { DeclaredRoute } from './http/route-access';
import type { HubTls } from './http/hub-tls';
import { createHubSyncSink, type HubSinkEvents } from './mirror/hub-sync-sink';
import { postgresLeadership, soleLeadership, type MirrorLeadership } from './mirror/mirror-leadership';
import { openBudgetSettings } from './mirror/budget-in-database';
import { hubResources } from './mirror/hub-resources';
import { createLaptopPresence, type LaptopPresence } from './mirror/laptop-presence';
import { createMirrorLoop, type MirrorLoop } from './mirror/mirror-loop';
import { latestChangeSeq } from './mirror/mirror-store';
import { recordTestArrival, subscribeToEvents } from './webhooks/demo-subscription';
import { createEventWork } from './webhooks/event-work';
import { createInboxWorker } from './webhooks/inbox-worker';
import { registerWebhookReceiver } from './webhooks/webhook-receiver';
import { WEBHOOK_PATH } from './webhooks/webhook-path';
import { createHubLog, type HubLogOptions } from './watch/hub-log';
import { DEFAULT_DRAIN_MS, drainAndClose } from './http/drain';
import { createHubMetrics } from './watch/hub-metrics';
import { schemaVersionOf } from './watch/readiness';
import { secretsInUse } from './watch/secrets-in-use';
import { watchHub } from './watch/watch-hub';
import { registerWatchRoutes } from './watch/watch-routes';

export interface StartHubOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  host?: string;
  port?: number;
  /** The certificate to serve HTTPS with (src-main/hub/http/hub-tls.ts); without one, plain http on loopback only. */
  tls?: HubTls | null;
  /** The practice's Partner API: address and Client credentials (read from the secrets file by the CLI). */
  partnerApi: { baseUrl: string; clientId: string; secret: string };
  /** The backstop pass while laptops are connected (default 5 minutes, like a laptop at its window). */
  mirrorEveryMs?: number;
  /** The backstop pass while no laptop is (default hourly, like a laptop away from its window). */
  idleMirrorEveryMs?: number;
  onChanged?: HubSinkEvents['onChanged'];
  /** Subscribe this hub's webhook address to every event key at start (the demo delivers to loopback). */
  subscribeWebhooks?: boolean;
  /** How often a follower tries to take over the mirror (default 5 s): the longest a dead leader's gap lasts. */
  leaderPollMs?: number | undefined;
  /**
   * The gaps a device's hints and the leader's hint rounds keep (default 10 s each: hint-route, hint-worker),
   * and how long the leader gathers hints before a round (default 200 ms).
   */
  hintGapsMs?: { device?: number; round?: number; gather?: number };
  /**
   * The Client ID's limits when they differ from the contract's defaults (the hub also learns them from the
   * practice's rate-limit headers). Tests against a demo practice that limits nothing give generous ones.
   */
  limits?: BudgetLimits;
  /** The Partner API's transport (tests count requests with it). */
  fetch?: typeof fetch;
  /**
   * The clock of the request budget and of the webhook replay window (default real time). Benchmarks give
   * the hub and the demo practice one virtual clock, so an import paced by the real limits takes no real hour.
   */
  timer?: BudgetTimer;
  /** Where the hub's JSON log lines go and from which level (default: standard error, info). */
  log?: HubLogOptions;
  /** On close, how long requests under way may take to finish before their connections are closed (http/drain.ts). */
  drainMs?: number;
}

/** The backstop pass when no webhook says anything, like a laptop's: every 5 minutes, hourly with no laptop. */
export const DEFAULT_MIRROR_EVERY_MS = ACTIVE_EVERY_MS;
export const DEFAULT_IDLE_MIRROR_EVERY_MS = IDLE_EVERY_MS;

export interface RunningHub {
  hubUrl: string;
  /** Whether laptops use the hub now (an open change stream, or a request in the last ten minutes). */
  laptops: Pick<LaptopPresence, 'active'>;
  /** The served certificate's SHA-256 fingerprint and whether laptops pin it; null over plain http. */
  certificate: { fingerprint: string; pinned: boolean } | null;
  practice: AuthValidation;
  db: HubDatabase;
  devices: DeviceAccess;
  mirror: MirrorLoop;
  /** Whether this process mirrors (on PostgreSQL, one leader per Client ID; the others only serve). */
  leadership: MirrorLeadership;
  /** What the hub knows of the Client ID's use (its own sends, others' revealed by the practice's headers). */
  budget: Pick<RequestBudget, 'snapshot'>;
  webhooks: WebhookStatus;
  /** Every route the hub serves, with who may call it (http/route-access.ts). */
  routes: readonly DeclaredRoute[];
  /** Resolves once the mirror's pass and the held clients' turn under way are done (tests on a virtual clock). */
  settled(): Promise<void>;
  /** Stops serving (requests under way finish, within the drain), then the workers, then the database. */
  close(): Promise<void>;
}

export interface WebhookStatus {
  subscriptions: number;
  /** Whether the test delivery sent at subscription arrived and verified (else the hub runs on polling). */
  testArrived: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Opens the database, checks the Partner API credentials, mirrors the practice once, then serves laptops
 * and keeps mirroring. HTTPS with the given certificate; plain http only on loopback, where nothing crosses
 * a network.
 */
export async function startHub(options: StartHubOptions): Promise<RunningHub> {
  const host = options.host ?? '127.0.0.1';
  const tls = options.tls ?? null;
  if (!tls && !LOOPBACK.has(host)) throw new Error('Off loopback the hub serves HTTPS only: give it a certificate.');
  // Every secret the hub holds is cut out of its log lines by value as well as by the redactor's rules.
  const logging = createHubLog(options.log);
  const { log } = logging;
  logging.hide(options.partnerApi.secret);
  const secrets = secretsInUse(options.dataDir, logging);
  const db = await openHubDatabase({ ...options, log });
  let leadership: MirrorLeadership | undefined;
  let closeBudget = async () => undefined as void;
  let signals: HubSignals | undefined;
  // Aborted on close, once serving has stopped: every Partner API request still waiting or under way ends.
  const closing = new AbortController();
  try {
    await migrate(db);
    const schemaVersion = await schemaVersionOf(db);
    const { baseUrl, clientId, secret } = options.partnerApi;
    const timer = options.timer ?? realTimer;
    const metrics = createHubMetrics();
    const budgetSettings = await openBudgetSettings(db, log);
    const budget = createRequestBudget({
      clientId,
      timer,
      store: createSettingsBudgetStore(budgetSettings),
      ...(options.limits ? { limits: options.limits } : {}),
      // A send reaches the practice a moment after the budget lets it go: on the real clock each send stays in
      // its windows a second longer, or a send timed to the instant a slot frees arrives early and draws a 429.
      edgeGuardMs: options.timer ? 0 : EDGE_GUARD_MS,
      onError: (error) => log.error({ err: error }, "could not save the request budget's memory"),
    });
    closeBudget = async () => {
      budget.dispose();
      await budgetSettings.flush();
    };
    const api = createPartnerApiClient({
      baseUrl,
      credentials: () => ({ clientId, secret }),
      fetch: metrics.partnerApiFetch(options.fetch ?? fetch, baseUrl),
      sleep: timer.sleep,
      budget,
      closing: closing.signal,
    });
    const practice = (await api.request('GET', '/auth/validate', authValidationSchema)).data;
    await bindToPractice(db, { practiceKey: practice.practiceKey, practiceName: practice.practiceName, clientId });
    const changes = createChangeStream(db, {
      onOpen: () => presence.streamOpened(),
      onClose: () => presence.streamClosed(),
      log,
    });
    // A laptop back after an idle spell: the active cadence from now, and a pass at once if the last one is
    // older than that cadence (so what it reads next is at most one active interval old).
    const activeEveryMs = options.mirrorEveryMs ?? DEFAULT_MIRROR_EVERY_MS;
    const backstopEveryMs = () =>
      presence.mirrorEveryMs(activeEveryMs, options.idleMirrorEveryMs ?? DEFAULT_IDLE_MIRROR_EVERY_MS);
    const presence = createLaptopPresence({
      now: () => timer.now(),
      openStreams: () => changes.connections(),
      streaming: (device) => changes.streaming(device),
      // The last laptop on the change stream left: the idle interval counts from now.
      onGone: () => mirror.reschedule(),
      onReturn: () => {
        mirror.reschedule();
        if (mirror.sinceLastPassMs() >= activeEveryMs)
          void mirror
            .request('interactive')
            .catch((error: unknown) => log.error({ err: error }, 'the catch-up pass for a returning laptop failed'));
      },
    });
    // Every process pokes its own laptops when any process's mirror commits (LISTEN/NOTIFY on a server).
    const said = (signals = options.databaseUrl
      ? await postgresSignals(options.databaseUrl, db, { log })
      : localSignals(log));
    // Enrolled laptops, and what each has open here (a revocation on any process ends it).
    const devices = createDeviceAccess({ db, signals: said, log });
    // What laptops may make the hub spend of the Client ID's budget; the hub's own work is never counted.
    const allowance = createDeviceAllowance({ now: () => timer.now() });
    const announceChanges = async () => said.send(CHANGES_CHANNEL, String(await latestChangeSeq(db)));
    said.on(CHANGES_CHANNEL, () => changes.notify());
    const sink = createHubSyncSink(db, {
      onChanged: (change) => {
        options.onChanged?.(change);
        announceChanges().catch((error: unknown) => log.error({ err: error }, 'could not announce a change'));
      },
    });
    // Set by close(): from then on nothing starts a pass (a webhook or a lock won late would find the
    // database closing).
    let stopping = false;
    const leader = (leadership = options.databaseUrl
      ? await postgresLeadership(options.databaseUrl, clientId, {
          onLost: () => log.warn('lost the mirror leadership'),
          log,
        })
      : soleLeadership());
    const mirror = createMirrorLoop(createSyncEngine({ api, sink, resources: hubResources }), {
      // Passes nobody asked for share the tier of laptops' reads (read-through-kinds.ts), below webhook work.
      backstopPriority: LAPTOP_READ_PRIORITY,
      everyMs: backstopEveryMs,
      clock: timer,
      mayMirror: () => !stopping && leader.isLeader(),
      afterFullPass: () => void heldClients.turn(),
      log,
    });
    // A client's proposals and statements, read when an event or a hint names the client or a laptop asks
    // for one not held yet; a statement's or bill's detail and PDFs read through and kept.
    const clients = createClientReads({
      db,
      api,
      allowance,
      now: () => timer.now(),
      mayRead: () => !stopping && leader.isLeader(),
      onChanged: () =>
        void announceChanges().catch((error: unknown) => log.error({ err: error }, 'could not announce a change')),
      onServed: metrics.readThrough,
      log,
    });
    // The lists held per client change only where a webhook or a hint says so: re-read within a bound anyway.
    const heldClients = createHeldClientsBackstop({
      db,
      now: () => timer.now(),
      laptopsActive: () => presence.active(),
      nextTurnInMs: backstopEveryMs,
      reread: (resource, entityKey) => clients.rereadHeld(resource, entityKey),
      log,
    });
    // Whichever process stored a delivery, the leader does its work: the payload is a summary, so what it
    // names is re-read from the Partner API (a client's proposals, else one coalesced pass for a burst).
    const inbox = createInboxWorker(db, {
      mayWork: () => !stopping && leader.isLeader(),
      work: createEventWork({
        readClientProposals: (entityKey) => clients.proposalAccepted(entityKey),
        mirrorPass: () => mirror.request('interactive'),
      }),
      log,
    });
    // Laptops' hints, done by the leader whichever process stored them: one coalesced round per gap.
    const hints = createHintWorker(db, {
      mayWork: () => !stopping && leader.isLeader(),
      mirrorPass: (resources) => mirror.request('interactive', resources),
      refreshClient: (entityKey) => clients.refreshHeld(entityKey),
      holdsClient: (entityKey) => clients.holdsAny(entityKey),
      allowance,
      log,
      ...(options.hintGapsMs?.round !== undefined ? { gapMs: options.hintGapsMs.round } : {}),
      ...(options.hintGapsMs?.gather !== undefined ? { gatherMs: options.hintGapsMs.gather } : {}),
    });
    said.on(INBOX_CHANNEL, () => {
      inbox.wake();
      hints.wake();
    });
    // Signals sent while the listening connection was down are lost: re-check the sequence and the inbox.
    said.onResumed(() => {
      changes.notify();
      inbox.wake();
      hints.wake();
    });
    // A new leader carries on from the cursors the last one committed, so a takeover re-reads nothing done;
    // the deliveries the last leader stored or took but never finished are done in the same pass.
    let tryingToLead: Promise<void> = Promise.resolve();
    const takeOver = async () => {
      if (stopping) return;
      const wasLeader = leader.isLeader();
      // While leading, the same call checks the lock's session is alive, so a cut session stops the mirror
      // at the next poll even when its connection never reported the cut.
      if (!(await leader.tryLead()) || stopping) return;
      // Still leading: a delivery whose signal was lost (sent while the server was unreachable) waits at most a poll.
      hints.wake();
      if (wasLeader) return inbox.wake();
      log.info('leads the mirror: carries on from the committed cursors');
      await inbox.drain(() => mirror.request('interactive'));
      // A leader that died between a commit and its signal left laptops unpoked: the sequence says all.
      await announceChanges();
    };
    await takeOver();
    const takeOverTimer = setInterval(() => {
      tryingToLead = takeOver().catch((error: unknown) => log.error({ err: error }, 'taking over the mirror failed'));
    }, options.leaderPollMs ?? 5_000);
    takeOverTimer.unref();
    const webhooks: WebhookStatus = { subscriptions: 0, testArrived: false };
    const readiness = watchHub({
      db,
      clientId,
      schemaVersion,
      leader,
      stopping: () => stopping,
      now: () => timer.now(),
      idleMirrorEveryMs: options.idleMirrorEveryMs ?? DEFAULT_IDLE_MIRROR_EVERY_MS,
      budget,
      changes,
      metrics,
    });
    const app = createHubServer({
      log,
      onAnswered: (answered) =>
        metrics.httpAnswered(answered.route, answered.method, answered.status, answered.seconds),
      metricsToken: secrets.metricsToken,
      onDeviceRequest: (request, reply) => {
        devices.track(request, reply);
        if (request.device) metrics.deviceSeen(request.device, timer.now());
        // The change stream reports its own opening and closing (presence.streamOpened, streamClosed).
        if (request.device && request.routeOptions.url !== HUB_CHANGES_PATH) presence.seen(request.device);
      },
      db,
      devices,
      practice,
      ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
      register: (server) => {
        registerWatchRoutes(server, { readiness, metrics });
        changes.register(server);
        clients.register(server);
        registerHintRoute(server, {
          db,
          limiter: createHintLimiter({ now: timer.now, gapMs: options.hintGapsMs?.device }),
          onStored: () => void said.send(INBOX_CHANNEL),
        });
        registerWebhookReceiver(server, {
          db,
          practiceKey: practice.practiceKey,
          nowMs: timer.now,
          secrets: secrets.webhookSecrets,
          // Recorded in the data folder, where `webhooks subscribe` (another process) looks for its test too.
          onTest: (eventId) => recordTestArrival(options.dataDir, eventId),
          // Stored in the inbox: tell the leader, whichever process it is.
          onEvent: () => void said.send(INBOX_CHANNEL),
          onAnswered: metrics.webhookAnswered,
          log,
        });
      },
    });
    await app.listen({ host, port: options.port ?? 0 });
    // `devices add/list/revoke` and `backup` while the hub runs: on loopback, with a secret in the data folder.
    const admin = await startAdminListener({ dataDir: options.dataDir, devices, db });
    const { port } = app.server.address() as AddressInfo;
    const hubUrl = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (options.subscribeWebhooks) {
      const subscribed = await subscribeToEvents(api, {
        dataDir: options.dataDir,
        hookUrl: `${hubUrl}${WEBHOOK_PATH}`,
        waitMs: 5_000,
      });
      webhooks.subscriptions = subscribed.subscriptions;
      webhooks.testArrived = subscribed.testArrived;
    }
    // The backstop's timer last: the start's own waits (the test delivery) are not the backstop's business,
    // and on a virtual clock an armed timer would be woken by them.
    mirror.start();
    log.info(
      { hubUrl, engine: db.engine, leader: leader.isLeader(), schemaVersion, webhooks },
      'the hub serves laptops',
    );
    return {
      hubUrl,
      laptops: presence,
      certificate: tls && { fingerprint: tls.fingerprint, pinned: tls.pinned },
      practice,
      db,
      devices,
      mirror,
      leadership: leader,
      budget,
      webhooks,
      routes: app.declaredRoutes,
      async settled() {
        await mirror.idle();
        await heldClients.idle();
      },
      async close() {
        clearInterval(takeOverTimer);
        // A try already under way may win the lock after this: it must not start a pass on a closing database.
        stopping = true;
        log.info('the hub is stopping');
        await tryingToLead;
        // Serving stops first: a request under way still needs the read-through, the hints and the database.
        await drainAndClose(app, options.drainMs ?? DEFAULT_DRAIN_MS, log);
        // Then whatever the workers still wait for from the practice is given up (each picks it up again on the
        // next start: a webhook stays in the inbox, a pass resumes from its cursor), so a stop ends in seconds.
        closing.abort();
        await inbox.stop();
        await hints.stop();
        await mirror.stop();
        await heldClients.stop();
        await clients.stop();
        await said.close();
        await leader.close();
        await admin.close();
        await closeBudget();
        await db.close();
        log.info('the hub stopped');
      },
    };
  } catch (error) {
    log.error({ err: error }, 'the hub did not start');
    await signals?.close();
    await leadership?.close();
    await closeBudget();
    await db.close();
    throw error;
  }
}
