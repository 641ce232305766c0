import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WebSocketServer, type WebSocket } from 'ws';
import { createMainServices } from '../compose';
import type { MainDeps } from '../main-deps';
import { createIpcRegistry } from '../ipc/registry';
import { rendererHeaderCsp } from '../security/content-security-policy';
import {
  RENDERER_ORIGIN,
  cacheControlFor,
  contentTypeFor,
  resolveRendererAsset,
} from '../security/renderer-asset-path';
import { createNetworkSwitch } from './network-switch';
import { nodeMainDeps } from './node-pieces';
import { createPinnedNodeFetch } from './pinned-node-fetch';
import { createHubPins } from '../security/hub-pins';

const PRELOAD_SOURCE = fileURLToPath(
  new URL('../../src-preload/browser-preview/websocket-preload.ts', import.meta.url),
);
const MAX_FRAME_BYTES = 512 * 1024;

export interface PreviewServerOptions {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** Where settings and (later) caches of this preview live. */
  dataDir: string;
  /** 0 picks a free port. Always bound to 127.0.0.1. */
  port?: number;
  connectivityIntervalMs?: number;
  /** Replaces the embedded demo practice (tests that change data on the server keep its handle). */
  startDemo?: MainDeps['startDemo'];
  /** Replaces the session cipher (tests of a laptop without a secure password store). */
  cipher?: MainDeps['cipher'];
  /** Real time a test may move ahead, for the request budget (tests that need not wait out a window); default the real clock. */
  budgetTimer?: MainDeps['budgetTimer'];
  /**
   * Extra pages served as given (path → HTML), with the same headers as the app: the benchmark's one-line
   * reference page, so a paint the browser needs anyway is measured from this same server.
   */
  extraPages?: Readonly<Record<string, string>>;
  /** The administrator's policy file this preview reads (tests); default this machine's. */
  policyFile?: string;
}

interface BridgeSender {
  origin: string | undefined;
  token: string | null;
}

async function bundlePreload(): Promise<string> {
  const result = await build({
    entryPoints: [PRELOAD_SOURCE],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('Bundling the preview preload produced no output.');
  return file.text;
}

/**
 * The browser preview: main's real services, composed with Node pieces, behind an HTTP server that
 * serves the built renderer and carries the bridge over a WebSocket. Chromium gets the real renderer,
 * real IndexedDB and the same validated registry the Electron app uses.
 */
export async function startPreviewServer(options: PreviewServerOptions) {
  const token = randomBytes(24).toString('hex');
  // A self-signed hub's pinned certificate is checked by undici's handshake, inside the network switch.
  const hubPins = createHubPins();
  const network = createNetworkSwitch(createPinnedNodeFetch(hubPins, globalThis.fetch));
  const services = createMainServices({
    ...nodeMainDeps({
      dataDir: options.dataDir,
      network,
      hubPins,
      ...(options.policyFile ? { policyFile: options.policyFile } : {}),
      ...(options.connectivityIntervalMs ? { connectivityIntervalMs: options.connectivityIntervalMs } : {}),
    }),
    ...(options.startDemo ? { startDemo: options.startDemo } : {}),
    ...(options.cipher ? { cipher: options.cipher } : {}),
    ...(options.budgetTimer ? { budgetTimer: options.budgetTimer, budgetTimerIsReal: true } : {}),
  });
  const preloadScript = await bundlePreload();
  // Injected at the end of <head>: after the CSP meta (so the policy covers it), before the deferred app module.
  const withPreload = (html: string): string =>
    html.replace(
      '</head>',
      `  <meta name="companion-preview-token" content="${token}" />\n    <script src="/__preview/preload.js"></script>\n  </head>`,
    );
  const indexHtml = withPreload(await readFile(`${options.rendererDir}/index.html`, 'utf8'));
  let origin = '';
  // Filled once the port is known: the only Host headers and page origins this server answers.
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  const isOurPage = (sender: BridgeSender): boolean =>
    sender.origin !== undefined && allowedOrigins.has(sender.origin) && sender.token === token;

  const registry = createIpcRegistry<BridgeSender>({
    handlers: services.handlers,
    isTrustedSender: isOurPage,
    onRefusal: (code, detail) => console.warn(`[preview bridge] refused (${code}): ${detail}`),
  });

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer, cache = 'no-store'): void => {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Security-Policy': rendererHeaderCsp(),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': cache,
    });
    res.end(body);
  };

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A DNS-rebinding page reaches this port under its own name: without this check it could read the
    // token from index.html and drive the bridge.
    if (!allowedHosts.has(req.headers.host ?? '')) return send(res, 403, 'text/plain', 'Forbidden');
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/__preview/preload.js') {
      send(res, 200, 'text/javascript; charset=utf-8', preloadScript);
      return;
    }
    if (url.pathname === '/__preview/network' && req.method === 'POST') {
      // Test control: cut or restore main's network. Guarded by the same token as the bridge.
      if (url.searchParams.get('token') !== token) return send(res, 403, 'text/plain', 'Forbidden');
      network.setOnline(url.searchParams.get('online') === 'true');
      const state = await services.connectivity.check();
      send(res, 200, 'application/json', JSON.stringify(state));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
    const extra = options.extraPages?.[url.pathname];
    if (extra !== undefined) return send(res, 200, 'text/html; charset=utf-8', extra);
    const file = resolveRendererAsset(options.rendererDir, `${RENDERER_ORIGIN}${url.pathname}`);
    if (!file) return send(res, 404, 'text/plain', 'Not found');
    if (file.endsWith('/index.html')) return send(res, 200, contentTypeFor(file), indexHtml);
    // The recovery page talks to main through the same bridge as the app.
    if (file.endsWith('.html'))
      return send(res, 200, contentTypeFor(file), withPreload(await readFile(file, 'utf8').catch(() => '')));
    try {
      send(res, 200, contentTypeFor(file), await readFile(file), cacheControlFor(file));
    } catch {
      send(res, 404, 'text/plain', 'Not found');
    }
  }

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((error: unknown) => {
      console.error('[preview] request failed', error);
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
    });
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  // The socket is authenticated before it is accepted: a page in the same browser that is not ours
  // (another origin, no token) or a rebinding name (another Host) gets 403 and never an event.
  server.on('upgrade', (req, socket, head) => {
    // Parsed only for our own Host, and never allowed to throw here: a bad request target ends this socket, not the server.
    const url = allowedHosts.has(req.headers.host ?? '') ? URL.parse(req.url ?? '/', origin) : null;
    const sender: BridgeSender = { origin: req.headers.origin, token: url?.searchParams.get('token') ?? null };
    if (!url || url.pathname !== '/__preview/bridge' || !isOurPage(sender)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => attach(ws, sender));
  });

  function attach(ws: WebSocket, sender: BridgeSender): void {
    const disconnect = services.events.connect((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'event', event, payload }));
    });
    ws.on('close', disconnect);
    ws.on('message', (data) => {
      let frame: { id?: unknown; method?: unknown; input?: unknown };
      try {
        frame = JSON.parse(String(data)) as typeof frame;
      } catch {
        return;
      }
      if (typeof frame.id !== 'number') return;
      const id = frame.id;
      void registry.dispatch(sender, { method: frame.method, input: frame.input }).then((reply) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'reply', id, reply }));
      });
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([...allowedHosts].map((host) => `http://${host}`));
  services.start();

  return {
    url: `${origin}/`,
    token,
    network,
    services,
    async close(): Promise<void> {
      await services.dispose();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PreviewServer = Awaited<ReturnType<typeof startPreviewServer>>;
