import { app, dialog, type WebContents } from 'electron';
import { createCrashPolicy, CRASH_NOTICE_PARAM, NOT_A_CRASH } from '../logging/crash-policy';
import type { Logger } from '../logging/logger';

/** At most one error dialog this often: a failure repeating in a loop is logged every time, shown once. */
const DIALOG_EVERY_MS = 30_000;

export interface CrashRecoveryOptions {
  log: Logger;
  /** The window's page (app://renderer/index.html, or the dev server's); the recovery page sits next to it. */
  rendererUrl: string;
  now?: () => number;
  /** Where uncaught errors of main are heard; the real process in the app (tests pass their own emitter). */
  processEvents?: Pick<NodeJS.EventEmitter, 'on'>;
}

/**
 * A crashed window is reloaded once, with a notice; a second crash within a minute shows the recovery
 * page (Reload, Open logs folder, Copy diagnostics) instead of looping. Other processes that die are
 * logged. An uncaught error in main is logged and shown, never swallowed silently.
 */
export function installCrashRecovery(options: CrashRecoveryOptions): void {
  const now = options.now ?? Date.now;
  const policy = createCrashPolicy();
  const restartedUrl = withFlag(options.rendererUrl);
  const recoveryUrl = new URL('recovery.html', options.rendererUrl).href;

  app.on(
    'render-process-gone',
    (_event: unknown, contents: WebContents, details: { reason: string; exitCode: number }) => {
      options.log.error(`The window's renderer process is gone: ${details.reason} (exit code ${details.exitCode})`);
      if (NOT_A_CRASH.has(details.reason) || contents.isDestroyed()) return;
      const decision = policy.onRendererGone(now());
      if (decision === 'stop') return options.log.error('The recovery page crashed too; the window is left as it is.');
      options.log.warn(
        decision === 'reload'
          ? 'Reloading the window once.'
          : 'A second crash within a minute: showing the recovery page.',
      );
      const target = decision === 'reload' ? restartedUrl : recoveryUrl;
      void contents.loadURL(target).catch((error: unknown) => options.log.error('Reloading the window failed', error));
    },
  );

  app.on(
    'child-process-gone',
    (_event: unknown, details: { type: string; reason: string; exitCode: number; name?: string }) => {
      if (NOT_A_CRASH.has(details.reason)) return;
      options.log.warn(
        `A ${details.type} process${details.name ? ` (${details.name})` : ''} is gone: ${details.reason} (exit code ${details.exitCode})`,
      );
    },
  );

  let lastDialogAt = Number.NEGATIVE_INFINITY;
  const report = (kind: string) => (error: unknown) => {
    options.log.error(`${kind} in main`, error);
    if (now() - lastDialogAt < DIALOG_EVERY_MS) return;
    lastDialogAt = now();
    dialog.showErrorBox(
      'Practice Companion hit a problem',
      'Something went wrong inside the app. It was written to the log file; if it keeps happening, use Copy diagnostics and ' +
        'send the text to your practice’s support contact. Your saved data and queued actions are kept.',
    );
  };
  const events = options.processEvents ?? process;
  events.on('uncaughtException', report('Uncaught exception'));
  events.on('unhandledRejection', report('Unhandled promise rejection'));
}

function withFlag(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(CRASH_NOTICE_PARAM, '1');
  parsed.hash = '';
  return parsed.href;
}
