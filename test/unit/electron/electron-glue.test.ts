import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, type FakeElectron } from './fake-electron';
import { methodNames } from '../../../src-preload/contract/bridge-names';
import type { Handlers } from '../../../src-main/ipc/registry';

let fake: FakeElectron = createFakeElectron();
// Named imports of a mocked module are read at use time, so getters let each test get a fresh fake.
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
  get BrowserWindow() {
    return fake.module.BrowserWindow;
  },
  get screen() {
    return fake.module.screen;
  },
  get ipcMain() {
    return fake.module.ipcMain;
  },
  get protocol() {
    return fake.module.protocol;
  },
  get session() {
    return fake.module.session;
  },
}));

beforeEach(() => {
  fake = createFakeElectron();
  vi.resetModules();
});

describe('main window', () => {
  it('is created with every security option of the checklist set explicitly', async () => {
    const { createMainWindow } = await import('../../../src-main/electron/main-window');
    const settings = { get: () => undefined, set: vi.fn(), delete: vi.fn() };
    createMainWindow({ preloadPath: '/app/preload/index.cjs', url: 'app://renderer/index.html', settings });
    const window = fake.windows[0]!;
    expect(window.options['webPreferences']).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(window.loadedUrl).toBe('app://renderer/index.html');
  });

  it('remembers its bounds in the settings store when closed', async () => {
    const { createMainWindow } = await import('../../../src-main/electron/main-window');
    const set = vi.fn();
    createMainWindow({ preloadPath: 'p', url: 'u', settings: { get: () => undefined, set, delete: vi.fn() } });
    fake.windows[0]!.emit('close');
    expect(set).toHaveBeenCalledWith('windowState', { x: 10, y: 20, width: 1000, height: 700, maximized: false });
  });
});

describe('app guards', () => {
  async function guardedContents() {
    const { installAppGuards } = await import('../../../src-main/electron/app-guards');
    installAppGuards((url) => url.startsWith('app://renderer/'));
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    fake.app.emit('web-contents-created', {}, contents);
    return contents;
  }

  it('denies every new window', async () => {
    const contents = await guardedContents();
    const handler = contents.setWindowOpenHandler.mock.calls[0]![0] as (details: unknown) => unknown;
    expect(handler({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'app://renderer/index.html' })).toEqual({ action: 'deny' });
  });

  it('blocks navigation and redirects away from the app origin, and any <webview>', async () => {
    const contents = await guardedContents();
    const attempt = (name: string, url?: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit(name, event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(attempt('will-navigate', 'app://renderer/index.html#/settings')).toBe(false);
    expect(attempt('will-attach-webview')).toBe(true);
  });

  it('denies every permission request and check but persistent storage for our own page (see os-integration-glue.test.ts)', async () => {
    await guardedContents();
    const callback = vi.fn();
    const details = { isMainFrame: true, requestingUrl: 'app://renderer/index.html' };
    (fake.permission.request as (c: unknown, p: string, cb: (ok: boolean) => void, d: unknown) => void)(
      {},
      'media',
      callback,
      details,
    );
    expect(callback).toHaveBeenCalledWith(false);
    expect(
      (fake.permission.check as (c: unknown, p: string, origin: string) => boolean)(null, 'media', 'app://renderer'),
    ).toBe(false);
  });
});

describe('app:// protocol', () => {
  it("is a standard, secure scheme whose scripts get V8's code cache (compiled once, not at every launch)", async () => {
    const { registerRendererScheme } = await import('../../../src-main/electron/renderer-protocol');
    registerRendererScheme();
    expect(fake.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      },
    ]);
  });

  it('serves built files with the strict CSP and refuses paths outside the renderer folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'renderer-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<html></html>');
    writeFileSync(join(root, 'assets/app.js'), 'console.log(1)');
    const { serveRenderer } = await import('../../../src-main/electron/renderer-protocol');
    serveRenderer(root);
    const handle = fake.protocolHandlers.get('app')!;

    const index = await handle(new Request('app://renderer/'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await handle(new Request('app://renderer/assets/app.js'))).headers.get('content-type')).toMatch(
      /javascript/,
    );

    expect((await handle(new Request('app://renderer/%2e%2e/%2e%2e/etc/passwd'))).status).toBe(404);
    expect((await handle(new Request('app://renderer/missing.js'))).status).toBe(404);
  });
});

describe('IPC bridge wiring', () => {
  it('dispatches through the registry and refuses frames from other origins', async () => {
    const { connectIpcBridge } = await import('../../../src-main/electron/ipc-bridge');
    const { createEventHub } = await import('../../../src-main/ipc/event-hub');
    const info = vi.fn(async () => ({
      name: 'n',
      version: '1',
      platform: 'linux' as const,
      arch: 'x64',
      runtime: 'electron' as const,
      versions: { electron: '45', chrome: '140', node: '22' },
      paths: { userData: '/u', logs: '/l' },
    }));
    const events = createEventHub();
    connectIpcBridge({
      // Every method of the contract gets a stub; only app.info is exercised.
      handlers: {
        ...(Object.fromEntries(methodNames.map((name) => [name, vi.fn()])) as unknown as Handlers),
        'app.info': info,
      },
      events,
      allowedOrigins: ['app://renderer'],
    });
    const handler = fake.ipcHandlers.get('companion:invoke')!;
    expect([...fake.ipcHandlers.keys()]).toEqual(['companion:invoke']);

    const fromApp = { senderFrame: { url: 'app://renderer/index.html', parent: null } };
    await expect(handler(fromApp, { method: 'app.info', input: {} })).resolves.toMatchObject({ ok: true });

    const fromElsewhere = { senderFrame: { url: 'https://evil.example/', parent: null } };
    await expect(handler(fromElsewhere, { method: 'app.info', input: {} })).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    expect(info).toHaveBeenCalledTimes(1);

    const window = new fake.module.BrowserWindow({});
    events.emit('connectivity.changed', { online: false, reason: 'no-network', checkedAt: '2026-11-20T10:00:00.000Z' });
    expect(window.webContents.send).toHaveBeenCalledWith('companion:event', {
      event: 'connectivity.changed',
      payload: { online: false, reason: 'no-network', checkedAt: '2026-11-20T10:00:00.000Z' },
    });
  });
});
