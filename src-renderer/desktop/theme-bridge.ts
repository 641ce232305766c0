import type { Companion } from '../../src-preload/contract/companion';
import type { ThemeChoice, ThemeState } from '../../src-preload/contract/desktop';
import type { ThemeStore } from '../stores/theme-store';
import { describeFailure } from '../ui/words/describe-failure';

/** The user's choice in Settings: shown at once; main's answer (or its event) confirms it. */
export async function chooseTheme(companion: Companion, store: ThemeStore, choice: ThemeChoice): Promise<void> {
  store.setState({ choice, error: null });
  try {
    store.setState({ choice: (await companion.desktop.setTheme({ choice })).choice });
  } catch (error) {
    store.setState({ error: describeFailure(error) });
  }
}

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
