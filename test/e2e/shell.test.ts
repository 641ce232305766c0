import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { launchChromium } from './support/chromium';
import { setNetwork, startPreview } from './support/preview';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

let browser: Browser;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPreview()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  problems = [];
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Any CSP violation (inline style, eval, foreign connection …) is a failure of the hardening.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(server.url);
});
afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

describe('the app shell in Chromium', () => {
  it('renders the navigation, the first screen and the status bar', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The shell draws once main has said whether the window is in client view: wait for it, not for `load`.
    await nav.waitFor();
    for (const label of ['Clients', 'Onboardings', 'Leads', 'Billing', 'Documents', 'Outbox', 'Settings']) {
      await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) }).isVisible()).resolves.toBe(true);
    }
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await page.getByRole('button', { name: 'Explore the demo practice' }).waitFor();
    // No practice yet: the indicator speaks of the network only.
    await page.getByTestId('online-indicator').getByText('Network connected').waitFor();
    expect(page.url()).toMatch(/#\/clients$/);
  });

  it('round-trips app.info over the bridge and shows it in Settings and the status bar', async () => {
    await page.getByRole('link', { name: /^Settings/ }).click();
    await expect(page.getByTestId('app-version').textContent()).resolves.toBe(`Practice Companion ${version}`);
    await expect(page.getByTestId('status-version').textContent()).resolves.toBe(`v${version} · Browser preview`);
    const info = await page.evaluate(() => window.companion!.app.info());
    expect(info).toMatchObject({ name: 'Practice Companion', version, runtime: 'browser-preview' });
  });

  it('exposes only the contract on window.companion, and main refuses a bad payload', async () => {
    const keys = await page.evaluate(() => Object.keys(window.companion!).sort());
    expect(keys).toEqual([
      'app',
      'clientFacing',
      'connectivity',
      'desktop',
      'documents',
      'on',
      'outbox',
      'practice',
      'sync',
    ]);
    const refusal = await page.evaluate(async () => {
      try {
        await (window.companion!.app.info as (input: unknown) => Promise<unknown>)({ injected: '<script>' });
        return null;
      } catch (error) {
        return { name: (error as Error).name, code: (error as { code?: string }).code };
      }
    });
    expect(refusal).toEqual({ name: 'BridgeError', code: 'invalid-payload' });
  });

  it('is keyboard-driven: shortcuts switch screens and move focus to the new heading; focus is visible', async () => {
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByRole('heading', { level: 1, name: 'Onboardings' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Onboardings');

    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { text: element.textContent, outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(focused.text).not.toBe('');
    expect(focused.outline).not.toBe('none');
    expect(focused.width).not.toBe('0px');

    await page.keyboard.press('Control+6');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(page.url()).toMatch(/#\/settings$/);

    // Leads came after the first six and took the next number; the first six keep theirs.
    await page.keyboard.press('Control+7');
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    expect(page.url()).toMatch(/#\/leads$/);
  });

  it('shows no network when main loses it, and the network again when it returns (event over the bridge)', async () => {
    const indicator = page.getByTestId('online-indicator');
    await indicator.getByText('Network connected').waitFor();
    await setNetwork(server, false);
    await indicator.getByText('No network').waitFor();
    await expect(indicator.getAttribute('data-online')).resolves.toBe('false');
    await setNetwork(server, true);
    await indicator.getByText('Network connected').waitFor();
  });
});
