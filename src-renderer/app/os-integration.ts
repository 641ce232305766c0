import { appearanceOf } from '../stores/theme-store';
import { useTheme } from '../context/store-hooks';

/**
 * Radix's appearance for `<Theme>`: the user's choice, or for "system" the page's colour scheme. The window's
 * part of the OS integration itself (storage that is not evicted, activity reports for the badge and
 * notifications, the theme's events) starts with the root's `services.start()`.
 */
export function useAppearance(): 'light' | 'dark' {
  return useTheme(appearanceOf);
}
