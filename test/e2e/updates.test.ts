import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { launchChromium } from './support/chromium';
import { startPreview } from './support/preview';

let browser: Browser;
let server: PreviewServer;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPreview()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('updates in the browser preview', () => {
  it('Settings → About says in a sentence that updates are off, with no restart offered', async () => {
    await page.getByRole('link', { name: /^Settings/ }).click();
    const section = page.getByTestId('update-status');
    await section.waitFor();
    await expect(section.getAttribute('data-state')).resolves.toBe('off');
    await expect(page.getByTestId('update-message').textContent()).resolves.toBe(
      'Updates are not set up in this build.',
    );
    await expect(page.getByRole('button', { name: 'Restart to update' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('update-banner').count()).resolves.toBe(0);
    const status = await page.evaluate(() => window.companion!.desktop.updateStatus());
    expect(status).toMatchObject({ state: 'off', restartDeferred: false });
  });
});
