import { useEffect } from 'react';
import { requestPersistentStorage } from '../desktop/persistent-storage';
import { watchActivity } from './report-activity';
import { useServices } from '../context/services-context';
import { appearanceOf, useTheme, watchTheme } from '../desktop/theme-store';

/**
 * The window's part of the OS integration: storage that is not evicted, activity reports for the badge
 * and notifications, and the light/dark theme. Returns the appearance for Radix's `<Theme>`.
 */
export function useOsIntegration(): 'light' | 'dark' {
  const { companion, databases } = useServices();
  useEffect(() => {
    void requestPersistentStorage();
    if (!companion) return;
    const stopActivity = watchActivity(companion, databases);
    const stopTheme = watchTheme(companion);
    return () => {
      stopActivity();
      stopTheme();
    };
  }, [companion, databases]);
  return useTheme(appearanceOf);
}
