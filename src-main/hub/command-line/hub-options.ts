import { parseArgs } from 'node:util';

/**
 * Every setting of the hub's command line, each given by a flag or by an environment variable (a flag wins):
 * a systemd unit or a container sets the environment, a person at a shell types flags. One table feeds the
 * parser, the validation and `--help`, so a setting cannot be accepted and left out of the help, or the
 * other way round.
 */
interface OptionSpec {
  flag: string;
  env: string;
  kind: 'string' | 'boolean';
  /** What the value is, as `--help` shows it (`--port N`). */
  value?: string;
  default?: string;
  help: string;
  /** Where it counts: starting the hub, or one of the one-off commands. */
  for: 'serve' | 'all' | 'webhooks' | 'backup' | 'restore';
}

export const HUB_OPTION_SPECS: readonly OptionSpec[] = [
  {
    flag: 'demo',
    env: 'HUB_DEMO',
    kind: 'boolean',
    for: 'serve',
    help: 'Start the built-in demo practice and serve it (a scratch data folder unless --data is given).',
  },
  {
    flag: 'host',
    env: 'HUB_HOST',
    kind: 'string',
    value: 'ADDRESS',
    default: '127.0.0.1',
    for: 'serve',
    help: 'The address to listen on. Off loopback the hub serves HTTPS only.',
  },
  {
    flag: 'port',
    env: 'HUB_PORT',
    kind: 'string',
    value: 'N',
    default: '4020',
    for: 'serve',
    help: 'The port to listen on (0: any free port).',
  },
  {
    flag: 'data',
    env: 'HUB_DATA',
    kind: 'string',
    value: 'DIR',
    for: 'all',
    help: 'The data folder (default ./.practice-hub; with --demo a scratch one): secrets.json, tls/, the lock, and the PGlite database when there is no --database-url. Made 0700.',
  },
  {
    flag: 'database-url',
    env: 'DATABASE_URL',
    kind: 'string',
    value: 'URL',
    for: 'all',
    help: 'postgres://… to keep the mirror on a PostgreSQL server instead of PGlite in the data folder.',
  },
  {
    flag: 'api-url',
    env: 'HUB_API_URL',
    kind: 'string',
    value: 'URL',
    for: 'serve',
    help: "The practice's Partner API base URL (its Client credentials are in DIR/secrets.json).",
  },
  {
    flag: 'cert',
    env: 'HUB_TLS_CERT',
    kind: 'string',
    value: 'FILE',
    for: 'serve',
    help: 'The HTTPS certificate (PEM), with --key.',
  },
  {
    flag: 'key',
    env: 'HUB_TLS_KEY',
    kind: 'string',
    value: 'FILE',
    for: 'serve',
    help: 'The HTTPS private key (PEM), with --cert.',
  },
  {
    flag: 'self-signed',
    env: 'HUB_SELF_SIGNED',
    kind: 'boolean',
    for: 'serve',
    help: 'Serve HTTPS with a certificate made once into DIR/tls (the default off loopback); laptops pin it.',
  },
  {
    flag: 'system-ca',
    env: 'HUB_SYSTEM_CA',
    kind: 'boolean',
    for: 'all',
    help: "Also trust the operating system's certificate store for the hub's own calls (NODE_EXTRA_CA_CERTS is always read).",
  },
  {
    flag: 'leader-poll-ms',
    env: 'HUB_LEADER_POLL_MS',
    kind: 'string',
    value: 'MS',
    default: '5000',
    for: 'serve',
    help: 'How often a follower tries to take over the mirror: the longest a dead leader leaves it unattended.',
  },
  {
    flag: 'drain-seconds',
    env: 'HUB_DRAIN_SECONDS',
    kind: 'string',
    value: 'S',
    default: '10',
    for: 'serve',
    help: 'On SIGTERM or SIGINT, how long requests under way may take to finish before their connections are closed.',
  },
  {
    flag: 'url',
    env: 'HUB_WEBHOOK_URL',
    kind: 'string',
    value: 'URL',
    for: 'webhooks',
    help: "webhooks subscribe: the hub's public https address for webhooks (…/webhooks/partner).",
  },
  {
    flag: 'to',
    env: 'HUB_BACKUP_TO',
    kind: 'string',
    value: 'FILE',
    for: 'backup',
    help: 'backup: the file to write (the passphrase from HUB_BACKUP_PASSPHRASE, or typed twice).',
  },
  {
    flag: 'from',
    env: 'HUB_RESTORE_FROM',
    kind: 'string',
    value: 'FILE',
    for: 'restore',
    help: 'restore: the backup file to read into an empty data folder or database.',
  },
  {
    flag: 'log-level',
    env: 'HUB_LOG_LEVEL',
    kind: 'string',
    value: 'LEVEL',
    default: 'info',
    for: 'serve',
    help: 'The least a log line must matter to be written: trace, debug, info, warn, error, fatal or silent.',
  },
  { flag: 'help', env: 'HUB_HELP', kind: 'boolean', for: 'all', help: 'Print this help and exit.' },
];

export interface HubOptions {
  command: string[];
  demo: boolean;
  host: string;
  port: number;
  /** As given (resolved by the caller); undefined when neither the flag nor HUB_DATA names one. */
  data: string | undefined;
  databaseUrl: string | undefined;
  apiUrl: string | undefined;
  cert: string | undefined;
  key: string | undefined;
  selfSigned: boolean;
  systemCa: boolean;
  leaderPollMs: number;
  drainMs: number;
  logLevel: HubLogLevel;
  url: string | undefined;
  to: string | undefined;
  from: string | undefined;
  help: boolean;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type HubLogLevel = (typeof LOG_LEVELS)[number];

function logLevel(text: string, name: string): HubLogLevel {
  const level = LOG_LEVELS.find((candidate) => candidate === text.trim().toLowerCase());
  if (!level) throw new HubOptionsError(`${name} must be one of ${LOG_LEVELS.join(', ')}, not "${text}".`);
  return level;
}

/** A setting the hub cannot start with: said on stderr, exit code 2. */
export class HubOptionsError extends Error {}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off', '']);

function fromEnvironment(spec: OptionSpec, env: NodeJS.ProcessEnv): string | boolean | undefined {
  const raw = env[spec.env];
  if (raw === undefined) return undefined;
  if (spec.kind === 'string') return raw === '' ? undefined : raw;
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new HubOptionsError(`${spec.env} must be true or false (1/0, yes/no), not "${raw}".`);
}

function wholeNumber(text: string, name: string, min: number, max: number): number {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new HubOptionsError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  return value;
}

function httpUrl(text: string | undefined, name: string): string | undefined {
  if (text === undefined) return undefined;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new HubOptionsError(`${name} must be an http(s) address, not "${text}".`);
  return text;
}

/** Reads the command line over the environment; throws HubOptionsError with a sentence an administrator can act on. */
export function readHubOptions(argv: readonly string[], env: NodeJS.ProcessEnv): HubOptions {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(HUB_OPTION_SPECS.map((spec) => [spec.flag, { type: spec.kind }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new HubOptionsError(`${error instanceof Error ? error.message : String(error)} Try --help.`);
  }
  const setting = (flag: string): string | boolean | undefined => {
    const spec = HUB_OPTION_SPECS.find((candidate) => candidate.flag === flag)!;
    return (parsed.values[flag] as string | boolean | undefined) ?? fromEnvironment(spec, env) ?? spec.default;
  };
  const text = (flag: string) => setting(flag) as string | undefined;
  const flag = (flag: string) => setting(flag) === true;
  const name = (flag: string) => `--${flag} (${HUB_OPTION_SPECS.find((spec) => spec.flag === flag)!.env})`;

  return {
    command: parsed.positionals,
    demo: flag('demo'),
    host: text('host')!,
    port: wholeNumber(text('port')!, name('port'), 0, 65535),
    data: text('data'),
    databaseUrl: text('database-url'),
    apiUrl: httpUrl(text('api-url'), name('api-url')),
    cert: text('cert'),
    key: text('key'),
    selfSigned: flag('self-signed'),
    systemCa: flag('system-ca'),
    leaderPollMs: wholeNumber(text('leader-poll-ms')!, name('leader-poll-ms'), 100, 3_600_000),
    drainMs: wholeNumber(text('drain-seconds')!, name('drain-seconds'), 0, 3600) * 1000,
    logLevel: logLevel(text('log-level')!, name('log-level')),
    url: httpUrl(text('url'), name('url')),
    to: text('to'),
    from: text('from'),
    help: flag('help'),
  };
}

const COMMANDS = [
  ['(none)', 'Start the hub: mirror the practice and serve laptops. Prints one JSON line when it is serving.'],
  ['devices add "NAME"', 'Enrol a laptop; prints its one-time enrolment code (beside a running hub: through it).'],
  ['devices list', 'The enrolled laptops.'],
  ['devices revoke ID', 'Revoke a laptop at once, on every hub process.'],
  ['webhooks subscribe', 'Subscribe the practice to the hub (needs --url and --api-url).'],
  ['backup', 'Write an encrypted backup of the hub (needs --to); a running hub is asked for it.'],
  ['restore', 'Restore a backup into an empty data folder or database (needs --from).'],
  ['health', 'Ask the hub running here (--host, --port, --data) whether it is ready; exit 0 when it is.'],
] as const;

/** `--help`: the commands, then every setting with its flag, its variable and its default. */
export function hubHelp(): string {
  const lines = ['Usage: node out/hub/cli.js [COMMAND] [OPTIONS]', '', 'Commands:'];
  for (const [command, what] of COMMANDS) lines.push(`  ${command.padEnd(22)}${what}`);
  lines.push('', 'Options (each also read from the environment variable shown; a flag wins):');
  for (const spec of HUB_OPTION_SPECS) {
    const left = `--${spec.flag}${spec.value ? ` ${spec.value}` : ''}`;
    lines.push(`  ${left.padEnd(22)}${spec.env}${spec.default ? `  (default ${spec.default})` : ''}`);
    lines.push(`  ${''.padEnd(22)}${spec.help}`);
  }
  lines.push(
    '',
    'Environment only:',
    '  HUB_BACKUP_PASSPHRASE   The backup passphrase for backup and restore (else typed without echo).',
    '  HTTPS_PROXY, HTTP_PROXY, NO_PROXY',
    "                          The practice's proxy for the hub's calls to the Partner API.",
    '  NODE_EXTRA_CA_CERTS     A PEM file of extra certificate authorities to trust (a TLS-inspecting proxy).',
    '',
    'In the data folder:',
    '  secrets.json            {"partnerApi":{"clientId":…,"secret":…}} (0600); optional "metricsToken" lets',
    '                          /metrics be read from another machine with Authorization: Bearer TOKEN.',
    '',
  );
  return lines.join('\n');
}
