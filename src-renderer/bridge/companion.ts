import type { Companion } from '../../src-preload/contract/companion';

declare global {
  interface Window {
    /** Set by the Electron preload, or by the browser preview's WebSocket preload. */
    readonly companion?: Companion;
  }
}

/**
 * The bridge to main, or null when the page was opened without a preload (for example a bare dev server).
 * Read once, by main.tsx; everything else gets it from the composition root (`useCompanion()`).
 */
export function windowBridge(): Companion | null {
  return window.companion ?? null;
}
