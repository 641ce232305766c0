import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { systemClock } from '../../../src-main/clock';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import { createPracticeSession, type PracticeSession } from '../../../src-main/practice-session/practice-session';
import { createJsonFileSettings } from '../../../src-main/settings/json-file-settings';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import type { Region } from '../../../src-preload/contract/partner-api';
import type { ConnectInput } from '../../../src-preload/contract/practice';

/** Practice servers on 127.0.0.1 and runs of main's practice session over a settings file, for the binding tests. */
/** A practice server on 127.0.0.1 that knows one Client ID and secret, and counts every request it receives. */
export interface FakeServer {
  url: string;
  requests: { path: string; clientId: string | undefined }[];
  practiceKey: string;
  server: Server;
}
const servers: FakeServer[] = [];

export async function fakeServer(practice: {
  practiceKey: string;
  name: string;
  region?: Region;
  clientId: string;
  secret: string;
}): Promise<FakeServer> {
  const fake: FakeServer = {
    url: '',
    requests: [],
    practiceKey: practice.practiceKey,
    server: null as unknown as Server,
  };
  fake.server = createServer((req, res) => {
    fake.requests.push({ path: req.url ?? '', clientId: req.headers['x-svc-auth-id'] as string | undefined });
    const known =
      req.headers['x-svc-auth-id'] === practice.clientId && req.headers['x-svc-auth-key'] === practice.secret;
    if (!known) {
      res
        .writeHead(401, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ title: 'Unauthorized', status: 401 }));
      return;
    }
    const body = {
      practiceKey: practice.practiceKey,
      practiceName: practice.name,
      region: practice.region ?? 'ANZ',
      canWrite: true,
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  servers.push(fake);
  return fake;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.server.close(resolve))));
});

export const KEY_A = '11111111-1111-4111-8111-111111111111';
export const KEY_B = '22222222-2222-4222-8222-222222222222';

/** One "run" of main's session over a settings file; the cipher is shared across runs as the OS keychain is. */
const noHosts = { ANZ: 'http://127.0.0.1:9', UK: 'http://127.0.0.1:9', ZA: 'http://127.0.0.1:9' };

export function run(
  file: string,
  cipher = createSessionCipher(),
  extra: {
    regionHosts?: Record<Region, string>;
    /** The hosts built into the app; default the region hosts (no regions file). */
    builtInRegionHosts?: Record<Region, string>;
    wipeDocuments?: (key: string) => Promise<void>;
    forgotten?: string[];
  } = {},
) {
  const settings = createJsonFileSettings(file);
  const session = createPracticeSession({
    vault: createCredentialVault({ settings, cipher }),
    fetch: globalThis.fetch,
    clock: systemClock,
    events: createEventHub(),
    regionHosts: extra.regionHosts ?? noHosts,
    builtInRegionHosts: extra.builtInRegionHosts ?? extra.regionHosts ?? noHosts,
    startDemo: () => Promise.reject(new Error('no demo here')),
    wipeDocuments: extra.wipeDocuments ?? (async () => undefined),
    forgetBudget: (clientId) => void extra.forgotten?.push(clientId),
    newId: () => crypto.randomUUID(),
    apiClient: { timeoutMs: 5_000, sleep: async () => undefined },
  });
  sessions.push(session);
  return { session, settings, cipher };
}
const sessions: PracticeSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.dispose()));
});

export const custom = (
  url: string,
  clientId: string,
  secret: string,
  more: Partial<ConnectInput> = {},
): ConnectInput => ({
  region: 'custom',
  customUrl: url,
  clientId,
  secret,
  remember: true,
  acceptWeakStorage: false,
  ...more,
});
export const settingsFile = () => join(mkdtempSync(join(tmpdir(), 'binding-')), 'settings.json');
export const storedRecords = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { 'vault.practices': Record<string, unknown>[] })['vault.practices'];
