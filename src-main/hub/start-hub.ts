import type { AddressInfo } from 'node:net';
import { authValidationSchema, type AuthValidation } from '../../src-preload/contract/partner-api';
import { createPartnerApiClient } from '../partner-api/partner-api-client';
import { realTimer } from '../request-budget/budget-timer';
import { createSettingsBudgetStore } from '../request-budget/budget-store';
import { createRequestBudget } from '../request-budget/request-budget';
import type { RequestBudget } from '../request-budget/request-budget-types';
import { createSyncEngine } from '../sync/sync-engine';
import { openHubDatabase, type HubDatabase } from './db/database';
import { migrate } from './db/migrations';
import { createDeviceRegistry, type DeviceRegistry } from './devices/devices';
import { createClientProposals } from './clients/client-proposals';
import { createChangeStream } from './http/change-stream';
import { registerClientRoutes } from './http/client-routes';
import { createHubServer } from './http/hub-server';
import type { HubTls } from './http/hub-tls';
import { createHubSyncSink, type HubSinkEvents } from './mirror/hub-sync-sink';
import { postgresLeadership, soleLeadership, type MirrorLeadership } from './mirror/mirror-leadership';
import { openBudgetSettings } from './mirror/budget-in-database';
import { hubResources } from './mirror/hub-resources';
import { createMirrorLoop, type MirrorLoop } from './mirror/mirror-loop';
import { readSecrets } from './secrets-file';
import { recordTestArrival, subscribeToEvents } from './webhooks/demo-subscription';
import { createEventWork } from './webhooks/event-work';
import { registerWebhookReceiver } from './webhooks/webhook-receiver';
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
  /** The backstop pass when no webhook says anything (default 5 minutes, like a laptop's). */
  mirrorEveryMs?: number;
  onChanged?: HubSinkEvents['onChanged'];
  /** Subscribe this hub's webhook address to every event key at start (the demo delivers to loopback). */
  subscribeWebhooks?: boolean;
  /** How often a follower tries to take over the mirror (default 5 s): the longest a dead leader's gap lasts. */
  leaderPollMs?: number;
  /** The Partner API's transport (tests count requests with it). */
  fetch?: typeof fetch;
}

export interface RunningHub {
  hubUrl: string;
  /** The served certificate's SHA-256 fingerprint and whether laptops pin it; null over plain http. */
  certificate: { fingerprint: string; pinned: boolean } | null;
  practice: AuthValidation;
  db: HubDatabase;
  devices: DeviceRegistry;
  mirror: MirrorLoop;
  /** Whether this process mirrors (on PostgreSQL, one leader per Client ID; the others only serve). */
  leadership: MirrorLeadership;
  /** What the hub knows of the Client ID's use (its own sends, others' revealed by the practice's headers). */
  budget: Pick<RequestBudget, 'snapshot'>;
  webhooks: WebhookStatus;
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
  const db = await openHubDatabase(options);
  let leadership: MirrorLeadership | undefined;
  let closeBudget = async () => undefined as void;
  try {
    await migrate(db);
    const { baseUrl, clientId, secret } = options.partnerApi;
    const budgetSettings = await openBudgetSettings(db);
    const budget = createRequestBudget({
      clientId,
      timer: realTimer,
      store: createSettingsBudgetStore(budgetSettings),
    });
    closeBudget = async () => {
      budget.dispose();
      await budgetSettings.flush();
    };
    const api = createPartnerApiClient({
      baseUrl,
      credentials: () => ({ clientId, secret }),
      fetch: options.fetch ?? fetch,
      budget,
    });
    const practice = (await api.request('GET', '/auth/validate', authValidationSchema)).data;
    const changes = createChangeStream(db);
    const sink = createHubSyncSink(db, {
      onChanged: (change) => {
        options.onChanged?.(change);
        changes.notify();
      },
    });
    // Set by close(): from then on nothing starts a pass (a webhook or a lock won late would find the
    // database closing).
    let stopping = false;
    const leader = (leadership = options.databaseUrl
      ? await postgresLeadership(options.databaseUrl, clientId, () => console.error('[hub] lost the mirror leadership'))
      : soleLeadership());
    const mirror = createMirrorLoop(createSyncEngine({ api, sink, resources: hubResources }), {
      everyMs: options.mirrorEveryMs ?? 300_000,
      mayMirror: () => !stopping && leader.isLeader(),
    });
    // A new leader carries on from the cursors the last one committed, so a takeover re-reads nothing done.
    let tryingToLead: Promise<void> = Promise.resolve();
    const takeOver = async () => {
      if (stopping) return;
      const wasLeader = leader.isLeader();
      // While leading, the same call checks the lock's session is alive, so a cut session stops the mirror
      // at the next poll even when its connection never reported the cut.
      if ((await leader.tryLead()) && !wasLeader && !stopping) await mirror.request('interactive');
    };
    await takeOver();
    const takeOverTimer = setInterval(() => {
      tryingToLead = takeOver().catch((error: unknown) => console.error('[hub]', error));
    }, options.leaderPollMs ?? 5_000);
    takeOverTimer.unref();
    const proposals = createClientProposals({
      db,
      api,
      mayRead: () => !stopping && leader.isLeader(),
      onChanged: () => changes.notify(),
    });
    const devices = createDeviceRegistry(db);
    const webhooks: WebhookStatus = { subscriptions: 0, testArrived: false };
    const app = createHubServer({
      db,
      devices,
      practice,
      ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
      register: (server) => {
        changes.register(server);
        registerClientRoutes(server, { db, proposals });
        registerWebhookReceiver(server, {
          db,
          practiceKey: practice.practiceKey,
          secrets: () => Object.values(readSecrets(options.dataDir).webhooks),
          // Recorded in the data folder, where `webhooks subscribe` (another process) looks for its test too.
          onTest: (eventId) => recordTestArrival(options.dataDir, eventId),
          // The payload is a summary: re-read what it names from the Partner API, coalesced per burst.
          onEvent: createEventWork({
            readClientProposals: (entityKey) => proposals.request(entityKey),
            mirrorPass: () =>
              void mirror.request('interactive').catch((error: unknown) => console.error('[hub]', error)),
          }),
        });
      },
    });
    await app.listen({ host, port: options.port ?? 0 });
    mirror.start();
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
    return {
      hubUrl,
      certificate: tls && { fingerprint: tls.fingerprint, pinned: tls.pinned },
      practice,
      db,
      devices,
      mirror,
      leadership: leader,
      budget,
      webhooks,
      async close() {
        clearInterval(takeOverTimer);
        // A try already under way may win the lock after this: it must not start a pass on a closing database.
        stopping = true;
        await tryingToLead;
        await proposals.stop();
        await mirror.stop();
        await leader.close();
        await app.close();
        await closeBudget();
        await db.close();
      },
    };
  } catch (error) {
    await leadership?.close();
    await closeBudget();
    await db.close();
    throw error;
  }
}
