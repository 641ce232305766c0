import { Menu } from 'electron';
import type { AppCommand } from '../../src-preload/contract/desktop';
import type { EventHub } from '../ipc/event-hub';
import type { Handlers } from '../ipc/registry';
import { installContextMenu } from './context-menu';
import { buildMenuTemplate } from './menu-template';

export interface MenuOptions {
  /** Commands go out on the event hub; "Open logs folder" is the logs piece's own handler (whatever it answers stays in main). */
  services: { events: EventHub; handlers: Pick<Handlers, 'desktop.openLogsFolder'> };
  isDev: boolean;
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
    send: (command: AppCommand) => options.services.events.emit('desktop.command', command),
    openLogsFolder: () =>
      void Promise.resolve()
        .then(() => options.services.handlers['desktop.openLogsFolder']({}))
        .catch((error: unknown) => console.warn('[menu] could not open the logs folder', error)),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  installContextMenu();
}
