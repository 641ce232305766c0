import { themeChoiceSchema, type ThemeChoice, type ThemeState } from '../../src-preload/contract/desktop';
import type { SettingsStore } from '../settings/settings-store';

const THEME_KEY = 'desktop.theme';

/**
 * What the OS can do for the theme. Electron: `nativeTheme` (its themeSource also drives the window's
 * `prefers-color-scheme`). Without a host (browser preview, tests) `dark` follows the choice only and the
 * renderer asks `matchMedia` itself for "system".
 */
export interface ThemeHost {
  /** Tells the OS layer which theme to use; 'system' follows the OS. */
  setSource(choice: ThemeChoice): void;
  /** Whether the window is dark now, after the choice was applied. */
  isDark(): boolean;
}

/** The window's light/dark choice, kept in the settings file and applied to the host at start and on each change. */
export function createThemeStore(deps: {
  settings: SettingsStore;
  host?: ThemeHost;
  emit: (state: ThemeState) => void;
}) {
  const read = (): ThemeChoice => {
    // The settings file can be edited by hand: anything but a known choice means "system".
    const parsed = themeChoiceSchema.safeParse(deps.settings.get(THEME_KEY));
    return parsed.success ? parsed.data : 'system';
  };
  let choice = read();
  deps.host?.setSource(choice);

  const state = (): ThemeState => ({ choice, dark: deps.host ? deps.host.isDark() : choice === 'dark' });
  return {
    current: state,
    set(next: ThemeChoice): ThemeState {
      choice = next;
      deps.settings.set(THEME_KEY, next);
      deps.host?.setSource(next);
      const now = state();
      deps.emit(now);
      return now;
    },
    /** The OS switched between light and dark (Electron's nativeTheme 'updated'). */
    systemChanged(): void {
      deps.emit(state());
    },
  };
}
export type ThemeStore = ReturnType<typeof createThemeStore>;
