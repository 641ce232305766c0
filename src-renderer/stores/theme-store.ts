import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ThemeChoice } from '../../src-preload/contract/desktop';

export interface ThemeStoreState {
  /** What the user chose in Settings; kept by main in its settings file. */
  choice: ThemeChoice;
  /** The page's `prefers-color-scheme`: the OS theme, or in the desktop app the choice (main sets nativeTheme's source). */
  systemDark: boolean;
  error: string | null;
}

/** The choice and main's events are `desktop/theme-bridge.ts`'s. */
export type ThemeStore = StoreApi<ThemeStoreState>;

export const createThemeStore = (): ThemeStore =>
  createStore<ThemeStoreState>()(() => ({ choice: 'system', systemDark: false, error: null }));

/** Radix's appearance: the choice, or for "system" what the page's colour scheme says. */
export const appearanceOf = (state: Pick<ThemeStoreState, 'choice' | 'systemDark'>): 'light' | 'dark' =>
  state.choice === 'system' ? (state.systemDark ? 'dark' : 'light') : state.choice;
