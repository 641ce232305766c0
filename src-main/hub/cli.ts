/**
 * `npm run hub -- --demo [--port N] [--data DIR]`: starts the embedded demo practice, mirrors it and serves
 * laptops on 127.0.0.1; prints exactly one JSON line (hubUrl, webhookUrl, practiceKey, fingerprint, demo, device).
 * `npm run hub -- [--api-url URL] [--host H] [--port N] [--data DIR] [--cert FILE --key FILE | --self-signed]`:
 * the same for a real practice, whose Client credentials are in DIR/secrets.json (0600); HTTPS with the
 * administrator's certificate, or a self-signed one generated once into DIR (the default off loopback);
 * plain http on loopback only. `DATABASE_URL=postgres://…` uses a PostgreSQL server.
 * `npm run hub -- devices add "Front desk laptop" | devices list | devices revoke <id> [--data DIR]`.
 * `npm run hub -- webhooks subscribe --url https://…/webhooks/partner --api-url URL [--data DIR]`, beside the running hub.
 * `npm run hub -- backup --to FILE [--data DIR]`, `npm run hub -- restore --from FILE [--data DIR]`: the passphrase
 * from HUB_BACKUP_PASSPHRASE or typed (src-main/hub/backup/).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDemoPractice } from '../demo-practice/create-demo-practice';
import { demoSummary } from '../demo-practice/demo-summary';
import { runBackupCommand } from './backup/backup-command';
import { runRestoreCommand } from './backup/restore-command';
import { runDevicesCommand } from './devices/devices-command';
import { enrolmentCode } from './devices/devices';
import { loadHubTls, type HubTlsChoice } from './http/hub-tls';
import { readSecrets, writeSecrets } from './secrets-file';
import { startHub } from './start-hub';
import { WEBHOOK_PATH } from './webhooks/webhook-path';
import { runWebhooksCommand } from './webhooks/webhooks-command';
import { isLoopbackHost } from '../security/loopback';

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
    host: { type: 'string', default: '127.0.0.1' },
    cert: { type: 'string' },
    key: { type: 'string' },
    'self-signed': { type: 'boolean', default: false },
    url: { type: 'string' },
    to: { type: 'string' },
    from: { type: 'string' },
  },
  allowPositionals: true,
  strict: true,
});

const databaseUrl = process.env.DATABASE_URL || undefined;
// How often a follower tries to take over the mirror: the longest a dead leader's gap lasts (default 5 s).
const leaderPollMs = Number(process.env.HUB_LEADER_POLL_MS) || undefined;
const defaultData = resolve('.practice-hub');

/** The data folder holds the secrets, the certificate's key and the lock: made for this user only. */
function dataFolder(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  return path;
}

if (positionals[0] === 'devices') {
  const dataDir = dataFolder(resolve(values.data ?? defaultData));
  const code = await runDevicesCommand(positionals.slice(1), { dataDir, databaseUrl }).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error)),
  );
  process.exit(code);
}
if (positionals[0] === 'webhooks') {
  const dataDir = dataFolder(resolve(values.data ?? defaultData));
  const code = await runWebhooksCommand(positionals.slice(1), {
    dataDir,
    apiUrl: values['api-url'],
    url: values.url,
  }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  process.exit(code);
}
if (positionals[0] === 'backup' || positionals[0] === 'restore') {
  const options = { dataDir: resolve(values.data ?? defaultData), databaseUrl, to: values.to, from: values.from };
  const run = positionals[0] === 'backup' ? runBackupCommand : runRestoreCommand;
  const code = await run(positionals.slice(1), options).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error)),
  );
  process.exit(code);
}
if (positionals.length > 0)
  fail(
    `Unknown command "${positionals.join(' ')}". Try: devices add|list|revoke, webhooks subscribe, backup, restore.`,
  );
if (!values.cert !== !values.key) fail('Give both --cert and --key (PEM files), or neither.');
if (values.cert && values['self-signed']) fail('Give --cert and --key, or --self-signed, not both.');
const tlsChoice: HubTlsChoice =
  values.cert && values.key
    ? { kind: 'files', certFile: resolve(values.cert), keyFile: resolve(values.key) }
    : values['self-signed'] || !isLoopbackHost(values.host)
      ? { kind: 'self-signed' }
      : { kind: 'none' };

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, not "${values.port}".`);

// The demo is a new practice on every start, so by default its hub gets a fresh data folder, removed on exit.
const scratch = values.demo && !values.data ? mkdtempSync(join(tmpdir(), 'practice-hub-demo-')) : null;
const dataDir = dataFolder(resolve(values.data ?? scratch ?? defaultData));
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

const hub = await loadHubTls(dataDir, values.host, tlsChoice)
  .then((tls) =>
    startHub({
      dataDir,
      databaseUrl,
      host: values.host,
      port,
      tls,
      partnerApi,
      leaderPollMs,
      subscribeWebhooks: !!demo,
    }),
  )
  .catch(async (error: unknown) => {
    await demo?.close();
    return fail(`The hub did not start: ${error instanceof Error ? error.message : String(error)}`);
  });
const device = demo ? await hub.devices.add('Demo laptop') : null;
const pinned = hub.certificate?.pinned ? hub.certificate.fingerprint : null;

process.stdout.write(
  `${JSON.stringify({
    hubUrl: hub.hubUrl,
    webhookUrl: `${hub.hubUrl}${WEBHOOK_PATH}`,
    practiceKey: hub.practice.practiceKey,
    // The served certificate's SHA-256 (null over plain http): what an administrator compares out of band.
    fingerprint: hub.certificate?.fingerprint ?? null,
    webhooks: hub.webhooks,
    // The enrolment code too: what Settings → Connection → "Through the practice hub" takes.
    ...(demo && device
      ? { demo: demoSummary(demo), device: { ...device, enrolmentCode: enrolmentCode(device, pinned) } }
      : {}),
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
