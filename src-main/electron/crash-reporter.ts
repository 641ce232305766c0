import { app, crashReporter } from 'electron';

/**
 * Crashpad keeps a minidump of any process of the app that crashes (main, a window, the GPU), on this laptop
 * only: `uploadToServer: false`, so nothing leaves it unless the user saves a support bundle and sends it.
 * Started before `ready`, as Electron asks, so a crash during start-up is kept too. Returns the folder
 * (app.getPath('crashDumps')) that "Copy diagnostics" and the support bundle read.
 */
export function startCrashReporter(): string {
  crashReporter.start({ uploadToServer: false, compress: true });
  return app.getPath('crashDumps');
}
