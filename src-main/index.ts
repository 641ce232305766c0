/**
 * Electron's entry: only glue. Every service is built by createMainServices() from Electron's
 * pieces; everything else in main is plain Node code tested without Electron.
 */
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createMainServices } from './compose';
import { installAppGuards } from './electron/app-guards';
import { installCrashRecovery } from './electron/crash-recovery';
import { installProxyAuth } from './electron/proxy-auth';
import { startCrashReporter } from './electron/crash-reporter';
import { installBadge } from './electron/badge';
import { installDeepLinks } from './electron/deep-links';
import { devServerUrl as devServerUrlFor } from './electron/dev-server-url';
import { electronMainDeps } from './electron/electron-pieces';
import { connectIpcBridge } from './electron/ipc-bridge';
import { createMainWindow } from './electron/main-window';
import { installMenus } from './electron/menus';
import { installNotifications } from './electron/notifications';
import { installPresence, watchPresenceOf } from './electron/presence';
import { registerRendererScheme, serveRenderer } from './electron/renderer-protocol';
import { installTheme } from './electron/theme';
import { installUpdaterLog } from './electron/updater';
import { RENDERER_ORIGIN } from './security/renderer-asset-path';
import icon from '../resources/icon.png?asset';

// Sandbox every renderer, including any created by a library by mistake.
app.enableSandbox();
// Minidumps of any crashed process, kept on this laptop for a support bundle (never uploaded).
const crashDumpsDir = startCrashReporter();
// Windows shows a notification only for an app with a user model ID; the same as electron-builder.yml's appId.
if (process.platform === 'win32') app.setAppUserModelId('com.practicecompanion.desktop');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerRendererScheme();
  // Listens from the start: macOS sends the link that launched the app before `ready`.
  const deepLinks = installDeepLinks();

  // Only under `electron-vite dev` (see dev-server-url.ts); every other run loads app://renderer.
  const devServerUrl = devServerUrlFor({
    isPackaged: app.isPackaged,
    builtForDev: import.meta.env.DEV,
    env: process.env,
  });
  const rendererUrl = devServerUrl ?? `${RENDERER_ORIGIN}/index.html`;
  const allowedOrigins = devServerUrl ? [new URL(devServerUrl).origin] : [RENDERER_ORIGIN];
  const isOwnOrigin = (url: string): boolean => {
    try {
      const parsed = new URL(url);
      return allowedOrigins.includes(`${parsed.protocol}//${parsed.host}`);
    } catch {
      return false;
    }
  };

  let mainWindow: BrowserWindow | null = null;

  app.on('second-instance', (_event, argv) => {
    if (!mainWindow || deepLinks.carriesLink(argv)) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  void app.whenReady().then(() => {
    installAppGuards(isOwnOrigin);
    serveRenderer(join(import.meta.dirname, '../renderer'));

    const services = createMainServices({ ...electronMainDeps(), crashDumpsDir });
    connectIpcBridge({ handlers: services.handlers, events: services.events, allowedOrigins });
    installUpdaterLog(services.log);
    installProxyAuth(services.proxyLogin);
    services.start();
    installCrashRecovery({ log: services.log, rendererUrl });
    installMenus({ services, isDev: import.meta.env.DEV && !app.isPackaged });
    deepLinks.connect(services.events);
    installTheme(services);
    installNotifications(services, () => mainWindow);
    installBadge(services, () => mainWindow);
    installPresence(services);

    const openWindow = (): void => {
      mainWindow = createMainWindow({
        preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
        url: rendererUrl,
        settings: services.settings,
        icon,
      });
      mainWindow.on('closed', () => (mainWindow = null));
      watchPresenceOf(services, mainWindow);
    };
    openWindow();

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
    app.on('before-quit', () => void services.dispose());
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
