import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { announceScreenShortcut } from '../desktop/screen-shortcut-events';
import { screens } from './screens';
import { HELP_KEY } from '../desktop/shortcut-registry';
import { isMac } from '../desktop/platform';

export { isMac };

/**
 * Ctrl+1… (⌘1… on a Mac) opens a screen, F1 opens Help. Pressed on the screen already shown, nothing is mounted again,
 * so a screen that puts focus somewhere on arrival (Clients: its search, text selected) also listens here.
 */
export function useScreenShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === HELP_KEY && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        void navigate('/help');
        announceScreenShortcut('help');
        return;
      }
      const modifier = isMac ? event.metaKey : event.ctrlKey;
      if (!modifier || event.altKey || event.shiftKey) return;
      const screen = screens.find((s) => s.shortcut === event.key);
      if (!screen) return;
      event.preventDefault();
      void navigate(`/${screen.path}`);
      announceScreenShortcut(screen.path);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
