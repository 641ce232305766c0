import { resolve } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { DEEP_LINK_SCHEME, findDeepLinkArgument } from '../deep-links/deep-link';
import { createDeepLinkInbox } from '../deep-links/deep-link-inbox';
import type { EventHub } from '../ipc/event-hub';

export interface DeepLinkOptions {
  /** The command line the app started with (a link that launched it on Windows and Linux). */
  argv: readonly string[];
  /** Electron's `process.defaultApp`: run as `electron <path>` (development), not as a packaged app. */
  defaultApp: boolean;
  execPath: string;
}

/**
 * Registers `practice-companion://` with the OS and listens for links from the first moment (macOS sends
 * the link that launched the app as `open-url` before `ready`). Links wait until `connect()` gives the
 * event hub and the window has loaded; the renderer subscribes while its scripts run, before the load
 * finishes (see src-renderer/desktop/desktop-commands.ts).
 */
export function installDeepLinks(
  options: DeepLinkOptions = {
    argv: process.argv,
    defaultApp: Boolean(process.defaultApp),
    execPath: process.execPath,
  },
) {
  if (!options.defaultApp) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME); // eng-disable PROTOCOL_HANDLER_JS_CHECK
  } else if (options.argv.length >= 2) {
    // Under `electron .` the OS must start Electron with the app's folder, or the link opens a bare Electron.
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, options.execPath, [resolve(options.argv[1] ?? '.')]); // eng-disable PROTOCOL_HANDLER_JS_CHECK
  }

  let events: EventHub | null = null;
  let windowLoaded = false;
  const currentWindow = () => BrowserWindow.getAllWindows().find((window) => !window.isDestroyed());
  const inbox = createDeepLinkInbox({
    emit: (record) => events?.emit('desktop.openRecord', record),
    focus: () => {
      const window = currentWindow();
      if (!window) return;
      if (window.isMinimized()) window.restore();
      window.focus();
    },
    warn: (message) => console.warn(message),
  });
  const readyIfConnected = (): void => {
    if (events && windowLoaded) inbox.windowReady();
  };

  app.on('browser-window-created', (_event, window) => {
    // A reload or a crash-reload starts a new page that has not subscribed yet; in-page (hash) navigation does not.
    window.webContents.on('did-navigate', () => {
      windowLoaded = false;
      inbox.windowGone();
    });
    window.webContents.on('did-finish-load', () => {
      windowLoaded = true;
      readyIfConnected();
    });
    window.on('closed', () => {
      windowLoaded = false;
      inbox.windowGone();
    });
  });
  // Windows and Linux: a second launch (the OS starting the app for a link) hands us its command line.
  app.on('second-instance', (_event, argv: string[]) => {
    const link = findDeepLinkArgument(argv);
    if (link !== undefined) inbox.receive(link);
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    inbox.receive(url);
  });
  const launchLink = findDeepLinkArgument(options.argv);
  if (launchLink !== undefined) inbox.receive(launchLink);

  return {
    /** A second launch that carries a link is this piece's to answer (a link that is not ours raises no window). */
    carriesLink: (argv: readonly string[]): boolean => findDeepLinkArgument(argv) !== undefined,
    /** Main's services exist: records go out through the event hub from now on. */
    connect(hub: EventHub): void {
      events = hub;
      readyIfConnected();
    },
  };
}
