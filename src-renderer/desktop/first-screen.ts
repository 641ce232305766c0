import { systemClock, type Clock } from '../jobs/clock';
import { whenIdleAfterFirstPaint } from './idle-after-paint';
import { markStart } from '../start-up/start-marks';

/**
 * "The first screen shows its content": start-up warm-ups (the other screens' code, pdf.js and its worker)
 * wait for it, so they do not compete with the client list's first rows for the main thread. The Clients
 * screen marks it once its first rows (or its empty state) are on screen; any other screen marks it as it
 * shows (Layout); the connection form never does, so a fallback time lets the warm-ups go anyway.
 */
export interface FirstScreenSignal {
  readonly shown: boolean;
  mark(): void;
  /**
   * Runs `work` once the first screen has shown its content (after the frame that paints it; at once if it
   * already has), or after `fallbackMs`; returns the cancel.
   */
  whenShown(work: () => void): () => void;
}

export interface FirstScreenTimers extends Pick<Clock, 'setTimeout' | 'clearTimeout'> {
  /** Runs the callback after the next frame has painted, once the window is idle. */
  afterPaint(callback: () => void): void;
}

/** Long enough for a large practice's first rows on a slow laptop; short enough that a shortcut rarely waits. */
export const FIRST_SCREEN_FALLBACK_MS = 4_000;

/** The work after the first paint waits for idle time, but not longer than this on a busy window. */
const AFTER_PAINT_TIMEOUT_MS = 500;

const browserTimers: FirstScreenTimers = {
  setTimeout: systemClock.setTimeout,
  clearTimeout: systemClock.clearTimeout,
  // Idle time asked for from an animation frame comes once that frame's style, layout and paint are done
  // and no task is waiting (input, the frame's own callbacks). Where nothing paints (Node), the next task.
  afterPaint: (callback) =>
    void (typeof globalThis.requestAnimationFrame === 'function'
      ? whenIdleAfterFirstPaint(callback, undefined, AFTER_PAINT_TIMEOUT_MS)
      : globalThis.setTimeout(callback, 0)),
};

export function createFirstScreenSignal(
  timers: FirstScreenTimers = browserTimers,
  fallbackMs = FIRST_SCREEN_FALLBACK_MS,
): FirstScreenSignal {
  let shown = false;
  const waiting = new Set<() => void>();
  return {
    get shown() {
      return shown;
    },
    mark() {
      if (shown) return;
      shown = true;
      markStart('first-screen-shown');
      // The screen marks itself as it commits its content, before the browser paints it: the waiting work
      // would otherwise run in that same task and hold the paint back. A window that never paints (hidden)
      // still gets it from each work's fallback time.
      timers.afterPaint(() => {
        for (const run of [...waiting]) run();
      });
    },
    whenShown(work) {
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
        waiting.delete(run);
        timers.clearTimeout(timer);
        work();
      };
      const timer = timers.setTimeout(run, fallbackMs);
      if (shown) run();
      else waiting.add(run);
      return () => {
        done = true;
        waiting.delete(run);
        timers.clearTimeout(timer);
      };
    },
  };
}
