/**
 * `npm run hub -- --demo [--port N] [--data DIR]`: starts the embedded demo practice, mirrors it and serves
 * laptops on 127.0.0.1; prints exactly one JSON line (hubUrl, webhookUrl, practiceKey, demo, device).
 * `npm run hub -- [--api-url URL] [--port N] [--data DIR]`: the same for a real practice, whose Client
 * credentials are in DIR/secrets.json (0600). `DATABASE_URL=postgres://…` uses a PostgreSQL server.
 * `npm run hub -- devices add "Front desk laptop" | devices list | devices revoke <id> [--data DIR]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDemoPractice } from '../demo-practice/create-demo-practice';
import { demoSummary } from '../demo-practice/demo-summary';
import { runDevicesCommand } from './devices/devices-command';
import { enrolmentCode } from './devices/devices';
import { readSecrets, writeSecrets } from './secrets-file';
import { startHub } from './start-hub';
import { WEBHOOK_PATH } from './webhooks/webhook-path';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: {
    demo: { type: 'boolean', default: false },
    port: { type: 'string', default: '4020' },
    data: { type: 'string' },
    'api-url': { type: 'string' },
  },
  allowPositionals: true,
  strict: true,
});

const databaseUrl = process.env.DATABASE_URL || undefined;
// How often a follower tries to take over the mirror: the longest a dead leader's gap lasts (default 5 s).
const leaderPollMs = Number(process.env.HUB_LEADER_POLL_MS) || undefined;
const defaultData = resolve('.practice-hub');

if (positionals[0] === 'devices') {
  const dataDir = resolve(values.data ?? defaultData);
  const code = await runDevicesCommand(positionals.slice(1), { dataDir, databaseUrl }).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error)),
  );
  process.exit(code);
}
if (positionals.length > 0) fail(`Unknown command "${positionals.join(' ')}". Try: devices add|list|revoke.`);

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, not "${values.port}".`);

// The demo is a new practice on every start, so by default its hub gets a fresh data folder, removed on exit.
const scratch = values.demo && !values.data ? mkdtempSync(join(tmpdir(), 'practice-hub-demo-')) : null;
const dataDir = resolve(values.data ?? scratch ?? defaultData);
const demo = values.demo ? await createDemoPractice({ port: 0 }) : null;

let partnerApi: { baseUrl: string; clientId: string; secret: string };
if (demo) {
  const practice = demo.practices[0]!;
  partnerApi = { baseUrl: practice.baseUrl, ...practice.readWrite };
  writeSecrets(dataDir, { ...readSecrets(dataDir), partnerApi: practice.readWrite });
} else {
  const stored = readSecrets(dataDir).partnerApi;
  if (!values['api-url'] || !stored)
    fail(`Give --api-url and put {"partnerApi":{"clientId":…,"secret":…}} in ${join(dataDir, 'secrets.json')} (0600).`);
  partnerApi = { baseUrl: values['api-url'], ...stored };
}

const hub = await startHub({ dataDir, databaseUrl, port, partnerApi, leaderPollMs, subscribeWebhooks: !!demo }).catch(
  async (error: unknown) => {
    await demo?.close();
    return fail(`The hub did not start: ${error instanceof Error ? error.message : String(error)}`);
  },
);
const device = demo ? await hub.devices.add('Demo laptop') : null;

process.stdout.write(
  `${JSON.stringify({
    hubUrl: hub.hubUrl,
    webhookUrl: `${hub.hubUrl}${WEBHOOK_PATH}`,
    practiceKey: hub.practice.practiceKey,
    webhooks: hub.webhooks,
    // The enrolment code too: what Settings → Connection → "Through the practice hub" takes.
    ...(demo && device ? { demo: demoSummary(demo), device: { ...device, enrolmentCode: enrolmentCode(device) } } : {}),
  })}\n`,
);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await hub.close().catch(() => undefined);
    await demo?.close().catch(() => undefined);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  })();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
