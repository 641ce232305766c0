/**
 * SIGTERM (systemctl stop, docker stop) and SIGINT (Ctrl-C), heard from the very start of a hub's start.
 *
 * Why before the start: a hub that is the first process of a container (PID 1 in its namespace) gets only
 * the signals it has a handler for; any other is dropped. A handler installed once the hub serves leaves a
 * window in which `docker stop` is ignored and the container is killed ten seconds later, its lock left
 * behind. And outside a container a signal in that window kills the process outright, mid-write.
 *
 * So: a first signal during the start is remembered and the hub closes as soon as the start has finished
 * (its close is the one path that leaves the data folder clean); a first signal once it serves closes it at
 * once; a second signal while it closes stops at once (exit 1), as an impatient administrator means.
 */

export type StopSignal = 'SIGINT' | 'SIGTERM';
export const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

export interface StopSignalDeps {
  /** `process.on`, in effect: registers a handler for one signal. */
  on(signal: StopSignal, handler: () => void): void;
  /** Ends the process with this code. */
  exit(code: number): void;
  /** Says a line to the administrator (standard error). */
  say(line: string): void;
}

export interface StopOnSignals {
  /**
   * The hub serves: from now on a signal runs `close`, which resolves with the exit code. A signal heard
   * during the start runs it now.
   */
  started(close: () => Promise<number>): void;
}

export function stopOnSignals(deps: StopSignalDeps): StopOnSignals {
  let close: (() => Promise<number>) | null = null;
  let asked = false;
  let closing = false;

  const runClose = (): void => {
    if (!close || closing) return;
    closing = true;
    void close().then(
      (code) => deps.exit(code),
      () => deps.exit(1),
    );
  };

  const onSignal = (): void => {
    if (asked) {
      deps.say('Stopping now, without waiting for requests under way.');
      deps.exit(1);
      return;
    }
    asked = true;
    if (close) runClose();
    else deps.say('Stopping once the start has finished (a second signal stops at once).');
  };

  for (const signal of STOP_SIGNALS) deps.on(signal, onSignal);

  return {
    started(closeHub) {
      close = closeHub;
      if (asked) runClose();
    },
  };
}
