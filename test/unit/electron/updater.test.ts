import { mkdtempSync, writeFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, type FakeElectron } from './fake-electron';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices } from '../../../src-main/compose';
import type { UpdateTimer } from '../../../src-main/updates/update-policy';

/** electron-updater's autoUpdater as the glue sees it: an EventEmitter with its switches and calls. */
class FakeAutoUpdater extends EventEmitter {
  logger: unknown = 'electron-updater default';
  autoDownload = false;
  autoInstallOnAppQuit = false;
  active = true;
  isUpdaterActive = () => this.active;
  checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update');
    this.emit('update-available', { version: '3.1.0' });
    // With autoDownload the download runs on; a failed one is also reported through 'error'.
    return { downloadPromise: Promise.reject(new Error('download failed at https://updates.example/x.exe')) };
  });
  quitAndInstall = vi.fn();
}

let fake: FakeElectron;
let autoUpdater: FakeAutoUpdater;
let created = 0;
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
}));
vi.mock('electron-updater', () => ({
  default: {
    get autoUpdater() {
      created += 1;
      return autoUpdater;
    },
  },
}));

beforeEach(() => {
  fake = createFakeElectron();
  autoUpdater = new FakeAutoUpdater();
  created = 0;
  // The glue remembers the autoUpdater it set up: each test starts from a fresh module.
  vi.resetModules();
});

function packaged(isPackaged: boolean): void {
  Object.assign(fake.app, { isPackaged });
}

/** A resources folder with app-update.yml as electron-builder writes it (a publisher is named for Windows builds). */
function resourcesWithFeed(
  feed = 'provider: generic\nurl: https://updates.example/\npublisherName:\n  - Practice Companion Ltd\n',
): string {
  const dir = mkdtempSync(join(tmpdir(), 'resources-'));
  writeFileSync(join(dir, 'app-update.yml'), feed);
  return dir;
}
const FEED_WITHOUT_PUBLISHER =
  'provider: generic\nurl: https://updates.example/feed/\nupdaterCacheDirName: pc-updater\n';

describe('electron-updater glue', () => {
  it('is off without creating the autoUpdater when the app is not packaged, or packaged without app-update.yml', async () => {
    const { electronUpdates, installUpdaterLog } = await import('../../../src-main/electron/updater');
    packaged(false);
    expect(electronUpdates({ resourcesPath: resourcesWithFeed(), platform: 'win32' })).toEqual({
      feed: 'none',
      reason: 'not-packaged',
    });
    packaged(true);
    expect(electronUpdates({ resourcesPath: mkdtempSync(join(tmpdir(), 'resources-')) })).toEqual({
      feed: 'none',
      reason: 'no-feed',
    });
    expect(electronUpdates({})).toEqual({ feed: 'none', reason: 'no-feed' }); // Node has no process.resourcesPath
    expect(created).toBe(0);
    // Off: the app's logger is not handed to an updater that was never created.
    installUpdaterLog({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
    expect(created).toBe(0);
    expect(autoUpdater.logger).toBe('electron-updater default');
    autoUpdater.active = false;
    expect(electronUpdates({ resourcesPath: resourcesWithFeed(), platform: 'win32' })).toEqual({
      feed: 'none',
      reason: 'unsupported',
    });
  });

  it('configures the autoUpdater: background download, install at quit, the given logger or the console', async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    const source = electronUpdates({ resourcesPath: resourcesWithFeed(), platform: 'win32' });
    expect(source.feed).toBe('configured');
    expect(autoUpdater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, logger: console });
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    electronUpdates({ resourcesPath: resourcesWithFeed(), logger, platform: 'win32' });
    expect(autoUpdater.logger).toBe(logger);
    const appLog = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { installUpdaterLog } = await import('../../../src-main/electron/updater');
    installUpdaterLog(appLog);
    expect(autoUpdater.logger).toBe(appLog);
  });

  it("feeds the autoUpdater's events into the policy composed in main, and restarts only through it", async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    const ticks: (() => void)[] = [];
    const updateTimer: UpdateTimer = { every: (_ms, run) => (ticks.push(run), () => undefined) };
    const services = createMainServices({
      ...nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'compose-')), network: createNetworkSwitch(fetch) }),
      updates: electronUpdates({ resourcesPath: resourcesWithFeed(), platform: 'win32' }),
      updateTimer,
    });
    const events: unknown[] = [];
    services.events.connect((event, payload) => event === 'desktop.updateStatus' && events.push(payload));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      services.start();
      await vi.waitFor(() => expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1));
      await vi.waitFor(() =>
        expect(services.handlers['desktop.updateStatus']({})).toMatchObject({ state: 'downloading', version: '3.1.0' }),
      );
      autoUpdater.emit('download-progress', { percent: 57.2 });
      expect(await services.handlers['desktop.updateStatus']({})).toMatchObject({ percent: 57 });
      autoUpdater.emit('update-downloaded', { version: '3.1.0' });
      expect(events.at(-1)).toMatchObject({ state: 'ready', version: '3.1.0' });

      // The window says an action is sending: no restart, the update waits for quit.
      const idle = {
        outboxSending: 0,
        packsDownloading: 0,
        unsentCount: 0,
        needsAttentionCount: 0,
        deliveredSinceReconnect: 0,
      };
      await services.handlers['desktop.reportActivity']({ ...idle, outboxSending: 1, unsentCount: 1 });
      const refused = await services.handlers['desktop.restartToUpdate']({});
      expect(refused.restarting).toBe(false);
      expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
      expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
      expect(events.at(-1)).toMatchObject({ restartDeferred: true });

      await services.handlers['desktop.reportActivity']({ ...idle, deliveredSinceReconnect: 1 });
      expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
      expect(await services.handlers['desktop.restartToUpdate']({})).toEqual({ restarting: true, reason: null });
      expect(autoUpdater.quitAndInstall).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      await services.dispose();
    }
    expect(autoUpdater.listenerCount('update-downloaded')).toBe(0);
  });

  it('translates each autoUpdater event, and stops listening when asked', async () => {
    const { electronUpdates, adaptAutoUpdater } = await import('../../../src-main/electron/updater');
    packaged(true);
    expect(electronUpdates({ resourcesPath: resourcesWithFeed(), platform: 'win32' }).feed).toBe('configured');
    const seen: unknown[] = [];
    const stop = adaptAutoUpdater(autoUpdater as never).onEvent((event) => seen.push(event));
    const error = new Error('ENOENT /opt/app/resources/app-update.yml');
    autoUpdater.emit('error', error, 'raw text');
    autoUpdater.emit('update-not-available', { version: '1.0.0' });
    stop();
    autoUpdater.emit('update-not-available', { version: '1.0.0' });
    expect(seen).toEqual([{ type: 'error', error }, { type: 'not-available' }]);
  });

  it('without an update source main answers off with the sentence (the browser preview)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compose-'));
    const services = createMainServices(nodeMainDeps({ dataDir, network: createNetworkSwitch(fetch) }));
    const status = await services.handlers['desktop.updateStatus']({});
    expect(status).toMatchObject({ state: 'off', message: 'Updates are not set up in this build.' });
    expect((await services.handlers['desktop.restartToUpdate']({})).restarting).toBe(false);
    await services.dispose();
  });
});

describe('electron-updater glue: updates fail closed', () => {
  it('keeps updates off, without creating the autoUpdater, for a feed that is not https or cannot be read', async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const insecure = resourcesWithFeed(
        'provider: generic\nurl: http://updates.example/\npublisherName: Practice Companion Ltd\n',
      );
      expect(electronUpdates({ resourcesPath: insecure, platform })).toEqual({ feed: 'none', reason: 'insecure-feed' });
      const unreadable = resourcesWithFeed('provider: generic\nupdaterCacheDirName: pc-updater\n');
      expect(electronUpdates({ resourcesPath: unreadable, platform })).toEqual({
        feed: 'none',
        reason: 'invalid-feed',
      });
    }
    expect(created).toBe(0);
  });

  it('keeps Windows updates off when app-update.yml names no publisher to check the installer against', async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    const source = electronUpdates({ resourcesPath: resourcesWithFeed(FEED_WITHOUT_PUBLISHER), platform: 'win32' });
    expect(source).toEqual({ feed: 'none', reason: 'unsigned-windows' });
    expect(created).toBe(0);
    // macOS installs through Squirrel.Mac, which checks the update's code signature itself.
    expect(electronUpdates({ resourcesPath: resourcesWithFeed(FEED_WITHOUT_PUBLISHER), platform: 'darwin' }).feed).toBe(
      'configured',
    );
  });

  it('says in Settings → About why updates are off', async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    const services = createMainServices({
      ...nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'compose-')), network: createNetworkSwitch(fetch) }),
      updates: electronUpdates({
        resourcesPath: resourcesWithFeed('provider: generic\nurl: http://updates.example/\n'),
        platform: 'darwin',
      }),
    });
    services.start();
    expect(await services.handlers['desktop.updateStatus']({})).toMatchObject({
      state: 'off',
      message: expect.stringContaining('not secure (https)'),
    });
    await services.dispose();
  });

  it('on Linux announces a new version and where to get it, and never downloads or installs it', async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    autoUpdater.checkForUpdates.mockImplementation(async () => {
      autoUpdater.emit('checking-for-update');
      autoUpdater.emit('update-available', { version: '3.1.0' });
      return { downloadPromise: undefined } as never;
    });
    const source = electronUpdates({ resourcesPath: resourcesWithFeed(FEED_WITHOUT_PUBLISHER), platform: 'linux' });
    expect(autoUpdater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    const services = createMainServices({
      ...nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'compose-')), network: createNetworkSwitch(fetch) }),
      updates: source,
      updateTimer: { every: () => () => undefined },
    });
    try {
      services.start();
      await vi.waitFor(async () =>
        expect(await services.handlers['desktop.updateStatus']({})).toMatchObject({
          state: 'idle',
          version: '3.1.0',
          message: expect.stringContaining('get it from https://updates.example/feed/'),
        }),
      );
      expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
      // Even if electron-updater reported a download, nothing is offered for install.
      autoUpdater.emit('update-downloaded', { version: '3.1.0' });
      expect(await services.handlers['desktop.updateStatus']({})).toMatchObject({ state: 'idle' });
      expect((await services.handlers['desktop.restartToUpdate']({})).restarting).toBe(false);
      expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
    } finally {
      await services.dispose();
    }
  });
});

describe('a restart and a send main is performing', () => {
  it('does not restart when asked 0–500 ms after a send started, before the window reports it; it may once the send ends', async () => {
    const { electronUpdates } = await import('../../../src-main/electron/updater');
    packaged(true);
    // Writes to the practice wait at this gate until the test opens it; reads pass.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let writesStarted = 0;
    const gatedFetch: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === 'POST') {
        writesStarted += 1;
        await gate;
      }
      return fetch(input, init);
    };
    const services = createMainServices({
      ...nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'compose-')), network: createNetworkSwitch(gatedFetch) }),
      updates: electronUpdates({ resourcesPath: resourcesWithFeed(), platform: 'win32' }),
      updateTimer: { every: () => () => undefined },
    });
    try {
      const connected = await services.session.connectDemo();
      if (!connected.ok) throw new Error(connected.message);
      autoUpdater.checkForUpdates.mockImplementation(async () => {
        autoUpdater.emit('update-available', { version: '3.1.0' });
        autoUpdater.emit('update-downloaded', { version: '3.1.0' });
        return {} as never;
      });
      services.start();
      await vi.waitFor(async () =>
        expect(await services.handlers['desktop.updateStatus']({})).toMatchObject({ state: 'ready' }),
      );

      const sending = services.handlers['outbox.send']({
        practiceKey: connected.practice.practiceKey,
        entryId: crypto.randomUUID(),
        operation: 'lead.create',
        payload: { params: {}, body: { name: 'Restart', surname: 'Race' } },
      });
      // The window never reports this send (its report would come later): main knows it from the send itself.
      const started = Date.now();
      for (const delay of [0, 100, 250, 500]) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + delay - Date.now())));
        const answer = await services.handlers['desktop.restartToUpdate']({});
        expect(answer.restarting, `${delay} ms after the send started`).toBe(false);
      }
      expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
      expect(writesStarted).toBe(1);

      open();
      expect(await sending).toMatchObject({ kind: 'done' });
      expect(await services.handlers['desktop.restartToUpdate']({})).toEqual({ restarting: true, reason: null });
      expect(autoUpdater.quitAndInstall).toHaveBeenCalledTimes(1);
    } finally {
      open();
      await services.dispose();
    }
  }, 30_000);
});
