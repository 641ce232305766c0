import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../src-preload/contract/desktop';

type ScreenName = Extract<AppCommand, { command: 'open-screen' }>['screen'];

/**
 * The View menu's screens with the same Ctrl/⌘ digits as the renderer's own shortcuts
 * (src-renderer/app/screen-list.ts; main may not import the renderer, so a unit test keeps the two equal).
 */
export const menuScreens: readonly { screen: ScreenName; label: string; key: string }[] = [
  { screen: 'clients', label: 'Clients', key: '1' },
  { screen: 'onboardings', label: 'Onboardings', key: '2' },
  { screen: 'leads', label: 'Leads', key: '7' },
  { screen: 'billing', label: 'Billing', key: '3' },
  { screen: 'debtors', label: 'Debtors', key: '8' },
  { screen: 'documents', label: 'Documents', key: '4' },
  { screen: 'outbox', label: 'Outbox', key: '5' },
  { screen: 'settings', label: 'Settings', key: '6' },
];

/**
 * Page zoom. Ctrl/⌘ with `=`, `+`, `-` and `0` belong to the PDF viewer's own zoom (PdfDocumentView.tsx),
 * and Shift does not free them (Shift+= types `+`, and Shift+0 types `=` on a German keyboard). The viewer
 * ignores every key pressed with Alt/Option, so page zoom takes Ctrl/⌘+Alt/Option with the usual keys.
 */
export const zoomAccelerators = { resetZoom: 'CmdOrCtrl+Alt+0', zoomIn: 'CmdOrCtrl+Alt+=', zoomOut: 'CmdOrCtrl+Alt+-' } as const;

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
  const command = (label: string, appCommand: AppCommand, extra: MenuItemConstructorOptions = {}): MenuItemConstructorOptions => ({
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
      ...menuScreens.map(({ screen, label, key }) => command(label, { command: 'open-screen', screen }, { accelerator: `CmdOrCtrl+${key}` })),
      separator,
      { role: 'resetZoom', accelerator: zoomAccelerators.resetZoom },
      { role: 'zoomIn', accelerator: zoomAccelerators.zoomIn },
      { role: 'zoomOut', accelerator: zoomAccelerators.zoomOut },
      separator,
      { role: 'togglefullscreen' },
      ...(input.isDev ? [separator, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] satisfies MenuItemConstructorOptions[] : []),
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      command('Keyboard Shortcuts', { command: 'show-shortcuts' }),
      { label: 'Open Logs Folder', click: () => input.openLogsFolder() },
      command('Copy Diagnostics', { command: 'copy-diagnostics' }),
      separator,
      command('About Practice Companion', { command: 'about' }),
    ],
  };

  return [...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []), file, edit, view, { role: 'windowMenu' }, help];
}
