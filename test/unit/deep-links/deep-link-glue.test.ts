import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, type FakeElectron } from '../electron/fake-electron';
import { createEventHub } from '../../../src-main/ipc/event-hub';

const key = '3f2b8c1e-7d4a-4c2b-9e1f-0a5b6c7d8e9f';
const link = `practice-companion://client/${key}`;

// The shared fake Electron, with what deep links need: protocol registration and a window that can be raised.
let fake: FakeElectron = createFakeElectron();
let setAsDefaultProtocolClient = vi.fn();
vi.mock('electron', () => ({
  get app() {
    return Object.assign(fake.module.app, { setAsDefaultProtocolClient });
  },
  get BrowserWindow() {
    return fake.module.BrowserWindow;
  },
}));

beforeEach(() => {
  vi.restoreAllMocks();
  fake = createFakeElectron();
  setAsDefaultProtocolClient = vi.fn();
  vi.resetModules();
});

async function start(argv: string[] = ['/opt/pc/practice-companion'], defaultApp = false) {
  const { installDeepLinks } = await import('../../../src-main/electron/deep-links');
  const deepLinks = installDeepLinks({ argv, defaultApp, execPath: '/opt/electron/electron' });
  const events = createEventHub();
  const received: unknown[] = [];
  events.connect((event, payload) => received.push({ event, payload }));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const openWindow = () => {
    const window = Object.assign(new fake.module.BrowserWindow({}), {
      isMinimized: () => true,
      restore: vi.fn(),
      focus: vi.fn(),
    });
    fake.app.emit('browser-window-created', {}, window);
    return window;
  };
  return { deepLinks, events, received, warn, openWindow };
}

describe('deep links', () => {
  it('registers the scheme: plainly when packaged, with the app folder under `electron .`', async () => {
    await start();
    expect(setAsDefaultProtocolClient).toHaveBeenCalledWith('practice-companion');
    setAsDefaultProtocolClient.mockClear();
    vi.resetModules();
    await start(['/opt/electron/electron', '.'], true);
    expect(setAsDefaultProtocolClient).toHaveBeenCalledWith('practice-companion', '/opt/electron/electron', [
      process.cwd(),
    ]);
  });

  it('opens a link from a second instance’s command line: the window is restored, focused and told', async () => {
    const { deepLinks, events, received, openWindow } = await start();
    deepLinks.connect(events);
    const window = openWindow();
    window.webContents.emit('did-finish-load');
    fake.app.emit('second-instance', {}, ['/opt/pc/practice-companion', '--some-flag', link], '/home/me', {});
    expect(window.restore).toHaveBeenCalledOnce();
    expect(window.focus).toHaveBeenCalledOnce();
    expect(received).toEqual([{ event: 'desktop.openRecord', payload: { kind: 'client', key } }]);
  });

  it('opens a link from macOS open-url, and takes the event from Electron', async () => {
    const { deepLinks, events, received, openWindow } = await start();
    deepLinks.connect(events);
    openWindow().webContents.emit('did-finish-load');
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-url', event, `practice-companion://onboarding/${key}`);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(received).toEqual([{ event: 'desktop.openRecord', payload: { kind: 'onboarding', key } }]);
  });

  it('keeps the link that launched the app until main is ready and the window has loaded', async () => {
    const { deepLinks, events, received, openWindow } = await start(['/opt/pc/practice-companion', link]);
    // macOS: the launch link comes before `ready`.
    fake.app.emit('open-url', { preventDefault: vi.fn() }, `practice-companion://onboarding/${key}`);
    deepLinks.connect(events);
    const window = openWindow();
    expect(received).toEqual([]);
    window.webContents.emit('did-finish-load');
    expect(received.map((r) => (r as { payload: unknown }).payload)).toEqual([
      { kind: 'client', key },
      { kind: 'onboarding', key },
    ]);
    expect(window.focus).toHaveBeenCalled();

    // A reload: the new page has not subscribed until its load finishes.
    window.webContents.emit('did-navigate');
    fake.app.emit('second-instance', {}, [link]);
    expect(received).toHaveLength(2);
    window.webContents.emit('did-finish-load');
    expect(received).toHaveLength(3);
  });

  it.each([
    `practice-companion://client/../x`,
    `practice-companion://client/..%2F${key}`,
    `practice-companion://u:p@client/${key}`,
    `practice-companion://client/${key}?x=1`,
    `practice-companion://client/not-a-uuid`,
    `practice-companion://cli\u0435nt/${key}`,
    `PRACTICE-COMPANION://client/${key}/x`,
  ])('logs %s and does nothing else', async (hostile) => {
    const { deepLinks, events, received, warn, openWindow } = await start();
    deepLinks.connect(events);
    const window = openWindow();
    window.webContents.emit('did-finish-load');
    fake.app.emit('second-instance', {}, ['/opt/pc/practice-companion', hostile]);
    fake.app.emit('open-url', { preventDefault: vi.fn() }, hostile);
    expect(received).toEqual([]);
    expect(window.focus).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('ignores a second launch without a link (the single-instance lock raises the window for that)', async () => {
    const { deepLinks, events, received, warn, openWindow } = await start();
    deepLinks.connect(events);
    openWindow().webContents.emit('did-finish-load');
    fake.app.emit('second-instance', {}, ['/opt/pc/practice-companion', '--flag']);
    expect(received).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('a second launch', () => {
  it('is left to the deep-link piece when it carries a link, so a bad link raises no window', async () => {
    const { deepLinks } = await start();
    expect(deepLinks.carriesLink(['/opt/pc/practice-companion', 'practice-companion://client/../x'])).toBe(true);
    expect(deepLinks.carriesLink(['/opt/pc/practice-companion', '--flag'])).toBe(false);
  });
});
