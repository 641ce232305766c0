import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { classifyFetchFailure } from '../../../src-main/partner-api/network-failure';
import { electronShapedFetch } from '../../support/electron-net-errors';

let demo: DemoPractice;
beforeAll(async () => {
  demo = await createDemoPractice({ rateLimit: { enabled: false } });
});
afterAll(() => demo.close());

const post = async (f: typeof fetch) => {
  const p = demo.practices[0]!;
  const headers = {
    'X-Svc-Auth-ID': p.readWrite.clientId,
    'X-Svc-Auth-Key': p.readWrite.secret,
    'Content-Type': 'application/json',
  };
  const response = await f(`${p.baseUrl}/api/v1/leads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Shape probe' }),
  });
  await response.arrayBuffer();
  return response.status;
};
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

describe('Node fetch failures in the shape of Electron net.fetch', () => {
  const shaped = electronShapedFetch(fetch);

  it('a dropped connection before any answer is net::ERR_EMPTY_RESPONSE, a plain Error without cause', async () => {
    demo.injectFault({ match: { method: 'POST' }, fault: 'reset-after-apply' });
    const error = await rejection(post(shaped));
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('net::ERR_EMPTY_RESPONSE');
    expect(error?.cause).toBeUndefined();
  });

  it('a refused connection is net::ERR_CONNECTION_REFUSED', async () => {
    // A port on this machine that was just freed: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const error = await rejection(shaped(`http://127.0.0.1:${port}/api/v1/users/list`));
    expect(error?.message).toBe('net::ERR_CONNECTION_REFUSED');
  });

  it('an unreachable host is net::ERR_ADDRESS_UNREACHABLE (Node: EHOSTUNREACH, syscall connect or read)', async () => {
    const unreachable = async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('read EHOSTUNREACH'), { code: 'EHOSTUNREACH', syscall: 'read' }),
      });
    };
    const error = await rejection(post(electronShapedFetch(unreachable)));
    expect(error?.message).toBe('net::ERR_ADDRESS_UNREACHABLE');
    expect(error?.cause).toBeUndefined();
  });

  it('offline is net::ERR_INTERNET_DISCONNECTED', async () => {
    const network = createNetworkSwitch(fetch);
    network.setOnline(false);
    const error = await rejection(post(electronShapedFetch(network.fetch)));
    expect(error?.message).toBe('net::ERR_INTERNET_DISCONNECTED');
  });

  it('a body cut off mid-way fails while it is read with net::ERR_CONTENT_LENGTH_MISMATCH', async () => {
    demo.injectFault({ match: { method: 'POST' }, fault: 'truncate' });
    const error = await rejection(post(shaped));
    expect(error?.message).toBe('net::ERR_CONTENT_LENGTH_MISMATCH');
  });

  it("the caller's own timeout stays an abort, and a good answer passes unchanged", async () => {
    demo.injectFault({ match: { method: 'GET' }, fault: 'slow', delayMs: 300 });
    const p = demo.practices[0]!;
    const headers = { 'X-Svc-Auth-ID': p.readWrite.clientId, 'X-Svc-Auth-Key': p.readWrite.secret };
    const error = await rejection(
      shaped(`${p.baseUrl}/api/v1/users/list`, { headers, signal: AbortSignal.timeout(50) }),
    );
    expect(error?.name).toBe('TimeoutError');
    expect(await post(shaped)).toBe(201);
  });

  it("switched off, Node's own failure comes through (cause.code)", async () => {
    demo.injectFault({ match: { method: 'POST' }, fault: 'reset-before-apply' });
    const error = await rejection(post(electronShapedFetch(fetch, () => false)));
    expect((error?.cause as { code?: string } | undefined)?.code).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
  });
});

/** A port on this machine that was just freed: nothing listens there. */
async function freedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
/** A fetch that fails as Node's does on a socket call, e.g. `read EHOSTUNREACH`. */
const failingIn =
  (syscall: string, code: string): typeof fetch =>
  () =>
    Promise.reject(
      Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error(`${syscall} ${code}`), { code, syscall }),
      }),
    );
const classify = async (promise: Promise<unknown>) => classifyFetchFailure(await rejection(promise), false).failure;

describe('did it leave? Real failures in both shapes, by the phase they happened in', () => {
  it('a refused connection (before a connection existed) never left, in both shapes', async () => {
    const url = `http://127.0.0.1:${await freedPort()}/api/v1/leads`;
    expect(await classify(fetch(url, { method: 'POST', body: '{}' }))).toBe('unreachable');
    expect(await classify(electronShapedFetch(fetch)(url, { method: 'POST', body: '{}' }))).toBe('unreachable');
  });

  it('a connection dropped after the request went out (the practice applied it) may have arrived, in both shapes', async () => {
    demo.injectFault({ match: { method: 'POST' }, fault: 'reset-after-apply' });
    expect(await classify(post(fetch))).toBe('reset');
    demo.injectFault({ match: { method: 'POST' }, fault: 'reset-after-apply' });
    expect(await classify(post(electronShapedFetch(fetch)))).toBe('reset');
  });

  it("host unreachable: Node's syscall tells connect from read; Electron's name does not, so it proves nothing", async () => {
    expect(await classify(post(failingIn('connect', 'EHOSTUNREACH')))).toBe('unreachable');
    expect(await classify(post(failingIn('read', 'EHOSTUNREACH')))).toBe('reset');
    expect(await classify(post(failingIn('read', 'ENETDOWN')))).toBe('reset');
    const electronRead = await rejection(post(electronShapedFetch(failingIn('read', 'EHOSTUNREACH'))));
    expect(electronRead?.message).toBe('net::ERR_ADDRESS_UNREACHABLE');
    expect(classifyFetchFailure(electronRead, false).failure).toBe('reset');
    const electronConnect = await rejection(post(electronShapedFetch(failingIn('connect', 'EHOSTUNREACH'))));
    expect(electronConnect?.message).toBe('net::ERR_ADDRESS_UNREACHABLE');
    expect(classifyFetchFailure(electronConnect, false).failure).toBe('reset');
  });

  it("the preview's network switch refuses before connecting (never left); Electron's offline error proves nothing", async () => {
    const network = createNetworkSwitch(fetch);
    network.setOnline(false);
    expect(await classify(post(network.fetch))).toBe('unreachable');
    expect(await classify(post(electronShapedFetch(network.fetch)))).toBe('reset');
  });
});
