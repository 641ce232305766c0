import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
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
