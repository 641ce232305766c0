import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { writeSecrets } from '../../../src-main/hub/secrets-file';
import { spawnTracked } from '../../support/tracked-process';
import { hubTestEngine } from './hub-database';

/*
 * The practice's network as an office has it: the Partner API is reached only through a CONNECT proxy, and
 * the proxy (or the practice) shows a certificate from the office's own authority. Both run on 127.0.0.1.
 * The API's name, `practice.test`, resolves nowhere: only the proxy knows where it is, so a hub that
 * ignored HTTPS_PROXY could not reach it at all.
 */
const API_HOST = 'practice.test';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
};

let demo: DemoPractice;
let caFile: string;
let tlsPort: number;
let proxyPort: number;
/** Every CONNECT the proxy was asked for, as `host:port`. */
const tunnels: string[] = [];

beforeAll(async () => {
  demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 11 });
  cleanups.push(() => demo.close());
  const demoOrigin = new URL(demo.baseUrl);

  // The office's authority, and the API's certificate signed by it.
  const ca = await generate([{ name: 'commonName', value: 'Office Test Authority' }], {
    algorithm: 'sha256',
    keyType: 'ec',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: 'commonName', value: API_HOST }], {
    algorithm: 'sha256',
    keyType: 'ec',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: API_HOST }] },
    ],
  });
  const folder = mkdtempSync(join(tmpdir(), 'hub-network-test-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  caFile = join(folder, 'office-ca.pem');
  writeFileSync(caFile, ca.cert);

  // The Partner API over TLS: a reverse proxy to the demo practice with the office's certificate.
  const tls = createHttpsServer({ key: leaf.private, cert: leaf.cert }, (incoming, answer) => {
    const upstream = httpRequest(
      {
        host: demoOrigin.hostname,
        port: demoOrigin.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode!, response.headers);
        response.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    incoming.pipe(upstream);
  });
  tlsPort = await listen(tls as unknown as Server);

  // The office's proxy: CONNECT only, and it alone knows where practice.test is.
  const proxy = createHttpServer((_incoming, answer) => answer.writeHead(405).end());
  const sockets = new Set<Socket>();
  proxy.on('connect', (incoming, client: Socket, head: Buffer) => {
    tunnels.push(incoming.url!);
    const [host, port] = incoming.url!.split(':');
    if (host !== API_HOST || Number(port) !== tlsPort) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(tlsPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  cleanups.push(() => sockets.forEach((socket) => socket.destroy()));
  proxyPort = await listen(proxy);
}, 60_000);

/** The hub's command line on the demo's credentials, given these environment variables; its JSON line or its refusal. */
async function runHub(
  env: Record<string, string>,
): Promise<{ line: string | null; stderr: string; code: number | null }> {
  const practice = demo.practices[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-network-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  writeSecrets(dataDir, { partnerApi: practice.readWrite, webhooks: {} });
  const apiPath = new URL(practice.baseUrl).pathname;
  const hub = spawnTracked(join(process.cwd(), 'node_modules/.bin/tsx'), ['src-main/hub/cli.ts'], {
    env: {
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          ([name]) => !/^(https?_proxy|no_proxy|node_extra_ca_certs|database_url)$/i.test(name),
        ),
      ),
      HUB_API_URL: `https://${API_HOST}:${tlsPort}${apiPath}`,
      HUB_PORT: '0',
      HUB_DATA: dataDir,
      ...env,
    },
  });
  cleanups.push(() => hub.stop(10_000));
  let stderr = '';
  hub.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string | null>((resolve) => {
    createInterface({ input: hub.child.stdout! }).once('line', resolve);
    void hub.exited.then(() => resolve(null));
  });
  if (line !== null) await hub.stop(10_000);
  return { line, stderr, code: line === null ? await hub.exited : null };
}

describe.runIf(hubTestEngine === 'pglite')("the hub's own calls through the practice's network", () => {
  it('reaches the Partner API through HTTPS_PROXY, trusting the office authority in NODE_EXTRA_CA_CERTS', async () => {
    tunnels.length = 0;
    const { line, stderr } = await runHub({
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      NODE_EXTRA_CA_CERTS: caFile,
    });
    // The hub's log (JSON lines on standard error) says nothing went wrong: no warning, no error.
    const troubles = stderr
      .split('\n')
      .filter((text) => text.trim())
      .filter((text) => {
        const entry = JSON.parse(text) as { level: string | number };
        return !['trace', 'debug', 'info', 10, 20, 30].includes(entry.level);
      });
    expect(troubles).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({ practiceKey: demo.practices[0]!.practiceKey });
    // Every call went through the tunnel (the name resolves nowhere else).
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([`${API_HOST}:${tlsPort}`]));
  }, 60_000);

  it('without the authority, refuses to start and says how to trust it', async () => {
    tunnels.length = 0;
    const { line, stderr, code } = await runHub({ HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` });
    expect(line).toBeNull();
    expect(code).toBe(2);
    expect(stderr).toContain('The hub did not start');
    expect(stderr).toContain('NODE_EXTRA_CA_CERTS');
    expect(tunnels.length).toBeGreaterThan(0);
  }, 60_000);

  it('goes direct for a host in NO_PROXY (and so cannot find practice.test)', async () => {
    tunnels.length = 0;
    const { line, stderr, code } = await runHub({
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      NO_PROXY: `example.org,${API_HOST}`,
      NODE_EXTRA_CA_CERTS: caFile,
    });
    expect(line).toBeNull();
    expect(code).toBe(2);
    expect(stderr).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(tunnels).toEqual([]);
  }, 60_000);

  it('refuses a proxy setting that is not an address', async () => {
    const { line, stderr, code } = await runHub({ HTTPS_PROXY: 'not a proxy' });
    expect(line).toBeNull();
    expect(code).toBe(2);
    expect(stderr).toContain('HTTPS_PROXY / HTTP_PROXY is not an address');
  }, 30_000);
});
