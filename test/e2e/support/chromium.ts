import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; a downloaded browser is never used (none can be fetched here). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function checkChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" (.ci/run does).`);
  }
}

export async function launchChromium(): Promise<Browser> {
  checkChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Chromium with a profile folder: IndexedDB lives on disk as in the desktop app (a plain launch keeps it
 * in memory), and it survives closing and relaunching the browser, which is what cold start needs.
 */
export async function launchPersistentChromium(
  userDataDir: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  checkChromium();
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
}
