import { BrowserWindow, screen } from 'electron';
import type { SettingsStore } from '../settings/settings-store';
import { MIN_SIZE, restoreWindowState, type WindowState } from '../window-state/window-state';

const WINDOW_STATE_KEY = 'windowState';

/** The one window, with every item of Electron's security checklist set explicitly. */
export function createMainWindow(options: {
  preloadPath: string;
  url: string;
  settings: SettingsStore;
  /** Window icon on Linux and Windows; macOS takes it from the bundle. */
  icon?: string;
}): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = restoreWindowState(options.settings.get(WINDOW_STATE_KEY), workAreas);

  const window = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Practice Companion',
    backgroundColor: '#ffffff',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      // Reviewed: the preload exposes only createCompanion()'s typed methods through contextBridge and
      // runs sandboxed; see "Reviewed Electronegativity findings" in docs/ARCHITECTURE.md.
      preload: options.preloadPath, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would otherwise try to open links in a new window (denied anyway by the open handler).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (bounds.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  // Remember where the user left the window; normal (not maximised) bounds, so un-maximising restores them.
  const remember = (): void => {
    if (window.isDestroyed() || window.isMinimized()) return;
    const normal = window.getNormalBounds();
    const state: WindowState = { ...normal, maximized: window.isMaximized() };
    options.settings.set(WINDOW_STATE_KEY, state);
  };
  window.on('close', remember);
  window.on('resized', remember);
  window.on('moved', remember);

  void window.loadURL(options.url);
  return window;
}
