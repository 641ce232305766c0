import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { launchPersistentChromium } from './support/chromium';
import { watchProblems } from './support/page-problems';
import { startPreview } from './support/preview';

let context: BrowserContext | undefined;
let server: PreviewServer | undefined;
afterEach(async () => {
  await context?.close();
  await server?.close();
  context = server = undefined;
});

/**
 * Chromium with a profile on disk (an in-memory profile never persists anything), on the preview. With
 * `grantPersistentStorage`, the origin is given the permission the desktop app's handler gives its own
 * page (src-main/electron/app-guards.ts); without it, headless Chromium decides alone.
 * Every call of `navigator.storage.persist()` is counted, still reaching Chromium.
 */
async function open(options: { grantPersistentStorage: boolean }): Promise<{ page: Page; problems: string[] }> {
  [context, server] = await Promise.all([
    launchPersistentChromium(mkdtempSync(join(tmpdir(), 'pc-e2e-profile-'))),
    startPreview(),
  ]);
  const page = context.pages()[0] ?? (await context.newPage());
  if (options.grantPersistentStorage) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'persistent-storage' },
      setting: 'granted',
      origin: new URL(server.url).origin,
    });
  }
  await page.addInitScript(() => {
    const persist = StorageManager.prototype.persist;
    (window as unknown as { persistCalls: number }).persistCalls = 0;
    StorageManager.prototype.persist = function (this: StorageManager) {
      (window as unknown as { persistCalls: number }).persistCalls++;
      return persist.call(this);
    };
  });
  const problems = await watchProblems(page);
  await page.goto(server.url);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, problems };
}

const persistCalls = (page: Page) => page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls);

describe('storage that is not evicted', () => {
  it('the app asks for persistent storage at start; with the permission granted (as the desktop app grants it), Settings says the data is kept', async () => {
    const { page, problems } = await open({ grantPersistentStorage: true });
    await expect.poll(() => persistCalls(page)).toBeGreaterThanOrEqual(1);
    await expect(page.evaluate(() => navigator.storage.persisted())).resolves.toBe(true);
    await page.getByRole('link', { name: /^Settings/ }).click();
    await page
      .getByTestId('persistent-storage')
      .getByText(/^Kept:/)
      .waitFor();
    await page.getByTestId('region-hosts-source').getByText('Built into the app').waitFor();
    expect(problems).toEqual([]);
  });

  it('headless Chromium, left to decide alone, refuses a site without engagement: the app asked, and Settings says so honestly', async () => {
    const { page, problems } = await open({ grantPersistentStorage: false });
    await expect.poll(() => persistCalls(page)).toBeGreaterThanOrEqual(1);
    await expect(page.evaluate(() => navigator.storage.persisted())).resolves.toBe(false);
    await page.getByRole('link', { name: /^Settings/ }).click();
    await page
      .getByTestId('persistent-storage')
      .getByText(/^Not guaranteed:/)
      .waitFor();
    expect(problems).toEqual([]);
  });
});

describe('theme', () => {
  const rootTheme = (page: Page) => page.locator('.radix-themes[data-is-root-theme="true"]');
  const appearance = async (page: Page) => {
    const classes = ((await rootTheme(page).getAttribute('class')) ?? '').split(/\s+/);
    return classes.includes('dark') ? 'dark' : classes.includes('light') ? 'light' : 'none';
  };

  it('follows the system by default and the choice in Settings, which is kept across a restart', async () => {
    const { page, problems } = await open({ grantPersistentStorage: false });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => appearance(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => appearance(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('link', { name: /^Settings/ }).click();
    const group = page.getByRole('radiogroup', { name: 'Appearance' });
    await expect(group.getByRole('radio', { name: 'Same as the system' }).isChecked()).resolves.toBe(true);
    await group.getByRole('radio', { name: 'Dark' }).click();
    await expect.poll(() => appearance(page)).toBe('dark');
    await expect(page.evaluate(() => window.companion!.desktop.theme())).resolves.toEqual({
      choice: 'dark',
      dark: true,
    });

    // Keyboard from "Dark": an arrow key moves to the next option and chooses it (the WAI-ARIA radio group).
    // Radix chooses the option that receives focus while an arrow key is down, so the key is held as a person
    // holds it (Playwright's press releases it before focus moves). Focus is put on "Dark" explicitly: the
    // screen's heading takes focus when Settings opens, which may land after the click.
    const arrow = async (key: 'ArrowUp' | 'ArrowDown', to: string) => {
      await page.keyboard.down(key);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe(to);
      await page.keyboard.up(key);
    };
    await group.getByRole('radio', { name: 'Dark' }).focus();
    await arrow('ArrowUp', 'light');
    await expect.poll(() => appearance(page)).toBe('light');
    await expect(page.evaluate(() => window.companion!.desktop.theme())).resolves.toEqual({
      choice: 'light',
      dark: false,
    });
    await arrow('ArrowDown', 'dark');
    await expect.poll(() => appearance(page)).toBe('dark');

    // Kept by main: a restart opens dark although the system is light.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect.poll(() => appearance(page)).toBe('dark');
    await expect(
      page.getByRole('radiogroup', { name: 'Appearance' }).getByRole('radio', { name: 'Dark' }).isChecked(),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
  });
});
