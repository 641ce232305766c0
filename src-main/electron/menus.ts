import { Menu } from 'electron';
import type { AppCommand } from '../../src-preload/contract/desktop';
import type { EventHub } from '../ipc/event-hub';
import { installContextMenu } from './context-menu';
import { buildMenuTemplate } from './menu-template';

export interface MenuOptions {
  events: EventHub;
  isDev: boolean;
  /** The logs piece's handler; whatever it answers or throws stays in main. */
  openLogsFolder(): unknown;
  platform?: NodeJS.Platform;
}

/**
 * Replaces Electron's default menu (which has Reload and the developer tools in every build) with the
 * app's own, and gives every window a right-click menu. Call before the first window is created.
 */
export function installMenus(options: MenuOptions): void {
  const template = buildMenuTemplate({
    platform: options.platform ?? process.platform,
    isDev: options.isDev,
    send: (command: AppCommand) => options.events.emit('desktop.command', command),
    openLogsFolder: () =>
      void Promise.resolve()
        .then(options.openLogsFolder)
        .catch((error: unknown) => console.warn('[menu] could not open the logs folder', error)),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  installContextMenu();
}
