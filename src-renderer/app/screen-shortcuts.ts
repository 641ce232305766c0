import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { screens } from './screens';

export const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** Said after a screen's shortcut was pressed, whether or not it changed the screen. */
const pressed = new EventTarget();

/**
 * Ctrl+1… (⌘1… on a Mac) opens a screen. Pressed on the screen already shown, nothing is mounted again,
 * so a screen that puts focus somewhere on arrival (Clients: its search, text selected) also listens here.
 */
export function useScreenShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const modifier = isMac ? event.metaKey : event.ctrlKey;
      if (!modifier || event.altKey || event.shiftKey) return;
      const screen = screens.find((s) => s.shortcut === event.key);
      if (!screen) return;
      event.preventDefault();
      void navigate(`/${screen.path}`);
      pressed.dispatchEvent(new CustomEvent(screen.path));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}

/** Runs `onPressed` each time the shortcut of the screen at `path` is pressed while it is mounted. */
export function useOnScreenShortcut(path: string, onPressed: () => void): void {
  useEffect(() => {
    pressed.addEventListener(path, onPressed);
    return () => pressed.removeEventListener(path, onPressed);
  }, [path, onPressed]);
}
