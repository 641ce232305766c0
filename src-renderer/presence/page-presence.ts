import type { Presence } from '../../src-preload/contract/sync-cadence';
import type { Clock } from '../jobs/clock';

/** No keyboard, pointer or wheel input in the page for this long: the user is away (as main's IDLE_AFTER_MS). */
export const PAGE_IDLE_AFTER_MS = 5 * 60_000;

/** Input that says someone is at the window. */
const inputEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** What the page's own presence reads: the document's visibility and focus, and the window's events. */
export interface PageHost {
  document: Pick<Document, 'visibilityState' | 'hasFocus' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The window's document, or null outside a page (unit tests in Node). */
export function windowPageHost(): PageHost | null {
  return typeof document === 'undefined' || typeof window === 'undefined' ? null : { document, window };
}

/**
 * Where the user is as the page sees it: hidden (the tab or window is not shown), idle (the page is not
 * focused, or no input for five minutes) or active. The browser preview has only this (main runs in Node);
 * in Electron it is combined with main's, which also knows sleep and lock (presence-source.ts).
 */
export function createPagePresence(host: PageHost, clock: Clock, idleAfterMs = PAGE_IDLE_AFTER_MS) {
  const listeners = new Set<() => void>();
  let lastInputAt = clock.now();
  let inputIdle = false;
  let idleTimer: unknown = undefined;
  let current: Presence = 'active';
  const offs: (() => void)[] = [];

  const presenceNow = (): Presence => {
    if (host.document.visibilityState === 'hidden') return 'hidden';
    if (!host.document.hasFocus() || inputIdle) return 'idle';
    return 'active';
  };
  const update = (): void => {
    const next = presenceNow();
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };
  // One timer at a time, for when the last input turns five minutes old; input meanwhile only moves the mark.
  const armIdleTimer = (): void => {
    clock.clearTimeout(idleTimer);
    idleTimer = clock.setTimeout(
      () => {
        if (clock.now() - lastInputAt >= idleAfterMs) {
          inputIdle = true;
          update();
        } else armIdleTimer();
      },
      Math.max(0, lastInputAt + idleAfterMs - clock.now()),
    );
  };
  const onInput = (): void => {
    lastInputAt = clock.now();
    if (!inputIdle) return;
    inputIdle = false;
    armIdleTimer();
    update();
  };
  const listen = (target: PageHost['window'] | PageHost['document'], event: string, handler: () => void): void => {
    const options = { capture: true, passive: true };
    target.addEventListener(event, handler, options);
    offs.push(() => target.removeEventListener(event, handler, options));
  };

  return {
    current: (): Presence => current,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(): void {
      if (offs.length > 0) return;
      listen(host.document, 'visibilitychange', update);
      // Focusing the window is input too: the user is back now.
      listen(host.window, 'focus', onInput);
      listen(host.window, 'focus', update);
      listen(host.window, 'blur', update);
      for (const event of inputEvents) listen(host.window, event, onInput);
      lastInputAt = clock.now();
      armIdleTimer();
      current = presenceNow();
    },
    stop(): void {
      for (const off of offs.splice(0)) off();
      clock.clearTimeout(idleTimer);
    },
  };
}
export type PagePresence = ReturnType<typeof createPagePresence>;
