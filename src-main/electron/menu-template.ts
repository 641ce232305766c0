import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../src-preload/contract/desktop';
import { screenList } from '../../src-preload/contract/screens';

/** The View menu's screens, on the same Ctrl/⌘ digits as the window's own shortcuts (one list in the contract). */
const menuScreens = screenList.map((screen) => ({ screen: screen.path, label: screen.label, key: screen.shortcut }));

/**
 * Page zoom. Ctrl/⌘ with `=`, `+`, `-` and `0` belong to the PDF viewer's own zoom (PdfDocumentView.tsx),
 * and Shift does not free them (Shift+= types `+`, and Shift+0 types `=` on a German keyboard). The viewer
 * ignores every key pressed with Alt/Option, so page zoom takes Ctrl/⌘+Alt/Option with the usual keys.
 */
export const zoomAccelerators = {
  resetZoom: 'CmdOrCtrl+Alt+0',
  zoomIn: 'CmdOrCtrl+Alt+=',
  zoomOut: 'CmdOrCtrl+Alt+-',
} as const;

export interface MenuTemplateInput {
  platform: NodeJS.Platform;
  /** Reload, Force reload and the developer tools exist only in development. */
  isDev: boolean;
  /** Asks the window to do something (the event hub's `desktop.command`). */
  send(command: AppCommand): void;
  openLogsFolder(): void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** The application menu: plain data, so every platform's variant and the production/dev difference are unit-tested. */
export function buildMenuTemplate(input: MenuTemplateInput): MenuItemConstructorOptions[] {
  const isMac = input.platform === 'darwin';
  const command = (
    label: string,
    appCommand: AppCommand,
    extra: MenuItemConstructorOptions = {},
  ): MenuItemConstructorOptions => ({
    label,
    click: () => input.send(appCommand),
    ...extra,
  });

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      command('Sync Now', { command: 'sync-now' }),
      command('Prepare for Meeting', { command: 'prepare-meeting' }),
      separator,
      command('Sign Out…', { command: 'sign-out' }),
      separator,
      // macOS quits from the app menu; its File menu closes the window instead.
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'pasteAndMatchStyle' },
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...menuScreens.map(({ screen, label, key }) =>
        command(label, { command: 'open-screen', screen }, { accelerator: `CmdOrCtrl+${key}` }),
      ),
      separator,
      { role: 'resetZoom', accelerator: zoomAccelerators.resetZoom },
      { role: 'zoomIn', accelerator: zoomAccelerators.zoomIn },
      { role: 'zoomOut', accelerator: zoomAccelerators.zoomOut },
      separator,
      { role: 'togglefullscreen' },
      ...(input.isDev
        ? ([
            separator,
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
          ] satisfies MenuItemConstructorOptions[])
        : []),
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      command('Keyboard Shortcuts', { command: 'show-shortcuts' }),
      { label: 'Open Logs Folder', click: () => input.openLogsFolder() },
      command('Copy Diagnostics', { command: 'copy-diagnostics' }),
      command('Save Support Bundle…', { command: 'save-support-bundle' }),
      separator,
      command('About Practice Companion', { command: 'about' }),
    ],
  };

  return [
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    file,
    edit,
    view,
    { role: 'windowMenu' },
    help,
  ];
}
