import type { AddressInfo } from 'node:net';
import { authValidationSchema, type AuthValidation } from '../../src-preload/contract/partner-api';
import { createPartnerApiClient } from '../partner-api/partner-api-client';
import { realTimer, type BudgetTimer } from '../request-budget/budget-timer';
import { createMemoryBudgetStore } from '../request-budget/budget-store';
import { createRequestBudget } from '../request-budget/request-budget';
import { createSyncEngine } from '../sync/sync-engine';
import { openHubDatabase, type HubDatabase } from './db/database';
import { migrate } from './db/migrations';
import { createDeviceRegistry, type DeviceRegistry } from './devices/devices';
import { createChangeStream } from './http/change-stream';
import { createHubServer } from './http/hub-server';
import { createHubSyncSink, type HubSinkEvents } from './mirror/hub-sync-sink';
import { postgresLeadership, soleLeadership, type MirrorLeadership } from './mirror/mirror-leadership';
import { createMirrorLoop, type MirrorLoop } from './mirror/mirror-loop';
import { readSecrets, writeSecrets } from './secrets-file';
import { subscribeToEvents } from './webhooks/demo-subscription';
import { registerWebhookReceiver } from './webhooks/webhook-receiver';
import { WEBHOOK_PATH } from './webhooks/webhook-path';

/** Polls `done` until it holds or `ms` pass (a test delivery arrives within milliseconds on loopback). */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  for (const start = Date.now(); !done() && Date.now() - start < ms;)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

export interface StartHubOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  host?: string;
  port?: number;
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
  /**
   * The clock of the request budget and of the webhook replay window (default real time). Benchmarks give
   * the hub and the demo practice one virtual clock, so an import paced by the real limits takes no real hour.
   */
  timer?: BudgetTimer;
}

/** The backstop pass when no webhook says anything, like a laptop's: every 5 minutes. */
export const DEFAULT_MIRROR_EVERY_MS = 300_000;

export interface RunningHub {
  hubUrl: string;
  practice: AuthValidation;
  db: HubDatabase;
  devices: DeviceRegistry;
  mirror: MirrorLoop;
  /** Whether this process mirrors (on PostgreSQL, one leader per Client ID; the others only serve). */
  leadership: MirrorLeadership;
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
 * and keeps mirroring. Plain http, so only on loopback until the hub takes a certificate.
 */
export async function startHub(options: StartHubOptions): Promise<RunningHub> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error('The hub serves plain http on loopback only (HTTPS is not built yet).');
  const db = await openHubDatabase(options);
  let leadership: MirrorLeadership | undefined;
  try {
    await migrate(db);
    const { baseUrl, clientId, secret } = options.partnerApi;
    const timer = options.timer ?? realTimer;
    const budget = createRequestBudget({ clientId, timer, store: createMemoryBudgetStore() });
    const api = createPartnerApiClient({
      baseUrl,
      credentials: () => ({ clientId, secret }),
      fetch: options.fetch ?? fetch,
      sleep: timer.sleep,
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
    const mirror = createMirrorLoop(createSyncEngine({ api, sink }), {
      everyMs: options.mirrorEveryMs ?? DEFAULT_MIRROR_EVERY_MS,
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
    const devices = createDeviceRegistry(db);
    const webhooks: WebhookStatus = { subscriptions: 0, testArrived: false };
    let testEventId: string | null = null;
    const app = createHubServer({
      db,
      devices,
      practice,
      register: (server) => {
        changes.register(server);
        registerWebhookReceiver(server, {
          db,
          practiceKey: practice.practiceKey,
          nowMs: timer.now,
          secrets: () => Object.values(readSecrets(options.dataDir).webhooks),
          onTest: (eventId) => {
            if (eventId === testEventId) webhooks.testArrived = true;
          },
          // The payload is a summary: re-read from the Partner API, one coalesced pass for a burst.
          onEvent: () => void mirror.request('interactive').catch((error: unknown) => console.error('[hub]', error)),
        });
      },
    });
    await app.listen({ host, port: options.port ?? 0 });
    mirror.start();
    const { port } = app.server.address() as AddressInfo;
    const hubUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (options.subscribeWebhooks) {
      const subscribed = await subscribeToEvents(api, `${hubUrl}${WEBHOOK_PATH}`);
      const stored = readSecrets(options.dataDir);
      writeSecrets(options.dataDir, { ...stored, webhooks: { ...stored.webhooks, ...subscribed.secrets } });
      webhooks.subscriptions = Object.keys(subscribed.secrets).length;
      testEventId = subscribed.testEventId;
      await waitFor(() => webhooks.testArrived, 5_000);
    }
    return {
      hubUrl,
      practice,
      db,
      devices,
      mirror,
      leadership: leader,
      webhooks,
      async close() {
        clearInterval(takeOverTimer);
        // A try already under way may win the lock after this: it must not start a pass on a closing database.
        stopping = true;
        await tryingToLead;
        await mirror.stop();
        await leader.close();
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await leadership?.close();
    await db.close();
    throw error;
  }
}
