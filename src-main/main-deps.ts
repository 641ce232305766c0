import type { AppPaths, RuntimeFacts } from './app-info/app-info';
import type { Cipher } from './cipher/cipher';
import type { Clock } from './clock';
import type { DiagnosticLogger } from './logging/logger';
import type { DemoHandle, PracticeSessionDeps } from './practice-session/practice-session';
import type { BudgetTimer } from './request-budget/budget-timer';
import type { BudgetLimits } from './request-budget/request-budget';
import type { SettingsStore } from './settings/settings-store';
import type { UpdateSource, UpdateTimer } from './updates/update-policy';
import type { ThemeHost } from './os-integration/theme-store';
import type { RawPolicy } from './policy/managed-policy';
import type { HubPins } from './security/hub-pins';

/**
 * Everything main needs from its host. Electron's entry passes Electron's pieces (net.fetch,
 * safeStorage, electron-store, app.getPath); the browser preview and the tests pass Node's.
 */
export interface MainDeps {
  runtime: RuntimeFacts;
  paths: AppPaths & { cache: string };
  settings: SettingsStore;
  /** Consumed by the vault; injected now so no service ever reaches for safeStorage itself. */
  cipher: Cipher;
  /** Consumed by the Partner API client; Electron passes net.fetch so proxies and the OS CA store apply. */
  fetch: typeof globalThis.fetch;
  /**
   * For the writes the Partner API client will not resend: Electron passes a dedicated session's fetch that
   * opens a fresh connection for each, which Chromium never resends (src-main/electron/write-session.ts).
   * Absent (Node: the preview, the tests): `fetch`, since Node's fetch (undici) never resends such a request.
   */
  fetchForWrite?: typeof globalThis.fetch;
  /**
   * The hub certificate pins the host's `fetch` honours (Electron: the sessions' certificate check; Node: the
   * pinned transport of src-main/browser-preview/pinned-node-fetch.ts). Main fills them from the enrolment
   * codes; absent, a self-signed hub is refused like any certificate the system does not trust.
   */
  hubPins?: HubPins;
  clock: Clock;
  /** Link state only (Electron: net.isOnline; preview: its network switch); reachability of the practice is main's own probe. */
  linkUp: () => Promise<boolean>;
  connectivityIntervalMs?: number;
  /** Starts the embedded demo practice ("Explore the demo practice"). */
  startDemo: () => Promise<DemoHandle>;
  /** The request budget's time (virtual in benchmarks); default the real clock. */
  budgetTimer?: BudgetTimer;
  /**
   * Set when budgetTimer runs on real time (a test's timer it can move ahead): sends then still reach the
   * server a little after the budget records them, so the edge guard stays. Default: a given timer is virtual.
   */
  budgetTimerIsReal?: boolean;
  /** The server's limits per Client ID; default the contract's 60/min, 1000/h, 10000/day. */
  budgetLimits?: BudgetLimits;
  /**
   * Hands a file to the OS's default application (Electron: shell.openPath). Resolves to an error
   * message, or '' on success. Main only ever passes a verified cached PDF it located itself.
   */
  openPath: (absolutePath: string) => Promise<string>;
  /**
   * Asks the user where to save a copy of a document (Electron: dialog.showSaveDialog), offering this name;
   * null when they cancel. Absent in the preview, where the page downloads the copy itself.
   */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Writes a file the user chose; default Node's fs.promises.writeFile. */
  writeChosenFile?: (absolutePath: string, bytes: Uint8Array) => Promise<void>;
  /** Where Electron's crashReporter writes minidumps (app.getPath('crashDumps')); absent in the preview. */
  crashDumpsDir?: string;
  /** Size cap of each practice's document cache; default 300 MB. */
  documentCacheCapBytes?: number;
  /** The Partner API clients' timeout and the sleep between their own retries (tests shorten both); default 20 s and real time. */
  apiClient?: PracticeSessionDeps['apiClient'];
  /** The app's updates (Electron: electron-updater over app-update.yml, see src-main/electron/updater.ts); absent: off, as in the preview. */
  updates?: UpdateSource;
  /** The update checks' timer (tests move time themselves); default real, unref'd intervals. */
  updateTimer?: UpdateTimer;
  /** The OS's light/dark theme (Electron: nativeTheme); without it `dark` follows the choice and the renderer asks matchMedia. */
  themeHost?: ThemeHost;
  /**
   * The administrator's policy as this platform keeps it (src-main/policy/policy-sources.ts), read once at start;
   * absent: none (tests, unless they give one).
   */
  policy?: () => RawPolicy;
  /** The process environment, read for PRACTICE_COMPANION_REGIONS_FILE only; default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Main's log (redacted lines; electron-log in the app, a file writer in the preview); default: memory only. */
  log?: DiagnosticLogger;
  /** Seconds since the last input on the system (Electron: powerMonitor); absent in the preview, where the page tells its own. */
  systemIdleSeconds?: () => number;
  systemLocked?: () => boolean;
}
