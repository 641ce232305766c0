import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createProxyLogin } from '../../../src-main/proxy-login/proxy-login';
import type { ProxyLoginAsk } from '../../../src-preload/contract/proxy-login';
import { memorySettings } from '../../support/memory-settings';
import { createFakeElectron } from './fake-electron';

const fake = createFakeElectron();
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
}));

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A proxy on 127.0.0.1 that wants Basic j.smith / the password, and answers 407 until it gets them. */
async function passwordProxy(): Promise<{ port: number; seen: (string | undefined)[] }> {
  const seen: (string | undefined)[] = [];
  const expected = `Basic ${Buffer.from('j.smith:Winter-2026-proxy!').toString('base64')}`;
  const server = createServer((req, res) => {
    seen.push(req.headers['proxy-authorization']);
    if (req.headers['proxy-authorization'] !== expected) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="Contoso staff"' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('through the proxy');
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { port: (server.address() as AddressInfo).port, seen };
}

/** What Chromium does with a request through the proxy: on 407, the app's `login` event, then once more with the answer. */
async function viaProxy(port: number): Promise<{ status: number; loginPrevented: boolean }> {
  const send = (authorization?: string) =>
    new Promise<{ status: number; realm: string }>((done, failed) => {
      const asking = request(
        {
          host: '127.0.0.1',
          port,
          path: 'http://practice.example/api/v1/auth/validate',
          headers: authorization ? { 'proxy-authorization': authorization } : {},
        },
        (response) => {
          response.resume();
          const realm = /realm="([^"]*)"/.exec(String(response.headers['proxy-authenticate'] ?? ''))?.[1] ?? '';
          done({ status: response.statusCode ?? 0, realm });
        },
      );
      asking.on('error', failed);
      asking.end();
    });
  const first = await send();
  if (first.status !== 407) return { status: first.status, loginPrevented: false };
  const event = { preventDefault: vi.fn() };
  const answered = new Promise<[string | undefined, string | undefined]>((done) =>
    fake.app.emit(
      'login',
      event,
      null,
      { url: 'http://practice.example/api/v1/auth/validate' },
      { isProxy: true, scheme: 'basic', host: '127.0.0.1', port, realm: first.realm },
      (username?: string, password?: string) => done([username, password]),
    ),
  );
  const [username, password] = await answered;
  if (username === undefined) return { status: 407, loginPrevented: event.preventDefault.mock.calls.length > 0 };
  const second = await send(`Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`);
  return { status: second.status, loginPrevented: event.preventDefault.mock.calls.length > 0 };
}

describe("the proxy's password through Electron's login event", () => {
  it('asks the window with the proxy and its realm, and the request goes through with the answer', async () => {
    const { port, seen } = await passwordProxy();
    const asked: ProxyLoginAsk[] = [];
    const login = createProxyLogin({
      settings: memorySettings(),
      cipher: createSessionCipher(),
      clock: { now: () => new Date() },
      ask: (question) => {
        asked.push(question);
        // The window's dialog answers.
        void login.answer({
          id: question.id,
          credentials: { username: 'j.smith', password: 'Winter-2026-proxy!' },
          remember: false,
        });
      },
      newId: () => 'q1',
    });
    const { installProxyAuth } = await import('../../../src-main/electron/proxy-auth');
    installProxyAuth(login);

    expect(await viaProxy(port)).toEqual({ status: 200, loginPrevented: true });
    expect(asked).toEqual([
      { id: 'q1', host: '127.0.0.1', port, realm: 'Contoso staff', scheme: 'basic', failedBefore: false },
    ]);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeUndefined();

    // A server's own basic-auth (not a proxy) is not answered: Electron's default cancels it.
    const event = { preventDefault: vi.fn() };
    const callback = vi.fn();
    fake.app.emit(
      'login',
      event,
      null,
      {},
      { isProxy: false, scheme: 'basic', host: 'x.example', port: 443, realm: 'r' },
      callback,
    );
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(callback).not.toHaveBeenCalled();
  });
});
