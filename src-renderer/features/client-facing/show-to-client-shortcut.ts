import { useEffect } from 'react';
import { showToClientShortcut } from '../../../src-preload/contract/screens';
import { isMac } from '../../desktop/platform';

export const showToClientKeys = `${isMac ? 'Meta' : 'Control'}+Shift+${showToClientShortcut.key}`;

/** Runs `onPressed` on Ctrl/⌘+Shift+S (contract/screens.ts) while the calling component is mounted. */
export function useShowToClientShortcut(onPressed: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const modifier = isMac ? event.metaKey : event.ctrlKey;
      if (!modifier || !event.shiftKey || event.altKey) return;
      if (event.key.toUpperCase() !== showToClientShortcut.key) return;
      event.preventDefault();
      onPressed();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onPressed]);
}
