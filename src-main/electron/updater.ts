import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import electronUpdater, { type AppUpdater, type Logger } from 'electron-updater';
import { decideFeed, parseAppUpdateFile } from '../updates/feed-config';
import type { Updater, UpdaterEvent, UpdateSource } from '../updates/update-policy';

export interface ElectronUpdatesOptions {
  /** Where electron-updater's own lines (feed URL, file names) go; default the console until installUpdaterLog(). */
  logger?: Logger;
  /** Tests pass these; the app uses process.resourcesPath, the file system and electron-updater's autoUpdater. */
  resourcesPath?: string;
  fileExists?: (path: string) => boolean;
  readFile?: (path: string) => string;
  platform?: NodeJS.Platform;
  autoUpdater?: () => AppUpdater;
}

/** The autoUpdater electronUpdates() set up, if it did (so the app's logger can be given to it once main has one). */
let configured: AppUpdater | null = null;

/**
 * electron-updater's lines go to the app's log (redacted, in the logs folder) rather than the console.
 * Called once main's services exist, before they start, so the first check is logged there already.
 * Does nothing when updates are off: the autoUpdater is never created then.
 */
export function installUpdaterLog(logger: Logger): void {
  if (configured) configured.logger = logger;
}

/**
 * electron-updater as the update policy's Updater (src-main/updates/update-policy.ts), or why there
 * is no feed. The feed is `app-update.yml` in the app's resources, written by electron-builder only
 * when PRACTICE_COMPANION_UPDATE_URL was set at package time: an unpackaged app, or one packaged
 * without it, has updates off (and the autoUpdater is never even created). The file is read here too and
 * updates fail closed (src-main/updates/feed-config.ts): off for a feed that is not https and for Windows
 * without a publisher to check the installer's signature against; on Linux only announced, never downloaded.
 */
export function electronUpdates(options: ElectronUpdatesOptions = {}): UpdateSource {
  if (!app.isPackaged) return { feed: 'none', reason: 'not-packaged' };
  const resourcesPath = options.resourcesPath ?? process.resourcesPath;
  const fileExists = options.fileExists ?? existsSync;
  const feedFile = resourcesPath ? join(resourcesPath, 'app-update.yml') : null;
  if (!feedFile || !fileExists(feedFile)) return { feed: 'none', reason: 'no-feed' };
  let feedText: string;
  try {
    feedText = (options.readFile ?? ((path) => readFileSync(path, 'utf8')))(feedFile);
  } catch {
    return { feed: 'none', reason: 'invalid-feed' };
  }
  const decision = decideFeed(parseAppUpdateFile(feedText), options.platform ?? process.platform);
  if (decision.updates === 'off') return { feed: 'none', reason: decision.reason };
  const notifyOnly = decision.updates === 'notify-only';

  const autoUpdater = options.autoUpdater ? options.autoUpdater() : electronUpdater.autoUpdater;
  autoUpdater.logger = options.logger ?? console;
  configured = autoUpdater;
  // Downloads run in the background as soon as an update is found; "Later" installs it at the next quit.
  // Where only announcing is allowed, nothing is downloaded and nothing installs at quit.
  autoUpdater.autoDownload = !notifyOnly;
  autoUpdater.autoInstallOnAppQuit = !notifyOnly;
  // e.g. a Linux install that is neither an AppImage nor a known package: electron-updater would skip every check.
  if (!autoUpdater.isUpdaterActive()) return { feed: 'none', reason: 'unsupported' };
  const updater = adaptAutoUpdater(autoUpdater);
  return decision.updates === 'notify-only'
    ? { feed: 'configured', updater, notifyOnly: { downloadPage: decision.downloadPage } }
    : { feed: 'configured', updater };
}

/** The version an UpdateInfo names, capped to what the status may carry. */
function versionOf(info: unknown): string {
  const version = (info as { version?: unknown } | null)?.version;
  return typeof version === 'string' ? version.slice(0, 50) : 'unknown';
}

/** Translates autoUpdater's events and calls; quitAndInstall is reached only through the policy. */
export function adaptAutoUpdater(autoUpdater: AppUpdater): Updater {
  return {
    async checkForUpdates() {
      const result = await autoUpdater.checkForUpdates();
      // A failed download is reported through the 'error' event; its promise must not also be an unhandled rejection.
      result?.downloadPromise?.catch(() => undefined);
      return result;
    },
    quitAndInstall: () => autoUpdater.quitAndInstall(),
    get autoInstallOnAppQuit() {
      return autoUpdater.autoInstallOnAppQuit;
    },
    set autoInstallOnAppQuit(value: boolean) {
      autoUpdater.autoInstallOnAppQuit = value;
    },
    onEvent(listener: (event: UpdaterEvent) => void) {
      const handlers: Record<string, (...args: unknown[]) => void> = {
        'checking-for-update': () => listener({ type: 'checking' }),
        'update-available': (info) => listener({ type: 'available', version: versionOf(info) }),
        'update-not-available': () => listener({ type: 'not-available' }),
        'download-progress': (progress) =>
          listener({ type: 'progress', percent: Number((progress as { percent?: unknown } | null)?.percent) || 0 }),
        'update-downloaded': (info) => listener({ type: 'downloaded', version: versionOf(info) }),
        error: (error) => listener({ type: 'error', error }),
      };
      const emitter = autoUpdater as unknown as NodeJS.EventEmitter;
      for (const [name, handler] of Object.entries(handlers)) emitter.on(name, handler);
      return () => {
        for (const [name, handler] of Object.entries(handlers)) emitter.off(name, handler);
      };
    },
  };
}
