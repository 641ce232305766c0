import type { AddressInfo } from 'node:net';
import { authValidationSchema, type AuthValidation } from '../../src-preload/contract/partner-api';
import { HUB_CHANGES_PATH } from '../../src-preload/contract/live-updates';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../src-preload/contract/sync-cadence';
import { realTimer, type BudgetTimer } from '../request-budget/budget-timer';
import type { BudgetLimits, RequestBudget } from '../request-budget/request-budget-types';
import { startAdminListener } from './admin/admin-listener';
import { openHubDatabase, type HubDatabase } from './db/database';
import { migrate } from './db/migrations';
import { bindToPractice } from './db/practice-binding';
import { localSignals, postgresSignals } from './db/signals';
import type { DeviceAccess } from './devices/device-access';
import { createHintLimiter } from './hints/hint-route';
import { createHubCore } from './hub-core';
import { openHubPartnerApi } from './hub-partner-api';
import { DEFAULT_DRAIN_MS, drainAndClose } from './http/drain';
import { registerHubRoutes } from './http/hub-routes';
import { createHubServer } from './http/hub-server';
import type { HubTls } from './http/hub-tls';
import type { DeclaredRoute } from './http/route-access';
import type { HubSinkEvents } from './mirror/hub-sync-sink';
import type { LaptopPresence } from './mirror/laptop-presence';
import { postgresLeadership, soleLeadership, type MirrorLeadership } from './mirror/mirror-leadership';
import type { MirrorLoop } from './mirror/mirror-loop';
import { createHubLog, type HubLogOptions } from './watch/hub-log';
import { createHubMetrics } from './watch/hub-metrics';
import { schemaVersionOf } from './watch/readiness';
import { secretsInUse } from './watch/secrets-in-use';
import { watchHub } from './watch/watch-hub';
import { recordTestArrival, subscribeToEvents } from './webhooks/demo-subscription';
import { WEBHOOK_PATH } from './webhooks/webhook-path';

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
  /**
   * Aborted when the process is asked to stop during the start (command-line/stop-signals.ts): what the start
   * still waits for from the practice is given up, so the start fails at once, having closed what it opened.
   * Once the hub serves this has no effect: a stop is then `close()`, whose drain lets requests under way finish.
   */
  stopAsked?: AbortSignal;
}

/** The backstop pass when no webhook says anything, like a laptop's: every 5 minutes, hourly with no laptop. */
export const DEFAULT_MIRROR_EVERY_MS = ACTIVE_EVERY_MS;
export const DEFAULT_IDLE_MIRROR_EVERY_MS = IDLE_EVERY_MS;
/** How often a follower tries to take over the mirror: the longest a dead leader's gap lasts. */
export const DEFAULT_LEADER_POLL_MS = 5_000;

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
 * The hub as a process runs it: opens the database, checks the Partner API credentials, builds the working
 * parts (hub-core.ts), serves laptops (http/hub-routes.ts) and the administrator's loopback listener, then
 * mirrors. HTTPS with the given certificate; plain http only on loopback, where nothing crosses a network.
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
  // What a failed start must close, in the reverse of the order it was opened.
  const opened: Array<() => Promise<void>> = [() => db.close()];
  // Aborted on close, once serving has stopped: every Partner API request still waiting or under way ends.
  const closing = new AbortController();
  const giveUpTheStart = (): void => closing.abort();
  options.stopAsked?.addEventListener('abort', giveUpTheStart, { once: true });
  if (options.stopAsked?.aborted) giveUpTheStart();
  try {
    await migrate(db);
    const schemaVersion = await schemaVersionOf(db);
    const { clientId } = options.partnerApi;
    const clock = options.timer ?? realTimer;
    const metrics = createHubMetrics();
    const partnerApi = await openHubPartnerApi({
      ...options.partnerApi,
      db,
      clock,
      realTime: !options.timer,
      limits: options.limits,
      fetch: options.fetch ?? fetch,
      metrics,
      closing: closing.signal,
      log,
    });
    opened.unshift(() => partnerApi.close());
    const { api, budget } = partnerApi;
    const practice = (await api.request('GET', '/auth/validate', authValidationSchema)).data;
    await bindToPractice(db, { practiceKey: practice.practiceKey, practiceName: practice.practiceName, clientId });
    // Every process pokes its own laptops when any process's mirror commits (LISTEN/NOTIFY on a server).
    const signals = options.databaseUrl ? await postgresSignals(options.databaseUrl, db, { log }) : localSignals(log);
    opened.unshift(() => signals.close());
    const leadership = options.databaseUrl
      ? await postgresLeadership(options.databaseUrl, clientId, {
          onLost: () => log.warn('lost the mirror leadership'),
          log,
        })
      : soleLeadership();
    opened.unshift(() => leadership.close());
    const idleEveryMs = options.idleMirrorEveryMs ?? DEFAULT_IDLE_MIRROR_EVERY_MS;
    const core = createHubCore({
      db,
      api,
      clock,
      wallClock: realTimer,
      signals,
      leadership,
      log,
      cadence: {
        activeEveryMs: options.mirrorEveryMs ?? DEFAULT_MIRROR_EVERY_MS,
        idleEveryMs,
        leaderPollMs: options.leaderPollMs ?? DEFAULT_LEADER_POLL_MS,
        hintRoundMs: options.hintGapsMs?.round,
        hintGatherMs: options.hintGapsMs?.gather,
      },
      onChanged: options.onChanged,
      onServed: metrics.readThrough,
    });
    opened.unshift(async () => {
      await core.beginStopping();
      await core.stop();
    });
    await core.lead();
    const webhooks: WebhookStatus = { subscriptions: 0, testArrived: false };
    const readiness = watchHub({
      db,
      clientId,
      schemaVersion,
      leader: leadership,
      stopping: core.stopping,
      now: () => clock.now(),
      idleMirrorEveryMs: idleEveryMs,
      budget,
      changes: core.changes,
      metrics,
    });
    const app = createHubServer({
      log,
      onAnswered: (answered) =>
        metrics.httpAnswered(answered.route, answered.method, answered.status, answered.seconds),
      metricsToken: secrets.metricsToken,
      onDeviceRequest: (request, reply) => {
        core.devices.track(request, reply);
        if (request.device) metrics.deviceSeen(request.device, clock.now());
        // The change stream reports its own opening and closing (presence.streamOpened, streamClosed).
        if (request.device && request.routeOptions.url !== HUB_CHANGES_PATH) core.presence.seen(request.device);
      },
      devices: core.devices,
      ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
      register: (server) =>
        registerHubRoutes(server, {
          db,
          core,
          practice,
          readiness,
          metrics,
          hintLimiter: createHintLimiter({ now: clock.now, gapMs: options.hintGapsMs?.device }),
          webhooks: {
            secrets: secrets.webhookSecrets,
            nowMs: clock.now,
            // Recorded in the data folder, where `webhooks subscribe` (another process) looks for its test too.
            onTest: (eventId) => recordTestArrival(options.dataDir, eventId),
          },
          log,
        }),
    });
    await app.listen({ host, port: options.port ?? 0 });
    opened.unshift(() => app.close());
    // `devices add/list/revoke` and `backup` while the hub runs: on loopback, with a secret in the data folder.
    const admin = await startAdminListener({ dataDir: options.dataDir, devices: core.devices, db });
    opened.unshift(() => admin.close());
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
    core.mirror.start();
    options.stopAsked?.removeEventListener('abort', giveUpTheStart);
    log.info(
      { hubUrl, engine: db.engine, leader: leadership.isLeader(), schemaVersion, webhooks },
      'the hub serves laptops',
    );
    return {
      hubUrl,
      laptops: core.presence,
      certificate: tls && { fingerprint: tls.fingerprint, pinned: tls.pinned },
      practice,
      db,
      devices: core.devices,
      mirror: core.mirror,
      leadership,
      budget,
      webhooks,
      routes: app.declaredRoutes,
      settled: () => core.settled(),
      async close() {
        log.info('the hub is stopping');
        // A try to lead already under way may win the lock after this: it must not start a pass on a closing database.
        await core.beginStopping();
        // Serving stops first: a request under way still needs the read-through, the hints and the database.
        await drainAndClose(app, options.drainMs ?? DEFAULT_DRAIN_MS, log);
        // Then whatever the workers still wait for from the practice is given up (each picks it up again on the
        // next start: a webhook stays in the inbox, a pass resumes from its cursor), so a stop ends in seconds.
        closing.abort();
        // Every part is closed even when one fails (a timer or a connection left open would keep the process up).
        let failure: unknown;
        const parts = [
          () => core.stop(),
          () => signals.close(),
          () => leadership.close(),
          () => admin.close(),
          () => partnerApi.close(),
          () => db.close(),
        ];
        for (const stop of parts)
          await stop().catch((error: unknown) => {
            failure ??= error;
            log.error({ err: error }, 'a part of the hub did not close cleanly');
          });
        if (failure !== undefined) throw failure;
        log.info('the hub stopped');
      },
    };
  } catch (error) {
    options.stopAsked?.removeEventListener('abort', giveUpTheStart);
    if (options.stopAsked?.aborted) log.info('the start was given up: the hub was asked to stop');
    else log.error({ err: error }, 'the hub did not start');
    closing.abort();
    for (const close of opened) await close().catch(() => undefined);
    throw error;
  }
}
