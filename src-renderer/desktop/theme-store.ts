import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Companion } from '../../src-preload/contract/companion';
import type { ThemeChoice, ThemeState } from '../../src-preload/contract/desktop';
import { describeFailure } from '../ui/words/describe-failure';

export interface ThemeStoreState {
  /** What the user chose in Settings; kept by main in its settings file. */
  choice: ThemeChoice;
  /** The page's `prefers-color-scheme`: the OS theme, or in the desktop app the choice (main sets nativeTheme's source). */
  systemDark: boolean;
  error: string | null;
}

export type ThemeStore = StoreApi<ThemeStoreState>;

export const createThemeStore = (): ThemeStore =>
  createStore<ThemeStoreState>()(() => ({ choice: 'system', systemDark: false, error: null }));

/** The user's choice in Settings: shown at once; main's answer (or its event) confirms it. */
export async function chooseTheme(companion: Companion, store: ThemeStore, choice: ThemeChoice): Promise<void> {
  store.setState({ choice, error: null });
  try {
    store.setState({ choice: (await companion.desktop.setTheme({ choice })).choice });
  } catch (error) {
    store.setState({ error: describeFailure(error) });
  }
}

/** Radix's appearance: the choice, or for "system" what the page's colour scheme says. */
export const appearanceOf = (state: Pick<ThemeStoreState, 'choice' | 'systemDark'>): 'light' | 'dark' =>
  state.choice === 'system' ? (state.systemDark ? 'dark' : 'light') : state.choice;

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Loads the saved choice, follows main's `desktop.theme` events and the page's colour scheme. */
export function watchTheme(companion: Companion, store: ThemeStore): () => void {
  const apply = (state: ThemeState): void => store.setState({ choice: state.choice });
  void companion.desktop
    .theme()
    .then(apply)
    .catch(() => undefined);
  const offTheme = companion.on('desktop.theme', apply);
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onMedia = (): void => store.setState({ systemDark: media?.matches ?? false });
  onMedia();
  media?.addEventListener('change', onMedia);
  return () => {
    offTheme();
    media?.removeEventListener('change', onMedia);
  };
}
