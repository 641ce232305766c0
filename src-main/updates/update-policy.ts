import { countOf } from '../../src-preload/contract/counts';
import type { UpdateStatus } from '../../src-preload/contract/desktop';
import type { Clock } from '../clock';

/** What the updater reports, translated by the glue (src-main/electron/updater.ts) from electron-updater's events. */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; error: unknown };

/** The part of electron-updater's autoUpdater the policy uses; the glue adapts it, tests fake it. */
export interface Updater {
  /** Asks the feed; an update it offers then downloads on its own (autoDownload), reported through onEvent. */
  checkForUpdates(): Promise<unknown>;
  /** Quits the app and installs the downloaded update. Only the policy calls it, and never while the window is busy. */
  quitAndInstall(): void;
  /** A downloaded update is installed when the app quits ("Later"). */
  autoInstallOnAppQuit: boolean;
  onEvent(listener: (event: UpdaterEvent) => void): () => void;
}

/** Why this build has no update feed, or one it must not use (see offSentences). */
export type UpdatesOffReason =
  | 'not-set-up'
  | 'not-packaged'
  | 'no-feed'
  | 'unsupported'
  | 'invalid-feed'
  | 'insecure-feed'
  | 'unsigned-windows'
  | 'policy-off';

/**
 * What the host gives the policy: an updater over a configured feed, or why there is none. With
 * `notifyOnly` (Linux, where nothing verifies a downloaded package) the updater only checks: a new
 * version is announced with where to get it, and nothing is downloaded or installed.
 */
export type UpdateSource =
  | { feed: 'configured'; updater: Updater; notifyOnly?: { downloadPage: string } }
  | { feed: 'none'; reason: UpdatesOffReason };

/** Repeating timers, injected so tests move time themselves. Returns a function that stops the timer. */
export interface UpdateTimer {
  every(ms: number, run: () => void): () => void;
}

export interface UpdatePolicyOptions {
  source: UpdateSource;
  /** Main's connectivity verdict: no check is started while it says offline. */
  isOnline: () => boolean;
  /**
   * Whether a restart now would cut work short: main's own in-flight sends and downloads (it performs them, so
   * it knows at once) and the window's report (a meeting pack between two downloads).
   */
  isBusy: () => boolean;
  clock: Clock;
  timer: UpdateTimer;
  /** Every change of status (the `desktop.updateStatus` event). */
  emit: (status: UpdateStatus) => void;
  /** Between checks, and before a failed check is retried; default 4 hours. */
  intervalMs?: number;
  /** How often the policy looks whether a check is due (it waited offline, say); default 1 minute. */
  pollMs?: number;
}

export const UPDATE_INTERVAL_MS = 4 * 60 * 60 * 1000;

export const offSentences: Record<UpdatesOffReason, string> = {
  'not-set-up': 'Updates are not set up in this build.',
  'not-packaged': 'Updates are off: this copy runs from its source code, not from an installer.',
  'no-feed':
    'Updates are off: this copy was built without an update address. Your administrator installs new versions.',
  unsupported:
    'Updates are off: this kind of installation does not update itself. Your administrator installs new versions.',
  'invalid-feed':
    'Updates are off: the update address in this build could not be read. Your administrator installs new versions.',
  'insecure-feed':
    'Updates are off: this build names an update address that is not secure (https), so no update from it is trusted. ' +
    'Your administrator installs new versions.',
  'policy-off': 'Updates are off: your administrator turned them off and installs new versions.',
  'unsigned-windows':
    'Updates are off: this build does not name the publisher whose signature an update must carry, so no update ' +
    'can be checked. Your administrator installs new versions.',
};

/** Linux: a new version is announced, never installed by the app (nothing verifies the package's signature). */
export const notifyOnlySentence = (version: string, downloadPage: string): string =>
  `Version ${version} is available. This installation does not update itself: get it from ${downloadPage} ` +
  'or ask your administrator.';
const NOTHING_TO_INSTALL_HERE = 'This installation does not update itself. Your administrator installs new versions.';

const BUSY_REASON =
  'An action is being sent or a meeting pack is downloading, so Practice Companion will not restart now. ' +
  'The update installs when you quit the app, or choose Restart again once that has finished.';

/**
 * When to check for updates and when a restart may install one. Plain code: the updater, the clock,
 * the timer, connectivity and the window's activity are injected. Checks run at start and every
 * 4 hours while online (a check missed offline runs when main is back online); downloads run in the
 * background outside the Partner API, so they cost no request budget. A restart never cuts a send
 * or a pack download short: it is refused with a reason and the update waits for the next quit.
 * A deferred restart is never carried out by the app on its own once the window is idle (the person
 * may be mid-sentence in a form): it is kept for quit, and the window says it may restart now.
 */
export function createUpdatePolicy(options: UpdatePolicyOptions) {
  const intervalMs = options.intervalMs ?? UPDATE_INTERVAL_MS;
  const source = options.source;
  let status: UpdateStatus =
    source.feed === 'none'
      ? {
          state: 'off',
          version: null,
          percent: null,
          message: offSentences[source.reason],
          restartDeferred: false,
          lastCheckedAt: null,
        }
      : { state: 'idle', version: null, percent: null, message: null, restartDeferred: false, lastCheckedAt: null };
  let lastAttemptAt: number | null = null;
  let inFlight = false;
  let stopTimer: (() => void) | null = null;
  let stopEvents: (() => void) | null = null;
  let lastEmitted = JSON.stringify(status);

  const now = (): Date => options.clock.now();

  function publish(next: Partial<UpdateStatus>): void {
    status = { ...status, ...next };
    const serialized = JSON.stringify(status);
    if (serialized === lastEmitted) return;
    lastEmitted = serialized;
    options.emit(status);
  }

  function isDue(): boolean {
    return lastAttemptAt === null || now().getTime() - lastAttemptAt >= intervalMs;
  }

  /** A failure is told in a sentence; the raw error (URLs, paths) stays in electron-updater's log. */
  function fail(): void {
    if (status.state === 'ready') return;
    const hours = Math.round(intervalMs / 3_600_000);
    const when = hours >= 1 ? `in ${countOf(hours, 'hour')}` : 'later';
    // Went offline meanwhile (or main learnt it only now, just after start): retry as soon as it is back, not hours later.
    const offline = !options.isOnline();
    if (offline) lastAttemptAt = null;
    const retry = offline ? 'when this laptop is back online' : when;
    const message =
      status.state === 'downloading'
        ? `The update could not be downloaded. Practice Companion will try again ${retry}.`
        : `Could not check for updates. Practice Companion will try again ${retry}.`;
    inFlight = false;
    publish({ state: 'error', percent: null, message, lastCheckedAt: now().toISOString() });
  }

  function onUpdaterEvent(event: UpdaterEvent): void {
    switch (event.type) {
      case 'checking':
        if (status.state !== 'ready') publish({ state: 'checking', message: null });
        return;
      case 'available':
        if (source.feed === 'configured' && source.notifyOnly) {
          inFlight = false;
          publish({
            state: 'idle',
            version: event.version,
            percent: null,
            message: notifyOnlySentence(event.version, source.notifyOnly.downloadPage),
            lastCheckedAt: now().toISOString(),
          });
          return;
        }
        publish({
          state: 'downloading',
          version: event.version,
          percent: 0,
          message: null,
          lastCheckedAt: now().toISOString(),
        });
        return;
      case 'not-available':
        inFlight = false;
        publish({
          state: 'idle',
          version: null,
          percent: null,
          message: 'Practice Companion is up to date.',
          lastCheckedAt: now().toISOString(),
        });
        return;
      case 'progress':
        if (status.state === 'downloading') publish({ percent: Math.min(100, Math.max(0, Math.floor(event.percent))) });
        return;
      case 'downloaded':
        inFlight = false;
        // Never offered for install where nothing verifies it (the glue does not download there either).
        if (source.feed === 'configured' && source.notifyOnly) return;
        publish({
          state: 'ready',
          version: event.version,
          percent: null,
          message: `Version ${event.version} is ready. Restart to update now, or it installs when you quit Practice Companion.`,
        });
        return;
      case 'error':
        fail();
        return;
    }
  }

  /** Starts a check when one is due, main is online, and none is under way; a downloaded update needs none. */
  function checkIfDue(): void {
    if (source.feed === 'none' || inFlight || status.state === 'ready') return;
    if (!isDue() || !options.isOnline()) return;
    inFlight = true;
    lastAttemptAt = now().getTime();
    publish({ state: 'checking', message: null });
    void source.updater.checkForUpdates().then(
      () => {
        // electron-updater resolves without any event when it skips the check (an inactive updater).
        if (status.state === 'checking') onUpdaterEvent({ type: 'not-available' });
      },
      () => fail(),
    );
  }

  return {
    status: (): UpdateStatus => status,
    start(): void {
      if (source.feed === 'none' || stopTimer) return;
      // "Later" relies on it: whatever the glue set, a downloaded update installs at the next quit (never where
      // only announcements are allowed).
      source.updater.autoInstallOnAppQuit = !source.notifyOnly;
      stopEvents = source.updater.onEvent(onUpdaterEvent);
      stopTimer = options.timer.every(options.pollMs ?? 60_000, checkIfDue);
      checkIfDue();
    },
    stop(): void {
      stopTimer?.();
      stopEvents?.();
      stopTimer = stopEvents = null;
    },
    /** Main's connectivity changed: a check that came due while offline runs now. */
    connectivityChanged(): void {
      checkIfDue();
    },
    /** The window's activity changed: a deferred restart may now be asked for again (never done on its own). */
    activityChanged(): void {
      if (!status.restartDeferred || status.state !== 'ready' || options.isBusy()) return;
      publish({
        message: `Version ${status.version ?? ''} is ready and nothing is being sent now. Restart to update, or it installs when you quit.`,
      });
    },
    restartToUpdate(): { restarting: boolean; reason: string | null } {
      if (source.feed === 'none') return { restarting: false, reason: offSentences[source.reason] };
      if (source.notifyOnly) return { restarting: false, reason: NOTHING_TO_INSTALL_HERE };
      if (status.state !== 'ready')
        return { restarting: false, reason: 'There is no downloaded update to install yet.' };
      if (options.isBusy()) {
        source.updater.autoInstallOnAppQuit = true;
        publish({ restartDeferred: true, message: BUSY_REASON });
        return { restarting: false, reason: BUSY_REASON };
      }
      try {
        source.updater.quitAndInstall();
      } catch {
        // The installer could not be started (electron-updater logged why); quitting still installs it.
        const reason = 'The update could not be installed now. It installs when you quit Practice Companion.';
        publish({ restartDeferred: true, message: reason });
        return { restarting: false, reason };
      }
      stopTimer?.();
      stopTimer = null;
      return { restarting: true, reason: null };
    },
  };
}

/** Real repeating timers that never keep a Node process (tests, the preview) alive on their own. */
export const realUpdateTimer: UpdateTimer = {
  every(ms, run) {
    const handle = setInterval(run, ms);
    if (typeof handle === 'object' && 'unref' in handle) handle.unref();
    return () => clearInterval(handle);
  },
};
