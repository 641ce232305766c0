import type { OpenRecord } from '../../src-preload/contract/desktop';
import { describeRefusedLink, parseDeepLink } from './deep-link';

/** Links that arrive before the window can take them; more than this while starting is not a person clicking. */
const MAX_QUEUED = 10;

export interface DeepLinkInboxDeps {
  /** Sends the record to the window (the event hub's `desktop.openRecord`). */
  emit(record: OpenRecord): void;
  /** Brings the window forward (restored if minimised). */
  focus(): void;
  warn(message: string): void;
}

/**
 * Where links from the OS arrive (launch arguments, a second instance, macOS open-url). A valid one
 * brings the window forward and is sent to it; one that arrives before the window has loaded waits for
 * it. A link that is not one of ours is logged and nothing else happens: no window is raised for it.
 */
export function createDeepLinkInbox(deps: DeepLinkInboxDeps) {
  let ready = false;
  const queue: OpenRecord[] = [];

  return {
    receive(link: unknown): void {
      const record = parseDeepLink(link);
      if (!record) {
        deps.warn(
          `[deep-link] ignored a link that is not a Practice Companion record link: ${describeRefusedLink(link)}`,
        );
        return;
      }
      if (!ready) {
        if (queue.length < MAX_QUEUED) queue.push(record);
        return;
      }
      deps.focus();
      deps.emit(record);
    },
    /** The window has loaded and listens: send what waited. */
    windowReady(): void {
      ready = true;
      if (queue.length === 0) return;
      deps.focus();
      for (const record of queue.splice(0)) deps.emit(record);
    },
    /** The window is gone (closed, or reloading): links wait for the next one. */
    windowGone(): void {
      ready = false;
    },
  };
}
