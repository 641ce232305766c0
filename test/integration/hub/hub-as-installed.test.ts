import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHubTls } from '../../../src-main/hub/http/hub-tls';
import { normaliseFingerprint } from '../../../src-main/security/hub-pins';
import { readDockerfile, type DockerStep } from '../../support/dockerfile-steps';
import { spawnTracked, type TrackedProcess } from '../../support/tracked-process';
import { waitFor } from '../../support/wait-for';
import { hubTestEngine } from './hub-database';

/**
 * The hub as an IT provider installs it, without this checkout's devDependencies or TypeScript: the image's
 * steps (resources/hub/Dockerfile, from WORKDIR on) run as written in a scratch folder, the hub is started with
 * the image's ENTRYPOINT and environment, checked with its HEALTHCHECK, and stopped as `docker stop` does;
 * the systemd unit (resources/hub/practice-hub.service) is verified against that same scratch install.
 */
const repo = resolve(__dirname, '../../..');
const steps = readDockerfile(readFileSync(join(repo, 'resources/hub/Dockerfile'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'hub-as-installed-'));
const dataDir = join(scratch, 'data');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function only<K extends DockerStep['kind']>(kind: K): (DockerStep & { kind: K })[] {
  return steps.filter((step): step is DockerStep & { kind: K } => step.kind === kind);
}
const imageEnv: Record<string, string> = Object.assign({}, ...only('ENV').map((step) => step.values));

function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', failed);
  });
}

/** GET over HTTPS from the hub whose certificate has this fingerprint (the one the hub printed), no other. */
function getPinned(url: string, fingerprint: string): Promise<{ status: number; body: string }> {
  return new Promise((done, failed) => {
    const asking = request(url, { rejectUnauthorized: false, timeout: 10_000 }, (response) => {
      const shown = normaliseFingerprint((response.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '');
      if (shown !== fingerprint) return failed(new Error(`another certificate: ${shown}`));
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
    });
    asking.on('error', failed);
    asking.end();
  });
}

describe.runIf(hubTestEngine === 'pglite')('the hub as installed from its image steps', () => {
  let hub: TrackedProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let stderr = '';

  beforeAll(() => {
    // The hub as `npm run build` writes it, from this checkout's sources.
    execFileSync('npm', ['run', '--silent', 'build:hub'], { cwd: repo, stdio: 'inherit' });
    const workdir = steps.findIndex((step) => step.kind === 'WORKDIR');
    expect(workdir).toBeGreaterThan(0);
    for (const step of steps.slice(workdir + 1)) {
      if (step.kind === 'COPY') {
        for (const source of step.sources) {
          const into = step.target.endsWith('/')
            ? join(scratch, step.target, basename(source))
            : join(scratch, step.target);
          cpSync(join(repo, source), into, { recursive: true });
        }
      } else if (step.kind === 'RUN') {
        execFileSync('sh', ['-c', step.shell], {
          cwd: scratch,
          env: { ...process.env, ...imageEnv },
          stdio: 'inherit',
        });
      }
    }
  }, 300_000);

  afterAll(async () => {
    await hub?.stop();
  });

  it('is built for Node 24, runs as its own user, keeps its data in a volume and stops on SIGTERM', () => {
    expect(only('FROM')[0]!.text).toMatch(/^node:24\b/);
    const user = only('USER').at(-1)?.text;
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(only('VOLUME').map((step) => step.text)).toEqual([imageEnv.HUB_DATA]);
    expect(only('EXPOSE').map((step) => step.text)).toEqual([imageEnv.HUB_PORT]);
    expect(only('STOPSIGNAL').map((step) => step.text)).toEqual(['SIGTERM']);
    // Docker's stop waits 10 s before SIGKILL: the drain must end before it.
    expect(Number(imageEnv.HUB_DRAIN_SECONDS)).toBeLessThan(10);
    // Nothing of the checkout but the lock file's packages and the built hub.
    expect(() => readFileSync(join(scratch, 'node_modules/typescript/package.json'))).toThrow();
    expect(() => readFileSync(join(scratch, 'node_modules/tsx/package.json'))).toThrow();
  });

  it('starts with --demo, prints its JSON line, is live, ready and measured, and is healthy by its HEALTHCHECK', async () => {
    const port = await freePort();
    mkdirSync(dataDir, { recursive: true });
    // As in the container, but listening on loopback only (HTTPS nonetheless, as off loopback).
    env = {
      ...process.env,
      ...imageEnv,
      HUB_HOST: '127.0.0.1',
      HUB_SELF_SIGNED: '1',
      HUB_PORT: String(port),
      HUB_DATA: dataDir,
    };
    delete env.DATABASE_URL;
    const [command, ...args] = only('ENTRYPOINT')[0]!.argv;
    hub = spawnTracked(command!, [...args, '--demo'], { cwd: scratch, env });
    hub.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const line = await new Promise<string>((done, failed) => {
      createInterface({ input: hub!.child.stdout! }).once('line', done);
      void hub!.exited.then((code) => failed(new Error(`the hub exited with ${code}: ${stderr}`)));
    });
    const printed = JSON.parse(line) as { hubUrl: string; fingerprint: string };
    expect(printed.hubUrl).toBe(`https://127.0.0.1:${port}`);
    expect(printed.fingerprint).toMatch(/^[0-9A-F]{64}$/);

    const live = await getPinned(`${printed.hubUrl}/livez`, printed.fingerprint);
    expect(live.status).toBe(200);
    const ready = await waitFor(
      'the hub to be ready',
      () => getPinned(`${printed.hubUrl}/readyz`, printed.fingerprint),
      (answer) => answer.status === 200,
      120_000,
    );
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready', failing: [] });

    const metrics = await getPinned(`${printed.hubUrl}/metrics`, printed.fingerprint);
    expect(metrics.status).toBe(200);
    const lines = metrics.body.split('\n').filter((text) => text !== '');
    const sample =
      /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|\+Inf|-Inf)$/;
    for (const text of lines)
      if (!text.startsWith('# HELP ') && !text.startsWith('# TYPE ')) expect(text).toMatch(sample);
    const families = new Set(lines.filter((text) => text.startsWith('# TYPE ')).map((text) => text.split(' ')[2]));
    for (const family of [
      'practice_hub_partner_api_requests_total',
      'practice_hub_partner_api_rate_limited_total',
      'practice_hub_request_budget_remaining',
      'practice_hub_mirror_lag_seconds',
      'practice_hub_webhook_deliveries_total',
      'practice_hub_webhook_ack_seconds',
      'practice_hub_change_streams_open',
      'practice_hub_devices_active',
      'practice_hub_read_through_total',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
    ])
      expect(families).toContain(family);

    // The image's HEALTHCHECK, run as Docker runs it: in the working directory, with the container's environment.
    const check = only('HEALTHCHECK')[0]!;
    const [healthCommand, ...healthArgs] = check.argv;
    const healthy = spawnSync(healthCommand!, healthArgs, { cwd: scratch, env, encoding: 'utf8', timeout: 30_000 });
    expect(healthy.status, healthy.stderr).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({ status: 'ready' });
    // Another port, where nothing answers: unhealthy, and says why.
    const elsewhere = spawnSync(healthCommand!, healthArgs, {
      cwd: scratch,
      env: { ...env, HUB_PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toContain('could not be asked');
    // The right port, but a data folder that records another certificate: not taken for this hub.
    const otherData = join(scratch, 'other-data');
    mkdirSync(otherData);
    await loadHubTls(otherData, '127.0.0.1', { kind: 'self-signed' });
    const impostor = spawnSync(healthCommand!, healthArgs, {
      cwd: scratch,
      env: { ...env, HUB_DATA: otherData },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(impostor.status).toBe(1);
    expect(impostor.stderr).toContain("its certificate is not the hub's");
  }, 240_000);

  it('stops on SIGTERM within the drain, exits 0, and logged JSON lines with nothing wrong', async () => {
    expect(hub).toBeDefined();
    const started = Date.now();
    hub!.child.kill('SIGTERM');
    expect(await hub!.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(Number(imageEnv.HUB_DRAIN_SECONDS) * 1000);
    const entries = stderr
      .split('\n')
      .filter((text) => text.trim())
      .map((text) => JSON.parse(text) as { level: number; msg: string });
    expect(entries.map((entry) => entry.msg)).toContain('the hub stopped');
    expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
  }, 60_000);

  it('is run by a systemd unit that systemd-analyze verifies, sandboxed, against this install', () => {
    const unit = readFileSync(join(repo, 'resources/hub/practice-hub.service'), 'utf8');
    for (const setting of [
      /^DynamicUser=yes$/m,
      /^StateDirectory=practice-hub$/m,
      /^Restart=on-failure$/m,
      /^Environment=HUB_DATA=\/var\/lib\/practice-hub$/m,
      /^ProtectSystem=strict$/m,
      /^NoNewPrivileges=yes$/m,
    ])
      expect(unit).toMatch(setting);
    // The unit as installed, pointed at this scratch install and this Node instead of /opt and /usr/bin.
    const folder = mkdtempSync(join(tmpdir(), 'hub-unit-'));
    try {
      const here = join(folder, 'practice-hub.service');
      writeFileSync(here, unit.replaceAll('/opt/practice-hub', scratch).replaceAll('/usr/bin/node', process.execPath));
      const verify = spawnSync('systemd-analyze', ['verify', here], { encoding: 'utf8' });
      expect(verify.error).toBeUndefined();
      // A warning (an unknown or mistyped setting) is written to stderr even when the exit code is 0.
      expect({ status: verify.status, said: verify.stderr.trim() }).toEqual({ status: 0, said: '' });
      const security = spawnSync('systemd-analyze', ['security', '--offline=yes', here], { encoding: 'utf8' });
      const exposure = /Overall exposure level for practice-hub\.service: ([\d.]+)/.exec(security.stdout);
      expect(exposure, security.stdout + security.stderr).not.toBeNull();
      // systemd's own scale: 0 (locked down) to 10 (unprotected); below 2 is "OK".
      expect(Number(exposure![1])).toBeLessThan(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
