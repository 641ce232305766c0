/** A second renderer crash this soon after the first means a reload would likely crash again. */
export const CRASH_LOOP_WINDOW_MS = 60_000;

/** `stop`: the recovery page itself crashed within the minute; loading anything again would only loop. */
export type CrashDecision = 'reload' | 'recovery-page' | 'stop';

/**
 * What to do when the window's renderer process is gone: reload it once (the user is told it
 * happened); a second crash within a minute loads the recovery page instead of looping. Pure: the
 * Electron glue (src-main/electron/crash-recovery.ts) asks it and acts.
 */
export function createCrashPolicy(windowMs = CRASH_LOOP_WINDOW_MS) {
  let lastCrashAt: number | null = null;
  let last: CrashDecision = 'reload';
  return {
    onRendererGone(now: number): CrashDecision {
      const looping = lastCrashAt !== null && now - lastCrashAt < windowMs;
      lastCrashAt = now;
      last = !looping ? 'reload' : last === 'reload' ? 'recovery-page' : 'stop';
      return last;
    },
  };
}

/**
 * Render-process-gone reasons that are not crashes: the app closing its window, or the OS ending the
 * process on quit. Nothing is reloaded for them.
 */
export const NOT_A_CRASH = new Set(['clean-exit']);

/** Query flag on the reloaded page: the window shows a notice saying the view restarted after a problem. */
export const CRASH_NOTICE_PARAM = 'restarted';
