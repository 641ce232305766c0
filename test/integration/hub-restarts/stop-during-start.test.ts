import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { writeSecrets } from '../../../src-main/hub/secrets-file';
import { spawnTracked } from '../../support/tracked-process';
import { waitUntil } from '../../support/wait-for';

/**
 * `systemctl stop` or `docker stop` while the hub is still starting. The start's first Partner API request is
 * held by a proxy until the signal has been sent, so the signal lands inside the start every time. The hub
 * must hear it (as PID 1 of a container it would otherwise be dropped; as a plain process it would kill the
 * hub mid-start), finish the start, then close as on any stop: exit 0, its lock gone.
 */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
// A hub that did not hear the stop is stopped here, given its drain: more than a hook's default 10 s.
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 90_000);

const asRoot = process.getuid?.() === 0;
const namespace = [
  'unshare',
  ...(asRoot ? [] : ['--user', '--map-root-user']),
  '--pid',
  '--fork',
  '--mount-proc',
  '--',
];

/** A proxy to the practice that keeps the first request it gets until `release()`. */
async function holdingProxy(target: string) {
  const origin = new URL(target);
  let held: (() => void) | null = null;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const forward = (incoming: IncomingMessage, answer: ServerResponse): void => {
    const upstream = httpRequest(
      {
        host: origin.hostname,
        port: origin.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    incoming.pipe(upstream);
  };
  let first = true;
  const proxy = createServer((incoming, answer) => {
    if (!first) return forward(incoming, answer);
    first = false;
    held = () => forward(incoming, answer);
    void released.then(held);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    release();
    proxy.closeAllConnections();
    return new Promise((resolve) => proxy.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${origin.pathname === '/' ? '' : origin.pathname}`,
    holding: () => held !== null,
    release,
  };
}

describe.each([
  { form: 'a plain process', prefix: [] as string[] },
  { form: 'PID 1 of its own namespace, as in a container', prefix: namespace },
])('a stop asked while the hub starts, as $form', ({ prefix }) => {
  it('is heard, the start finishes, and the hub closes cleanly: exit 0 and no lock left', async () => {
    const demo = await createDemoPractice({ port: 0, rateLimit: { enabled: false } });
    cleanups.push(() => demo.close());
    const practice = demo.practices[0]!;
    const proxy = await holdingProxy(practice.baseUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-stop-during-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    writeSecrets(dataDir, { partnerApi: practice.readWrite, webhooks: {} });

    const [command, ...args] = [
      ...prefix,
      process.execPath,
      '--import',
      'tsx',
      'src-main/hub/cli.ts',
      '--api-url',
      proxy.url,
      '--port',
      '0',
      '--data',
      dataDir,
    ];
    const hub = spawnTracked(command!, args, { env: { ...process.env, DATABASE_URL: '' } });
    cleanups.push(() => hub.stop(30_000));
    let stdout = '';
    let stderr = '';
    hub.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    hub.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

    await waitUntil('the start’s first Partner API request', () => proxy.holding(), 150_000);
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(true);
    process.kill(-hub.pid, 'SIGTERM');
    await waitUntil(
      'the hub saying it heard the stop',
      () => stderr.includes('Stopping once the start has finished'),
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; its stderr: ${stderr.slice(-2000)}`);
    });
    proxy.release();

    expect(await hub.exited).toBe(0);
    // It did start (one JSON line), then closed as on any stop.
    expect(JSON.parse(stdout.trim())).toMatchObject({ hubUrl: expect.stringMatching(/^http:/) });
    expect(stderr).toContain('the hub stopped');
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(false);
  }, 240_000);
});
