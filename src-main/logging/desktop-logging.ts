import { mkdir } from 'node:fs/promises';
import type { AppInfo } from '../../src-preload/contract/app-info';
import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { Connectivity } from '../../src-preload/contract/connectivity';
import type { ActivityReport, RendererError, UpdateStatus } from '../../src-preload/contract/desktop';
import type { PracticeSummary, SyncProgressEvent } from '../../src-preload/contract/practice';
import type { EventHub } from '../ipc/event-hub';
import { listCrashDumps } from './crash-dumps';
import { diagnosticsText } from './diagnostics';
import { buildSupportBundle } from './support-bundle';
import type { DiagnosticLogger } from './logger';

/** A window stuck in an error loop must not fill the log: past this many reports a minute, they are counted, not written. */
export const RENDERER_ERRORS_PER_MINUTE = 30;

export interface LoggingHandlerDeps {
  log: DiagnosticLogger;
  now: () => number;
  appInfo: () => AppInfo;
  storage: () => Promise<{ secure: boolean; backend: string }>;
  connectivity: () => Connectivity;
  practices: () => Promise<{ practices: PracticeSummary[]; activePracticeKey: string | null }>;
  budget: (practiceKey: string) => BudgetStatus | null;
  activity: () => ActivityReport;
  /** The updater's status when one is composed; its failure leaves "not known" in the text. */
  updateStatus: () => Promise<UpdateStatus> | UpdateStatus;
  events: EventHub;
  /** The host's "open with the OS" (shell.openPath): only ever given the logs folder here. */
  openPath: (absolutePath: string) => Promise<string>;
  /** Where Electron's crashReporter keeps minidumps (app.getPath('crashDumps')); absent in the preview. */
  crashDumpsDir?: string;
  /** The save dialog (main's own); absent: the bundle cannot be saved in this build (the preview). */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  writeChosenFile: (absolutePath: string, bytes: Uint8Array) => Promise<void>;
}

/** `desktop.logError`, `desktop.diagnostics` and `desktop.openLogsFolder`, over injected pieces. */
export function createLoggingHandlers(deps: LoggingHandlerDeps) {
  // The latest sync progress per practice: the session announces it as an event and keeps no copy to ask for.
  const lastSync = new Map<string, SyncProgressEvent>();
  const stopFollowing = deps.events.connect((event, payload) => {
    if (event === 'sync.progress')
      lastSync.set((payload as SyncProgressEvent).practiceKey, payload as SyncProgressEvent);
  });
  let windowStart = 0;
  let inWindow = 0;
  let dropped = 0;

  async function settle<T>(read: () => Promise<T> | T): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      deps.log.warn('Diagnostics: a piece could not be read', error);
      return null;
    }
  }

  return {
    logError(report: RendererError): { logged: boolean } {
      const now = deps.now();
      if (now - windowStart >= 60_000) {
        if (dropped > 0) deps.log.warn(`Window errors: ${dropped} more in the last minute were not written`);
        windowStart = now;
        inWindow = 0;
        dropped = 0;
      }
      if (++inWindow > RENDERER_ERRORS_PER_MINUTE) {
        dropped++;
        return { logged: false };
      }
      deps.log.error(
        `Window error (${report.source}) on ${report.route ?? 'no route'}: ${report.message}${report.stack ? `\n${report.stack}` : ''}`,
      );
      return { logged: true };
    },

    async diagnostics(): Promise<{ text: string }> {
      const list = await settle(deps.practices);
      const activeKey = list?.activePracticeKey ?? null;
      const active = list?.practices.find((p) => p.practiceKey === activeKey) ?? null;
      const text = diagnosticsText({
        app: deps.appInfo(),
        storage: await settle(deps.storage),
        connectivity: deps.connectivity(),
        practice: active
          ? {
              name: active.name,
              region: active.region,
              isDemo: active.isDemo,
              storage: active.storage,
              problem: active.problem,
            }
          : null,
        sync: activeKey ? (lastSync.get(activeKey) ?? null) : null,
        budget: activeKey ? await settle(() => deps.budget(activeKey)) : null,
        activity: deps.activity(),
        update: await settle(deps.updateStatus),
        crashDumps: await listCrashDumps(deps.crashDumpsDir),
        logLines: deps.log.recentLines(),
      });
      return { text };
    },

    /**
     * "Save support bundle…": one zip of the diagnostics, the log files and the crash dumps, written only where the
     * user chose in main's own save dialog. Nothing is sent anywhere: the user hands it to support.
     */
    async saveSupportBundle(): Promise<{ saved: boolean; message: string }> {
      if (!deps.chooseSavePath) return { saved: false, message: 'A support bundle cannot be saved in this build.' };
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      const path = await deps.chooseSavePath(`practice-companion-support-${day}.zip`);
      if (!path) return { saved: false, message: 'Not saved.' };
      try {
        const dumps = await listCrashDumps(deps.crashDumpsDir);
        const { zip, leftOut } = await buildSupportBundle({
          diagnostics: (await this.diagnostics()).text,
          logsDir: deps.log.logsDir,
          dumps,
        });
        await deps.writeChosenFile(path, zip);
        deps.log.info(`Support bundle saved (${Math.ceil(zip.length / 1024)} KB, ${dumps.length} crash dumps)`);
        const crashes = dumps.length === 0 ? 'no crash reports' : `${dumps.length} crash report(s)`;
        return {
          saved: true,
          message:
            `Saved ${path}: the diagnostics, the app's logs and ${crashes}${leftOut.length > 0 ? ` (left out: ${leftOut.join('; ')})` : ''}. Send it to your practice's support contact.`.slice(
              0,
              2000,
            ),
        };
      } catch (error) {
        deps.log.warn('The support bundle could not be saved', error);
        return { saved: false, message: `The support bundle could not be saved to ${path}.`.slice(0, 2000) };
      }
    },

    async openLogsFolder(): Promise<{ opened: boolean; message: string | null }> {
      const dir = deps.log.logsDir;
      if (!dir) return { opened: false, message: 'Logs are not kept in this build.' };
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const problem = await deps.openPath(dir);
        if (!problem) return { opened: true, message: null };
        deps.log.warn('The logs folder could not be opened', problem);
      } catch (error) {
        deps.log.warn('The logs folder could not be opened', error);
      }
      return { opened: false, message: `The logs folder could not be opened. It is at ${dir}` };
    },

    dispose: stopFollowing,
  };
}
