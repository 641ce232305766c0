/** Whether the window runs on a Mac, where the shortcuts' modifier is ⌘ rather than Ctrl. Its own module: no imports. */
export const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
