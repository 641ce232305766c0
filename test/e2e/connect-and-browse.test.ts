import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { setNetwork } from './support/preview';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 800 } });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

describe('connect the demo practice, sync, and browse offline', () => {
  it('explores the demo practice: the full import fills the client list', async () => {
    await page.getByRole('combobox', { name: 'Region' }).selectOption('custom');
    await page.getByPlaceholder('https://…').waitFor();
    await page.getByRole('combobox', { name: 'Region' }).selectOption('ANZ');
    await page.getByRole('button', { name: 'Explore the demo practice' }).click();
    await page.getByTestId('client-count').getByText('150 clients').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('client-row').count()).toBeGreaterThan(5);
    await page
      .getByTestId('status-practice')
      .getByText(/last synced/)
      .waitFor({ timeout: 30_000 });
  });

  it('searches case- and accent-insensitively across name and code', async () => {
    const first = (await page.getByTestId('client-row').first().locator('span').first().textContent())!;
    const word = first
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    await page.getByLabel('Search clients').fill(word);
    await page
      .getByTestId('client-count')
      .getByText(/ of 150 clients/)
      .waitFor();
    expect(await page.getByTestId('client-row').first().textContent()).toContain(first);
  });

  it('opens a client: profile, contacts with the primary first, and its onboardings', async () => {
    await page.getByTestId('client-row').first().click();
    await page.getByRole('heading', { level: 2, name: 'Contacts' }).waitFor();
    const firstContact = page.getByTestId('contact-row').first();
    if (await firstContact.count()) expect(await firstContact.textContent()).toContain('Primary');
    await page.goBack();
    await page.getByLabel('Search clients').fill('');
  });

  it('lists onboardings with exclude-completed and status filters, and opens one with its recipients', async () => {
    await page.keyboard.press('Control+2');
    await page.getByRole('heading', { level: 1, name: 'Onboardings' }).waitFor();
    const count = async () => Number((await page.getByTestId('onboarding-count').textContent())!.split(' ')[0]);
    // The list reads IndexedDB after the first paint: wait until it has loaded before taking the baseline.
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="onboarding-count"]')?.textContent?.split(' ')[0]) > 0,
    );
    const open = await count();
    // Each status narrows the list; "All statuses" brings everything back.
    const statusNames = await page.getByRole('combobox', { name: 'Status' }).locator('option').allTextContents();
    expect(statusNames.length).toBeGreaterThan(2);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: statusNames[1]! });
    await page.waitForFunction(
      (before) =>
        Number(document.querySelector('[data-testid="onboarding-count"]')!.textContent!.split(' ')[0]) < before,
      open,
    );
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
    await page.waitForFunction(
      (before) =>
        Number(document.querySelector('[data-testid="onboarding-count"]')!.textContent!.split(' ')[0]) === before,
      open,
    );
    await page.getByText('Hide completed').click();
    await page.waitForFunction(
      (before) =>
        Number(document.querySelector('[data-testid="onboarding-count"]')!.textContent!.split(' ')[0]) > before,
      open,
    );
    expect(await count()).toBeGreaterThan(open);
    await page
      .getByRole('link', { name: /^#\d+$/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Recipients' }).waitFor();
    await page.keyboard.press('Control+1');
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
  });

  it('keeps working with the network gone, including after a reload', async () => {
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await page.reload();
    await page.getByTestId('client-count').getByText('150 clients').waitFor({ timeout: 15_000 });
    await page.getByLabel('Search clients').fill('zzzz-no-such-client');
    await page.getByTestId('client-count').getByText('0 of 150 clients').waitFor();
    await setNetwork(server, true);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
