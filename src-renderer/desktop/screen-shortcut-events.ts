import { useEffect } from 'react';

/**
 * Said after a screen's shortcut was pressed, whether or not it changed the screen (screen-shortcuts.ts
 * says it; a screen already shown listens). Its own module: a screen listening must not import the
 * screen list that imports it.
 */
const pressed = new EventTarget();

export function announceScreenShortcut(path: string): void {
  pressed.dispatchEvent(new CustomEvent(path));
}

/** Runs `onPressed` each time the shortcut of the screen at `path` is pressed while it is mounted. */
export function useOnScreenShortcut(path: string, onPressed: () => void): void {
  useEffect(() => {
    pressed.addEventListener(path, onPressed);
    return () => pressed.removeEventListener(path, onPressed);
  }, [path, onPressed]);
}
