import { app, BrowserWindow, nativeTheme } from 'electron';
import type { ThemeHost, ThemeStore } from '../os-integration/theme-store';

/** Radix's page background (slate) in each appearance, so the window does not flash white before a dark page paints. */
export const WINDOW_BACKGROUND = { light: '#ffffff', dark: '#111113' } as const;

/** `nativeTheme.themeSource` drives the OS-drawn parts and the page's `prefers-color-scheme` alike. */
export function electronThemeHost(): ThemeHost {
  return {
    setSource: (choice) => {
      nativeTheme.themeSource = choice;
    },
    isDark: () => nativeTheme.shouldUseDarkColors,
  };
}

/** Keeps every window's background on the theme and tells the renderer when the OS (or the choice) switches it. */
export function installTheme(services: { theme: ThemeStore }): void {
  const background = (): string => (nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light);
  app.on('browser-window-created', (_event, window) => window.setBackgroundColor(background()));
  nativeTheme.on('updated', () => {
    for (const window of BrowserWindow.getAllWindows()) window.setBackgroundColor(background());
    services.theme.systemChanged();
  });
}
