import type { Companion } from '../../src-preload/contract/companion';

declare global {
  interface Window {
    /** Set by the Electron preload, or by the browser preview's WebSocket preload. */
    readonly companion?: Companion;
  }
}

/** The bridge to main, or null when the page was opened without a preload (for example a bare dev server). */
export function findCompanion(): Companion | null {
  return window.companion ?? null;
}
