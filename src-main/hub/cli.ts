/**
 * The hub's command line: `node out/hub/cli.js [COMMAND] [OPTIONS]` (`npm run hub -- …` builds it first).
 * Every setting is a flag or an environment variable (command-line/hub-options.ts; `--help` lists them).
 * Starting: prints exactly one JSON line when serving (hubUrl, webhookUrl, practiceKey, fingerprint, webhooks;
 * with --demo also demo and device). Credentials for a real practice are in DATA/secrets.json (0600).
 * Commands: devices add|list|revoke, webhooks subscribe, backup --to FILE, restore --from FILE, health.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runBackupCommand } from './backup/backup-command';
import { runRestoreCommand } from './backup/restore-command';
import { hubHelp, HubOptionsError, readHubOptions, type HubOptions } from './command-line/hub-options';
import { useOutboundNetwork } from './command-line/outbound-network';
import { describeFailure } from './command-line/describe-failure';
import { askHubHealth } from './command-line/health-command';
import { stopOnSignals } from './command-line/stop-signals';
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

let options: HubOptions;
try {
  options = readHubOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (error instanceof HubOptionsError) fail(error.message);
  throw error;
}
if (options.help) {
  process.stdout.write(hubHelp());
  process.exit(0);
}
const values = options;
const positionals = options.command;
const databaseUrl = options.databaseUrl;
const defaultData = resolve('.practice-hub');
try {
  useOutboundNetwork(process.env, { systemCa: options.systemCa });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

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
    apiUrl: values.apiUrl,
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
if (positionals[0] === 'health' && positionals.length === 1) {
  const answer = await askHubHealth({
    host: values.host,
    port: values.port,
    dataDir: resolve(values.data ?? defaultData),
  });
  (answer.ready ? process.stdout : process.stderr).write(`${answer.said}\n`);
  process.exit(answer.ready ? 0 : 1);
}
if (positionals.length > 0)
  fail(
    `Unknown command "${positionals.join(' ')}". Try: devices add|list|revoke, webhooks subscribe, backup, restore, health, or --help.`,
  );
if (!values.cert !== !values.key) fail('Give both --cert and --key (PEM files), or neither.');
if (values.cert && values.selfSigned) fail('Give --cert and --key, or --self-signed, not both.');
const tlsChoice: HubTlsChoice =
  values.cert && values.key
    ? { kind: 'files', certFile: resolve(values.cert), keyFile: resolve(values.key) }
    : values.selfSigned || !isLoopbackHost(values.host)
      ? { kind: 'self-signed' }
      : { kind: 'none' };

const port = values.port;

// Heard from here on, before anything is opened: a hub that is PID 1 in a container drops a signal it has no
// handler for, so one installed only once it serves would leave `docker stop` unheard during the start.
const stopping = stopOnSignals({
  on: (signal, handler) => process.on(signal, handler),
  exit: (code) => process.exit(code),
  say: (line) => process.stderr.write(`${line}\n`),
});

// The demo is a new practice on every start, so by default its hub gets a fresh data folder, removed on exit.
const scratch = values.demo && !values.data ? mkdtempSync(join(tmpdir(), 'practice-hub-demo-')) : null;
const dataDir = dataFolder(resolve(values.data ?? scratch ?? defaultData));
// The demo practice is loaded only with --demo: a hub serving a real practice never loads the fake one.
const demoModules = values.demo
  ? await Promise.all([import('../demo-practice/create-demo-practice'), import('../demo-practice/demo-summary')])
  : null;
const demo = demoModules ? await demoModules[0].createDemoPractice({ port: 0 }) : null;

let partnerApi: { baseUrl: string; clientId: string; secret: string };
if (demo) {
  const practice = demo.practices[0]!;
  partnerApi = { baseUrl: practice.baseUrl, ...practice.readWrite };
  writeSecrets(dataDir, { ...readSecrets(dataDir), partnerApi: practice.readWrite });
} else {
  const stored = readSecrets(dataDir).partnerApi;
  if (!values.apiUrl || !stored)
    fail(
      `Give --api-url (HUB_API_URL) and put {"partnerApi":{"clientId":…,"secret":…}} in ${join(dataDir, 'secrets.json')} (0600).`,
    );
  partnerApi = { baseUrl: values.apiUrl, ...stored };
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
      leaderPollMs: values.leaderPollMs,
      drainMs: values.drainMs,
      log: { level: values.logLevel },
      subscribeWebhooks: !!demo,
      stopAsked: stopping.asked,
    }),
  )
  .catch(async (error: unknown) => {
    await demo?.close();
    if (stopping.asked.aborted) {
      // Asked to stop while starting: the start gave up and closed what it had opened. A stop, not a failure.
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      process.stderr.write('The hub stopped before it served.\n');
      process.exit(0);
    }
    return fail(`The hub did not start: ${describeFailure(error)}`);
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
      ? { demo: demoModules![1].demoSummary(demo), device: { ...device, enrolmentCode: enrolmentCode(device, pinned) } }
      : {}),
  })}\n`,
);

// A signal (now, or one heard at the very end of the start): requests under way finish within the drain, then
// the hub closes and exits 0.
stopping.started(async () => {
  let code = 0;
  await hub.close().catch((error: unknown) => {
    process.stderr.write(`The hub did not close cleanly: ${describeFailure(error)}\n`);
    code = 1;
  });
  await demo?.close().catch(() => undefined);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  return code;
});
