import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron } from './fake-electron';
import { createActivityTracker } from '../../../src-main/activity/activity-tracker';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import { createThemeStore } from '../../../src-main/os-integration/theme-store';
import type { ActivityReport } from '../../../src-preload/contract/desktop';

/** The shared fake plus what the OS integration asks of Electron: Notification, nativeTheme, nativeImage, badge and window calls. */
function createOsFake() {
  const base = createFakeElectron();
  const notifications: FakeNotification[] = [];
  class FakeNotification extends EventEmitter {
    static isSupported = () => true;
    shown = false;
    constructor(readonly options: { title: string; body: string }) {
      super();
      notifications.push(this);
    }
    show = () => void (this.shown = true);
  }
  const nativeTheme = Object.assign(new EventEmitter(), { themeSource: 'system', shouldUseDarkColors: false });
  const app = Object.assign(base.module.app, { setBadgeCount: vi.fn(() => true) });
  const window = Object.assign(new EventEmitter(), {
    focused: false,
    isFocused: () => window.focused,
    isMinimized: () => true,
    isDestroyed: () => false,
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
    setOverlayIcon: vi.fn(),
    setBackgroundColor: vi.fn(),
  });
  const module = {
    ...base.module,
    app,
    Notification: FakeNotification,
    nativeTheme,
    nativeImage: {
      createFromBitmap: vi.fn((buffer: Buffer, size: { width: number; height: number }) => ({ buffer, size })),
    },
    BrowserWindow: Object.assign(base.module.BrowserWindow, { getAllWindows: () => [window] }),
  };
  return { ...base, module, notifications, nativeTheme, window };
}

let fake = createOsFake();
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
  get BrowserWindow() {
    return fake.module.BrowserWindow;
  },
  get session() {
    return fake.module.session;
  },
  get Notification() {
    return fake.module.Notification;
  },
  get nativeTheme() {
    return fake.module.nativeTheme;
  },
  get nativeImage() {
    return fake.module.nativeImage;
  },
}));

beforeEach(() => {
  fake = createOsFake();
  vi.resetModules();
});

const idle: ActivityReport = {
  outboxSending: 0,
  packsDownloading: 0,
  unsentCount: 0,
  needsAttentionCount: 0,
  deliveredSinceReconnect: 0,
};

// As in src-main/index.ts: the page's origin must be exactly ours.
const isOwnOrigin = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === 'app://renderer';
  } catch {
    return false;
  }
};

describe('permissions', () => {
  type RequestHandler = (
    contents: unknown,
    permission: string,
    callback: (granted: boolean) => void,
    details: unknown,
  ) => void;
  type CheckHandler = (contents: unknown, permission: string, origin: string, details: unknown) => boolean;
  async function install() {
    const { installAppGuards } = await import('../../../src-main/electron/app-guards');
    installAppGuards(isOwnOrigin);
    const request = (permission: string, requestingUrl: string, isMainFrame = true): boolean => {
      let granted: boolean | undefined;
      (fake.permission.request as RequestHandler)({}, permission, (ok) => (granted = ok), {
        requestingUrl,
        isMainFrame,
      });
      return granted!;
    };
    const check = (permission: string, origin: string): boolean =>
      (fake.permission.check as CheckHandler)(null, permission, origin, { requestingUrl: `${origin}/` });
    return { request, check };
  }

  it('grants persistent storage to our own page, so its IndexedDB is not evicted', async () => {
    const { request, check } = await install();
    expect(request('persistent-storage', 'app://renderer/index.html#/settings')).toBe(true);
    expect(check('persistent-storage', 'app://renderer')).toBe(true);
  });

  it('refuses persistent storage to any other origin and to a subframe', async () => {
    const { request, check } = await install();
    expect(request('persistent-storage', 'https://evil.example/')).toBe(false);
    expect(request('persistent-storage', 'app://renderer.evil/index.html')).toBe(false);
    expect(request('persistent-storage', 'app://renderer/frame.html', false)).toBe(false);
    expect(check('persistent-storage', 'https://evil.example')).toBe(false);
    expect(check('persistent-storage', 'not a url')).toBe(false);
  });

  it('still denies every other permission, to our own page too', async () => {
    const { request, check } = await install();
    for (const permission of [
      'notifications',
      'geolocation',
      'media',
      'clipboard-read',
      'storage-access',
      'fullscreen',
      'openExternal',
      'unknown',
    ]) {
      expect(request(permission, 'app://renderer/index.html'), permission).toBe(false);
      expect(check(permission, 'app://renderer'), permission).toBe(false);
    }
  });
});

describe('native notifications', () => {
  async function install() {
    const { installNotifications } = await import('../../../src-main/electron/notifications');
    const activity = createActivityTracker();
    const events = createEventHub();
    const sent: unknown[] = [];
    events.connect((event, payload) => sent.push({ event, payload }));
    installNotifications({ activity, events }, () => fake.window as never);
    return { activity, sent };
  }

  it("shows one with Electron's Notification; a click restores and focuses the window and opens the Outbox", async () => {
    const { activity, sent } = await install();
    activity.report({ ...idle, deliveredSinceReconnect: 3 });
    expect(fake.notifications.map((n) => [n.options.title, n.shown])).toEqual([['3 queued actions went out', true]]);
    fake.notifications[0]!.emit('click');
    expect(fake.window.restore).toHaveBeenCalled();
    expect(fake.window.focus).toHaveBeenCalled();
    expect(sent).toEqual([{ event: 'desktop.command', payload: { command: 'open-screen', screen: 'outbox' } }]);
  });

  it('shows none while the window is focused', async () => {
    const { activity } = await install();
    fake.window.focused = true;
    activity.report({ ...idle, needsAttentionCount: 2 });
    expect(fake.notifications).toEqual([]);
  });

  it('shows a proposal accepted through the hub, over a focused window too; a click opens that client', async () => {
    const { installNotifications } = await import('../../../src-main/electron/notifications');
    const events = createEventHub();
    const sent: unknown[] = [];
    events.connect((event, payload) => sent.push({ event, payload }));
    let announce: (note: { title: string; body: string; entityKey: string }) => void = () => undefined;
    installNotifications(
      { activity: createActivityTracker(), events, onProposalAccepted: (listener) => void (announce = listener) },
      () => fake.window as never,
    );
    fake.window.focused = true;
    const entityKey = '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91';
    announce({ title: 'Harbour Bakery accepted a proposal', body: '“Annual accounts” is now Accepted.', entityKey });
    expect(fake.notifications.map((n) => [n.options.title, n.options.body, n.shown])).toEqual([
      ['Harbour Bakery accepted a proposal', '“Annual accounts” is now Accepted.', true],
    ]);
    fake.notifications[0]!.emit('click');
    expect(fake.window.focus).toHaveBeenCalled();
    expect(sent).toEqual([{ event: 'desktop.openRecord', payload: { kind: 'client', key: entityKey } }]);
  });
});

describe('badge', () => {
  it('sets the badge count from the unsent count, and clears it at 0 (macOS, Linux)', async () => {
    vi.spyOn(process, 'platform', 'get').mockReturnValue('darwin');
    const { installBadge } = await import('../../../src-main/electron/badge');
    const activity = createActivityTracker();
    installBadge({ activity }, () => fake.window as never);
    activity.report({ ...idle, unsentCount: 4 });
    activity.report({ ...idle, unsentCount: 0 });
    expect(fake.module.app.setBadgeCount.mock.calls).toEqual([[4], [0]]);
    vi.restoreAllMocks();
  });

  it('on Windows sets an overlay dot with a description, and removes it at 0', async () => {
    vi.spyOn(process, 'platform', 'get').mockReturnValue('win32');
    const { installBadge } = await import('../../../src-main/electron/badge');
    const activity = createActivityTracker();
    installBadge({ activity }, () => fake.window as never);
    activity.report({ ...idle, unsentCount: 2 });
    activity.report({ ...idle, unsentCount: 0 });
    expect(fake.window.setOverlayIcon.mock.calls).toEqual([
      [expect.objectContaining({ size: { width: 16, height: 16 } }), '2 actions not sent yet'],
      [null, ''],
    ]);
    expect(fake.module.app.setBadgeCount).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('theme', () => {
  it('sets nativeTheme.themeSource from the saved choice and the window background, and tells the window when the OS switches', async () => {
    const { electronThemeHost, installTheme, WINDOW_BACKGROUND } = await import('../../../src-main/electron/theme');
    const emitted: unknown[] = [];
    const settings = { get: () => 'dark', set: vi.fn(), delete: vi.fn() };
    fake.nativeTheme.shouldUseDarkColors = true;
    const theme = createThemeStore({ settings, host: electronThemeHost(), emit: (state) => emitted.push(state) });
    installTheme({ theme });
    expect(fake.nativeTheme.themeSource).toBe('dark');

    fake.module.app.emit('browser-window-created', {}, fake.window);
    expect(fake.window.setBackgroundColor).toHaveBeenLastCalledWith(WINDOW_BACKGROUND.dark);

    theme.set('light');
    expect(fake.nativeTheme.themeSource).toBe('light');
    fake.nativeTheme.shouldUseDarkColors = false;
    fake.nativeTheme.emit('updated');
    expect(fake.window.setBackgroundColor).toHaveBeenLastCalledWith(WINDOW_BACKGROUND.light);
    expect(emitted.at(-1)).toEqual({ choice: 'light', dark: false });
  });
});
