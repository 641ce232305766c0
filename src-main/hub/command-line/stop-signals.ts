/**
 * SIGTERM (systemctl stop, docker stop) and SIGINT (Ctrl-C), heard from the very start of a hub's start.
 *
 * Why before the start: a hub that is the first process of a container (PID 1 in its namespace) gets only
 * the signals it has a handler for; any other is dropped. A handler installed once the hub serves leaves a
 * window in which `docker stop` is ignored and the container is killed ten seconds later, its lock left
 * behind. And outside a container a signal in that window kills the process outright, mid-write.
 *
 * So: a first signal during the start aborts `asked`, which the start heeds by giving up what it still waits
 * for from the practice (start-hub.ts's `stopAsked`): it fails at once, having closed what it opened, or, if
 * it was past its last wait, finishes and is closed as on any stop. A first signal once the hub serves closes
 * it (with its drain); a second signal while it closes stops at once (exit 1), as an impatient administrator
 * means.
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
  /** Aborted by the first signal, whenever it comes. */
  asked: AbortSignal;
  /**
   * The hub serves: from now on a signal runs `close`, which resolves with the exit code. A signal heard
   * during the start runs it now.
   */
  started(close: () => Promise<number>): void;
}

export function stopOnSignals(deps: StopSignalDeps): StopOnSignals {
  let close: (() => Promise<number>) | null = null;
  const asked = new AbortController();
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
    if (asked.signal.aborted) {
      deps.say('Stopping now, without waiting for requests under way.');
      deps.exit(1);
      return;
    }
    if (!close) deps.say('Stopping: the start gives up what it still waits for (a second signal stops at once).');
    asked.abort();
    if (close) runClose();
  };

  for (const signal of STOP_SIGNALS) deps.on(signal, onSignal);

  return {
    asked: asked.signal,
    started(closeHub) {
      close = closeHub;
      if (asked.signal.aborted) runClose();
    },
  };
}
