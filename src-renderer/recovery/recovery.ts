import './recovery.css';
import type { Companion } from '../../src-preload/contract/companion';
import { crashReportLines } from './crash-report-lines';

/**
 * The recovery page main loads after a second crash within a minute (src-main/electron/crash-recovery.ts).
 * Plain DOM, no React and no app state: whatever made the window crash is not loaded here. The bridge
 * is the same preload as the app's.
 */
const companion = (window as { companion?: Companion }).companion ?? null;
const status = document.getElementById('recovery-status');
const say = (text: string): void => {
  if (status) status.textContent = text;
};

function on(id: string, action: () => Promise<void> | void): void {
  document.getElementById(id)?.addEventListener('click', () => {
    void Promise.resolve()
      .then(action)
      .catch(() => say('That did not work. Try again in a moment.'));
  });
}

on('recovery-reload', () => window.location.replace(new URL('index.html', window.location.href).href));

on('recovery-logs', async () => {
  if (!companion) return say('The app’s main process cannot be reached from this page.');
  const result = await companion.desktop.openLogsFolder();
  say(result.opened ? 'The logs folder is open.' : (result.message ?? 'The logs folder could not be opened.'));
});

on('recovery-copy', async () => {
  if (!companion) return say('The app’s main process cannot be reached from this page.');
  await navigator.clipboard.writeText((await companion.desktop.diagnostics()).text);
  say('Diagnostics copied. Paste them into a message to your practice’s support contact.');
});

on('recovery-bundle', async () => {
  if (!companion) return say('The app’s main process cannot be reached from this page.');
  const result = await companion.desktop.saveSupportBundle();
  if (result.message !== 'Not saved.') say(result.message);
});

void companion?.desktop
  .diagnostics()
  .then(({ text }) => {
    const crashes = document.getElementById('recovery-crashes');
    if (crashes) crashes.textContent = crashReportLines(text);
  })
  .catch(() => undefined);

document.getElementById('recovery-reload')?.focus();
