/** How the window waits for a frame and for idle time; injected so tests need no browser. */
export interface IdleScheduler {
  requestAnimationFrame(callback: () => void): unknown;
  cancelAnimationFrame(handle: unknown): void;
  /** The browser's requestIdleCallback, or null where there is none (a timeout stands in). */
  requestIdleCallback: ((callback: () => void, options: { timeout: number }) => unknown) | null;
  cancelIdleCallback(handle: unknown): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Idle time is asked for, but the work is not put off for longer than this on a busy window. */
const IDLE_TIMEOUT_MS = 5_000;
/** Where there is no requestIdleCallback: a short pause after the frame. */
const FALLBACK_DELAY_MS = 200;

function browserScheduler(): IdleScheduler {
  return {
    requestAnimationFrame: (callback) => globalThis.requestAnimationFrame(callback),
    cancelAnimationFrame: (handle) => globalThis.cancelAnimationFrame(handle as number),
    requestIdleCallback:
      typeof globalThis.requestIdleCallback === 'function'
        ? (callback, options) => globalThis.requestIdleCallback(callback, options)
        : null,
    cancelIdleCallback: (handle) => globalThis.cancelIdleCallback?.(handle as number),
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/**
 * Runs `work` once the window has painted (after the next animation frame) and is idle (requestIdleCallback,
 * or a short timeout where there is none), or at the latest `idleTimeoutMs` after that frame. Returns the cancel.
 */
export function whenIdleAfterFirstPaint(
  work: () => void,
  scheduler: IdleScheduler = browserScheduler(),
  idleTimeoutMs = IDLE_TIMEOUT_MS,
): () => void {
  let cancelIdle: (() => void) | null = null;
  const frame = scheduler.requestAnimationFrame(() => {
    if (scheduler.requestIdleCallback) {
      const idle = scheduler.requestIdleCallback(work, { timeout: idleTimeoutMs });
      cancelIdle = () => scheduler.cancelIdleCallback(idle);
    } else {
      const timer = scheduler.setTimeout(work, FALLBACK_DELAY_MS);
      cancelIdle = () => scheduler.clearTimeout(timer);
    }
  });
  return () => (cancelIdle ? cancelIdle() : scheduler.cancelAnimationFrame(frame));
}
