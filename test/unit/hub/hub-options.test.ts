import { describe, expect, it } from 'vitest';
import {
  hubHelp,
  HubOptionsError,
  HUB_OPTION_SPECS,
  readHubOptions,
} from '../../../src-main/hub/command-line/hub-options';

describe('the hub command line', () => {
  it('takes every setting from its environment variable, and a flag over the variable', () => {
    const env = {
      HUB_HOST: '0.0.0.0',
      HUB_PORT: '8443',
      HUB_DATA: '/var/lib/practice-hub',
      DATABASE_URL: 'postgres://hub@/hub?host=/run/postgresql',
      HUB_API_URL: 'https://api.example.test/v1',
      HUB_TLS_CERT: '/etc/hub/cert.pem',
      HUB_TLS_KEY: '/etc/hub/key.pem',
      HUB_SELF_SIGNED: 'no',
      HUB_SYSTEM_CA: 'yes',
      HUB_LEADER_POLL_MS: '2500',
      HUB_DRAIN_SECONDS: '30',
      HUB_LOG_LEVEL: 'WARN',
      HUB_DEMO: '0',
    };
    expect(readHubOptions([], env)).toMatchObject({
      host: '0.0.0.0',
      port: 8443,
      data: '/var/lib/practice-hub',
      databaseUrl: 'postgres://hub@/hub?host=/run/postgresql',
      apiUrl: 'https://api.example.test/v1',
      cert: '/etc/hub/cert.pem',
      key: '/etc/hub/key.pem',
      selfSigned: false,
      systemCa: true,
      leaderPollMs: 2500,
      drainMs: 30_000,
      logLevel: 'warn',
      demo: false,
    });
    expect(readHubOptions(['--port', '9000', '--host', '127.0.0.1', '--demo'], env)).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      demo: true,
      data: '/var/lib/practice-hub',
    });
  });

  it('has defaults for a developer on loopback, and no data folder named unless one is', () => {
    expect(readHubOptions([], {})).toMatchObject({
      host: '127.0.0.1',
      port: 4020,
      data: undefined,
      leaderPollMs: 5000,
      drainMs: 10_000,
      logLevel: 'info',
      demo: false,
      command: [],
    });
    expect(readHubOptions(['devices', 'revoke', 'abc'], {}).command).toEqual(['devices', 'revoke', 'abc']);
  });

  it.each([
    [['--port', '70000'], {}, '--port (HUB_PORT) must be a whole number from 0 to 65535'],
    [[], { HUB_PORT: '80a' }, 'not "80a"'],
    [[], { HUB_DEMO: 'maybe' }, 'HUB_DEMO must be true or false'],
    [['--api-url', 'ftp://x'], {}, '--api-url (HUB_API_URL) must be an http(s) address'],
    [[], { HUB_DRAIN_SECONDS: '-1' }, '--drain-seconds (HUB_DRAIN_SECONDS)'],
    [['--no-such-flag'], {}, 'Try --help'],
    [
      ['--log-level', 'loud'],
      {},
      '--log-level (HUB_LOG_LEVEL) must be one of trace, debug, info, warn, error, fatal, silent',
    ],
  ] as const)('refuses %j %j with a sentence', (argv, env, sentence) => {
    expect(() => readHubOptions(argv, env)).toThrow(HubOptionsError);
    expect(() => readHubOptions(argv, env)).toThrow(sentence);
  });

  it('lists every flag and its variable in --help', () => {
    const help = hubHelp();
    for (const spec of HUB_OPTION_SPECS) {
      expect(help).toContain(`--${spec.flag}`);
      expect(help).toContain(spec.env);
    }
    for (const variable of ['HUB_BACKUP_PASSPHRASE', 'HTTPS_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS'])
      expect(help).toContain(variable);
    for (const said of ['health', 'metricsToken', 'secrets.json']) expect(help).toContain(said);
  });
});
