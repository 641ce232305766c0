import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { authValidationSchema, type AuthValidation } from '../../src-preload/contract/partner-api';
import { createPartnerApiClient, type PartnerApiClient } from '../partner-api/partner-api-client';
import { realTimer } from '../request-budget/budget-timer';
import { createMemoryBudgetStore } from '../request-budget/budget-store';
import { createRequestBudget } from '../request-budget/request-budget';
import { createSyncEngine } from '../sync/sync-engine';
import { openHubDatabase, type HubDatabase } from './db/database';
import { migrate } from './db/migrations';
import { createDeviceRegistry, type DeviceRegistry } from './devices/devices';
import { createHubServer } from './http/hub-server';
import { createHubSyncSink, type HubSinkEvents } from './mirror/hub-sync-sink';
import { createMirrorLoop, type MirrorLoop } from './mirror/mirror-loop';

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
  /** Routes added by later modules (webhooks in, the change stream), given the running pieces. */
  register?: (app: FastifyInstance, hub: { db: HubDatabase; mirror: MirrorLoop; api: PartnerApiClient }) => void;
}

export interface RunningHub {
  hubUrl: string;
  practice: AuthValidation;
  db: HubDatabase;
  devices: DeviceRegistry;
  mirror: MirrorLoop;
  close(): Promise<void>;
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
  try {
    await migrate(db);
    const { baseUrl, clientId, secret } = options.partnerApi;
    const budget = createRequestBudget({ clientId, timer: realTimer, store: createMemoryBudgetStore() });
    const api = createPartnerApiClient({ baseUrl, credentials: () => ({ clientId, secret }), fetch, budget });
    const practice = (await api.request('GET', '/auth/validate', authValidationSchema)).data;
    const sink = createHubSyncSink(db, options.onChanged ? { onChanged: options.onChanged } : {});
    const mirror = createMirrorLoop(createSyncEngine({ api, sink }), { everyMs: options.mirrorEveryMs ?? 300_000 });
    await mirror.request('interactive');
    const devices = createDeviceRegistry(db);
    const app = createHubServer({
      db,
      devices,
      register: (server) => options.register?.(server, { db, mirror, api }),
    });
    await app.listen({ host, port: options.port ?? 0 });
    mirror.start();
    const { port } = app.server.address() as AddressInfo;
    return {
      hubUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      practice,
      db,
      devices,
      mirror,
      async close() {
        await mirror.stop();
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
