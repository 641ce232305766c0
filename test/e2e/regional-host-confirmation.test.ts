import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../src-main/browser-preview/preview-server';
import { createDemoPractice, type DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import builtInRegionHosts from '../../resources/regions.json';
import { launchChromium } from './support/chromium';
import { watchProblems } from './support/page-problems';

let browser: Browser;
let server: PreviewServer;
let demo: DemoPractice;
let page: Page;
let problems: string[];

beforeAll(async () => {
  demo = await createDemoPractice({});
  // An administrator's (or another program's) regions.json in the data folder points the UK at another host.
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-e2e-regions-'));
  const uk = demo.practices.find((p) => p.region === 'UK')!;
  writeFileSync(
    join(dataDir, 'regions.json'),
    JSON.stringify({ ANZ: builtInRegionHosts.ANZ, UK: uk.baseUrl, ZA: builtInRegionHosts.ZA }),
  );
  [browser, server] = await Promise.all([
    launchChromium(),
    startPreviewServer({ rendererDir: resolve('out/renderer'), dataDir, port: 0 }),
  ]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = await watchProblems(page);
  await page.goto(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await demo?.close();
});

describe('a regional host changed by a regions file', () => {
  it('is shown and confirmed before the secret first goes there; then the practice connects', async () => {
    const uk = demo.practices.find((p) => p.region === 'UK')!;
    const form = page.getByRole('form', { name: 'Connect your practice' });
    await form.getByRole('combobox', { name: 'Region' }).selectOption('UK');
    await form.getByLabel('Client ID').fill(uk.readWrite.clientId);
    await form.getByLabel('Client secret').fill(uk.readWrite.secret);
    await form.getByRole('button', { name: 'Connect' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Send your credentials to this address?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('confirm-address').textContent()).toBe(uk.baseUrl);
    expect(await dialog.textContent()).toMatch(/changed on this laptop by a regions file/);
    expect(demo.runtime.requestLog).toHaveLength(0); // nothing was sent before the user confirmed

    await dialog.getByRole('button', { name: 'Connect to this address' }).click();
    await page
      .getByTestId('client-count')
      .getByText(/clients/)
      .waitFor({ timeout: 30_000 });
    expect(demo.runtime.requestLog.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
