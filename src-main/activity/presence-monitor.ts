import type { Presence } from '../../src-preload/contract/sync-cadence';

/** The OS's power events, as Electron's powerMonitor names them. */
export type PowerEvent = 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen';
/** The main window's events that change whether the user can see it or is at it. */
export type WindowEvent = 'focus' | 'blur' | 'show' | 'hide' | 'minimize' | 'restore' | 'closed';

/** No keyboard or mouse input for this long: the user is away (idle), even with the window focused. */
export const IDLE_AFTER_MS = 5 * 60_000;
/** How often the system's idle time is read; a change of presence is noticed within this. */
export const IDLE_POLL_MS = 30_000;

export interface PresenceTimer {
  every(ms: number, run: () => void): () => void;
}

export interface PresenceMonitorDeps {
  /** Seconds since the last keyboard or mouse input anywhere on the system (Electron: powerMonitor.getSystemIdleTime). Absent: never idle by input. */
  systemIdleSeconds?: () => number;
  /** Whether the screen is locked now (Electron: powerMonitor.getSystemIdleState(…) === 'locked'), read with the idle time. */
  systemLocked?: () => boolean;
  timer: PresenceTimer;
  /** Every change of presence (the `desktop.presence` event). */
  emit: (presence: Presence) => void;
  idleAfterMs?: number;
  pollMs?: number;
}

/**
 * Where the user is, from the OS and the window: asleep (suspended or locked) before hidden (minimised
 * or hidden) before idle (the window not focused, or no input for five minutes) before active. The sync's
 * cadence follows it (sync-cadence.ts), so a laptop nobody looks at spends little of the practice's budget.
 * Without a window (the browser preview) the window counts as shown and focused: the page adds its own.
 */
export function createPresenceMonitor(deps: PresenceMonitorDeps) {
  const idleAfterMs = deps.idleAfterMs ?? IDLE_AFTER_MS;
  const state = { suspended: false, locked: false, visible: true, focused: true, inputIdle: false };
  let current: Presence = 'active';
  let stopPolling: (() => void) | null = null;
  // Polls that fired since the last 'suspend': timers do not run while the laptop sleeps, so two of them
  // prove it is awake even if the 'resume' event was missed (some systems miss it), and sync starts again.
  let pollsSinceSuspend = 0;

  const presenceNow = (): Presence => {
    if (state.suspended || state.locked) return 'asleep';
    if (!state.visible) return 'hidden';
    if (!state.focused || state.inputIdle) return 'idle';
    return 'active';
  };

  const update = (): void => {
    const next = presenceNow();
    if (next === current) return;
    current = next;
    deps.emit(next);
  };

  const readIdleTime = (): void => {
    if (deps.systemLocked) state.locked = deps.systemLocked();
    if (!deps.systemIdleSeconds) return;
    state.inputIdle = deps.systemIdleSeconds() * 1000 >= idleAfterMs;
  };

  return {
    current: (): Presence => current,
    powerEvent(event: PowerEvent): void {
      if (event === 'suspend') {
        state.suspended = true;
        pollsSinceSuspend = 0;
      } else if (event === 'resume') state.suspended = false;
      else if (event === 'lock-screen') state.locked = true;
      else state.locked = false;
      // Back at the laptop: the input is fresh, whatever the last poll read before it slept.
      if (event === 'resume' || event === 'unlock-screen') readIdleTime();
      update();
    },
    windowEvent(event: WindowEvent): void {
      if (event === 'focus') {
        state.focused = true;
        state.visible = true;
        // Focusing the window is input: the user is here now, not in five minutes' time.
        state.inputIdle = false;
      } else if (event === 'blur') state.focused = false;
      else if (event === 'show' || event === 'restore') state.visible = true;
      else if (event === 'hide' || event === 'minimize') state.visible = false;
      else {
        // A closed window (macOS keeps the app running) is one nobody sees.
        state.visible = false;
        state.focused = false;
      }
      update();
    },
    /** A new window: its state replaces the last one's (it may open unfocused, behind another app). */
    windowOpened(window: { visible: boolean; focused: boolean }): void {
      state.visible = window.visible;
      state.focused = window.focused;
      update();
    },
    start(): void {
      if (stopPolling || !deps.systemIdleSeconds) return;
      readIdleTime(); // an app started behind a locked screen (an update's restart) is not 'active'
      update();
      stopPolling = deps.timer.every(deps.pollMs ?? IDLE_POLL_MS, () => {
        if (state.suspended && ++pollsSinceSuspend >= 2) state.suspended = false;
        readIdleTime();
        update();
      });
    },
    stop(): void {
      stopPolling?.();
      stopPolling = null;
    },
  };
}
export type PresenceMonitor = ReturnType<typeof createPresenceMonitor>;
