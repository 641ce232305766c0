import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, type FakeElectron } from './fake-electron';
import { buildMenuTemplate, zoomAccelerators } from '../../../src-main/electron/menu-template';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import { screenNameSchema, type AppCommand } from '../../../src-preload/contract/desktop';
import { screenList } from '../../../src-preload/contract/screens';

const root = join(import.meta.dirname, '../../..');
const source = (path: string): string => readFileSync(join(root, path), 'utf8');

/** Every item, at every depth. */
function walk(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? walk(item.submenu) : [])]);
}
const roles = (items: readonly MenuItemConstructorOptions[]) =>
  walk(items)
    .map((item) => item.role)
    .filter(Boolean);

function template(platform: NodeJS.Platform, isDev = false) {
  const sent: AppCommand[] = [];
  const openLogsFolder = vi.fn();
  const items = buildMenuTemplate({ platform, isDev, send: (command) => sent.push(command), openLogsFolder });
  const click = (label: string): void => {
    const item = walk(items).find((i) => i.label === label);
    if (!item?.click) throw new Error(`no menu item ${label}`);
    (item.click as () => void)();
  };
  return { items, sent, openLogsFolder, click };
}

describe('the application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    'has no Reload, Force reload or developer tools in production (%s)',
    (platform) => {
      for (const role of ['reload', 'forceReload', 'toggleDevTools'])
        expect(roles(template(platform).items)).not.toContain(role);
      expect(JSON.stringify(template(platform).items)).not.toMatch(/devtools|reload/i);
    },
  );

  it('has them in development', () => {
    expect(roles(template('linux', true).items)).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']),
    );
  });

  it('puts the app menu first on macOS only, and quits from File elsewhere', () => {
    expect(template('darwin').items[0]).toEqual({ role: 'appMenu' });
    expect(roles(template('darwin').items)).not.toContain('quit');
    for (const platform of ['win32', 'linux'] as const) {
      expect(roles(template(platform).items)).not.toContain('appMenu');
      expect(template(platform).items[0]!.label).toBe('File');
      expect(roles(template(platform).items)).toContain('quit');
    }
  });

  it('offers every editing role, so copy and paste work in every field', () => {
    expect(roles(template('win32').items)).toEqual(
      expect.arrayContaining([
        'undo',
        'redo',
        'cut',
        'copy',
        'paste',
        'pasteAndMatchStyle',
        'delete',
        'selectAll',
        'windowMenu',
        'help',
      ]),
    );
  });

  it('opens every screen with the same Ctrl/⌘ digit as the renderer’s shortcuts', () => {
    // One list in the contract serves both; the renderer's routes and shortcuts are built from it (screens.tsx).
    expect(source('src-renderer/app/screens.tsx')).toContain('screenList.map(');
    expect(screenList).toHaveLength(9);
    const menu = template('linux');
    for (const { path: screen, label, shortcut } of screenList) {
      expect(walk(menu.items).find((item) => item.label === label)?.accelerator).toBe(`CmdOrCtrl+${shortcut}`);
      menu.click(label);
      expect(menu.sent.at(-1)).toEqual({ command: 'open-screen', screen });
    }
    // And every screen a command may open is one of them.
    expect([...screenNameSchema.options].sort()).toEqual(screenList.map((s) => s.path).sort());
  });

  it('sends the File and Help commands, and opens the logs folder through the injected function', () => {
    const menu = template('win32');
    const labels = [
      'Sync Now',
      'Prepare for Meeting',
      'Sign Out…',
      'Keyboard Shortcuts',
      'Copy Diagnostics',
      'About Practice Companion',
    ];
    for (const label of labels) menu.click(label);
    expect(menu.sent.map((c) => c.command)).toEqual([
      'sync-now',
      'prepare-meeting',
      'sign-out',
      'show-shortcuts',
      'copy-diagnostics',
      'about',
    ]);
    menu.click('Open Logs Folder');
    expect(menu.openLogsFolder).toHaveBeenCalledOnce();
  });

  it('zooms the page on keys the PDF viewer leaves alone', () => {
    // The viewer's Ctrl/⌘ keys, read from its key handler: they apply only when Alt is not held.
    const viewer = source('src-renderer/pdf-viewer/PdfDocumentView.tsx');
    const branch = /if \(modifier && !event\.altKey\) \{([\s\S]*?)\n {4}\}/.exec(viewer)?.[1] ?? '';
    const viewerKeys = [...branch.matchAll(/event\.key(?:\.toLowerCase\(\))? === '(.)'/g)].map((m) => m[1]);
    expect(viewerKeys).toEqual(['=', '+', '-', '0', 'f', 'g']);

    const zoomItems = walk(template('darwin').items).filter((i) =>
      ['zoomIn', 'zoomOut', 'resetZoom'].includes(i.role ?? ''),
    );
    expect(zoomItems.map((i) => i.accelerator)).toEqual([
      zoomAccelerators.resetZoom,
      zoomAccelerators.zoomIn,
      zoomAccelerators.zoomOut,
    ]);
    for (const accelerator of Object.values(zoomAccelerators)) expect(accelerator).toMatch(/^CmdOrCtrl\+Alt\+/);

    // No menu accelerator takes a viewer key without Alt (Shift would not free it: Shift+= types '+').
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const accelerators = walk(template(platform, true).items)
        .map((i) => i.accelerator)
        .filter((a): a is string => typeof a === 'string');
      expect(new Set(accelerators).size).toBe(accelerators.length);
      for (const accelerator of accelerators) {
        const parts = accelerator.split('+');
        const key = accelerator.endsWith('++') ? '+' : parts.at(-1)!.toLowerCase();
        if (!parts.includes('Alt')) expect(viewerKeys).not.toContain(key);
      }
    }
  });
});

let fake: FakeElectron = createFakeElectron();
const Menu = { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() };
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
  get BrowserWindow() {
    return fake.module.BrowserWindow;
  },
  get clipboard() {
    return { writeText: vi.fn() };
  },
  get Menu() {
    return Menu;
  },
}));

describe('installMenus', () => {
  beforeEach(() => {
    fake = createFakeElectron();
    Menu.buildFromTemplate.mockClear();
    Menu.setApplicationMenu.mockClear();
    vi.resetModules();
  });

  it('replaces the default menu with one whose items reach the window through the event hub', async () => {
    const { installMenus } = await import('../../../src-main/electron/menus');
    const events = createEventHub();
    const received: unknown[] = [];
    events.connect((event, payload) => received.push({ event, payload }));
    const handlers = { 'desktop.openLogsFolder': () => Promise.reject(new Error('no logs')) };
    installMenus({ services: { events, handlers }, isDev: false, platform: 'linux' });

    expect(Menu.setApplicationMenu).toHaveBeenCalledOnce();
    const built = Menu.setApplicationMenu.mock.calls[0]![0] as { template: MenuItemConstructorOptions[] };
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) expect(roles(built.template)).not.toContain(role);
    const settings = walk(built.template).find((i) => i.label === 'Settings')!;
    (settings.click as () => void)();
    expect(received).toEqual([{ event: 'desktop.command', payload: { command: 'open-screen', screen: 'settings' } }]);

    // A failing logs handler is only a warning in main.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    (walk(built.template).find((i) => i.label === 'Open Logs Folder')!.click as () => void)();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[menu] could not open the logs folder', expect.any(Error)),
    );
    warn.mockRestore();
    // The context menu is installed for every web contents.
    expect(fake.app.listenerCount('web-contents-created')).toBe(1);
  });
});
