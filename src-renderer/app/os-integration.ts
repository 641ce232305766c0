import { useEffect } from 'react';
import type { Companion } from '../../src-preload/contract/companion';
import { requestPersistentStorage } from './persistent-storage';
import { watchActivity } from './report-activity';
import { appearanceOf, useTheme, watchTheme } from './theme-store';

/**
 * The window's part of the OS integration: storage that is not evicted, activity reports for the badge
 * and notifications, and the light/dark theme. Returns the appearance for Radix's `<Theme>`.
 */
export function useOsIntegration(companion: Companion | null): 'light' | 'dark' {
  useEffect(() => {
    void requestPersistentStorage();
    if (!companion) return;
    const stopActivity = watchActivity(companion);
    const stopTheme = watchTheme(companion);
    return () => {
      stopActivity();
      stopTheme();
    };
  }, [companion]);
  return useTheme(appearanceOf);
}
