import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startPreviewServer, type PreviewServer } from '../../../src-main/browser-preview/preview-server';

let server: PreviewServer;
let origin: string;

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
  writeFileSync(join(rendererDir, 'assets/app.js'), 'export {}');
  server = await startPreviewServer({ rendererDir, dataDir: mkdtempSync(join(tmpdir(), 'data-')), port: 0 });
  origin = server.url.replace(/\/$/, '');
});
afterAll(() => server.close());

/** Sends one bridge request over a fresh socket and returns main's reply. */
function call(options: { token: string; origin: string }, frame: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/__preview/bridge?token=${options.token}`, {
      origin: options.origin,
    });
    socket.on('open', () => socket.send(JSON.stringify(frame)));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { kind: string; reply?: unknown };
      if (message.kind === 'reply') {
        socket.close();
        resolve(message.reply);
      }
    });
    socket.on('error', reject);
  });
}

describe('browser preview server', () => {
  it('binds to 127.0.0.1 and serves the renderer with the token, the preload script and the strict CSP', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await fetch(server.url);
    const html = await response.text();
    expect(html).toContain(`<meta name="companion-preview-token" content="${server.token}" />`);
    expect(html.indexOf('/__preview/preload.js')).toBeLessThan(html.indexOf('</head>'));
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const preload = await fetch(`${server.url}__preview/preload.js`);
    expect(await preload.text()).toContain('companion');
    expect((await fetch(`${server.url}..%2f..%2fpackage.json`)).status).toBe(404);
  });

  it('answers bridge requests from the page origin with the right token', async () => {
    const reply = await call({ token: server.token, origin }, { id: 1, method: 'app.info', input: {} });
    expect(reply).toMatchObject({ ok: true, value: { runtime: 'browser-preview' } });
  });

  it('refuses at upgrade a socket without the token, from another origin or under another host name, before any event', async () => {
    const ws = origin.replace('http', 'ws');
    const attempts = [
      { url: `${ws}/__preview/bridge`, origin },
      { url: `${ws}/__preview/bridge?token=guess`, origin },
      { url: `${ws}/__preview/bridge?token=${server.token}`, origin: 'http://evil.example' },
      { url: `${ws}/__preview/bridge?token=${server.token}`, origin: undefined },
      // A DNS-rebinding page: our port, the attacker's name (and origin).
      {
        url: `${ws}/__preview/bridge?token=${server.token}`,
        origin: 'http://rebind.example:1',
        host: 'rebind.example:1',
      },
      { url: `${ws}/__preview/bridge?token=${server.token}`, origin, host: 'rebind.example:1' },
    ];
    for (const attempt of attempts) {
      const outcome = await new Promise<{ status: number | null; messages: number }>((resolve) => {
        let messages = 0;
        const socket = new WebSocket(attempt.url, {
          ...(attempt.origin ? { origin: attempt.origin } : {}),
          ...(attempt.host ? { headers: { host: attempt.host } } : {}),
        });
        socket.on('message', () => messages++);
        socket.on('open', () => {
          // Accepted: give main a moment to push events, then report what arrived.
          setTimeout(() => {
            socket.close();
            resolve({ status: 101, messages });
          }, 200);
        });
        socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? null, messages }));
        socket.on('error', () => resolve({ status: null, messages }));
      });
      expect(outcome, JSON.stringify(attempt)).toEqual({ status: 403, messages: 0 });
    }
  });

  it('survives an upgrade request whose target cannot be parsed, and keeps serving', async () => {
    const { connect } = await import('node:net');
    const { hostname, port } = new URL(origin);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `GET //[ HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect((await fetch(server.url)).status).toBe(200);
  });

  it('answers no HTTP request whose Host is not its own address (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const statusFor = (host: string, path: string, method = 'GET') =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${origin}${path}`, { method, headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    const port = new URL(origin).port;
    expect(await statusFor('rebind.example', '/')).toBe(403);
    expect(await statusFor(`rebind.example:${port}`, '/')).toBe(403);
    expect(
      await statusFor(`rebind.example:${port}`, `/__preview/network?online=false&token=${server.token}`, 'POST'),
    ).toBe(403);
    expect(server.network.isOnline()).toBe(true);
    expect(await statusFor(`localhost:${port}`, '/')).toBe(200);
    expect(await statusFor(`127.0.0.1:${port}`, '/')).toBe(200);
  });

  it('lets only a holder of the token switch the network', async () => {
    const refused = await fetch(`${server.url}__preview/network?online=false&token=guess`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(server.network.isOnline()).toBe(true);
    const accepted = await fetch(`${server.url}__preview/network?online=false&token=${server.token}`, {
      method: 'POST',
    });
    expect(await accepted.json()).toMatchObject({ online: false });
    await expect(server.network.fetch(server.url)).rejects.toMatchObject({
      cause: { syscall: 'connect', message: expect.stringMatching(/offline/) },
    });
    await fetch(`${server.url}__preview/network?online=true&token=${server.token}`, { method: 'POST' });
    expect(server.network.isOnline()).toBe(true);
  });
});
