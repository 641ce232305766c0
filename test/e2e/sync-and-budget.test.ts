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
  app = await openApp({ viewport: { width: 1280, height: 900 } });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

/** A staff member at the office converts a lead: a new client exists on the server only. */
async function addClientOnServer(name: string, surname: string): Promise<void> {
  const practice = app.demo().practices[0]!;
  const headers = {
    'X-Svc-Auth-ID': practice.readWrite.clientId,
    'X-Svc-Auth-Key': practice.readWrite.secret,
    'Content-Type': 'application/json',
  };
  const lead = (await (
    await fetch(`${practice.baseUrl}/api/v1/leads`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, surname }),
    })
  ).json()) as { leadKey: string };
  const converted = await fetch(`${practice.baseUrl}/api/v1/leads/${lead.leadKey}/convert-to-client`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  expect(converted.status).toBe(200);
}

describe('sync status, the request budget, offline and back', () => {
  it('shows the budget and per-resource progress once the demo practice is connected', async () => {
    await page.getByRole('button', { name: 'Explore the demo practice' }).click();
    await page.getByTestId('client-count').getByText('150 clients').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+6');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page
      .getByTestId('sync-summary')
      .getByText(/Last sync finished/)
      .waitFor({ timeout: 30_000 });
    const remaining = (await page.getByTestId('budget-remaining').textContent())!;
    const [minute, hour] = [...remaining.matchAll(/([\d,]+) of ([\d,]+)/g)].map((m) => [
      Number(m[1]!.replace(/,/g, '')),
      Number(m[2]!.replace(/,/g, '')),
    ]);
    expect(minute![1]).toBe(60);
    expect(hour![1]).toBe(1000);
    expect(hour![0]).toBeLessThan(1000); // the import's requests are counted
    await expect(page.getByTestId('sync-row-entities').textContent()).resolves.toMatch(/Done.*150 clients/);
    expect(await page.getByTestId('sync-row-contacts').textContent()).not.toMatch(/never/);
    const leads = app.demo().runtime.practices[0]!.leads.size;
    await expect(page.getByTestId('sync-row-leads').textContent()).resolves.toMatch(
      new RegExp(`Leads.*Done.*${leads} leads`),
    );
    // The import's minute is over: the runs that follow need not wait for the minute's share.
    app.aMinutePasses();
  });

  it('pauses and resumes sync, and says so', async () => {
    await page.getByRole('button', { name: 'Pause sync' }).click();
    await page
      .getByTestId('sync-summary')
      .getByText(/Sync is paused/)
      .waitFor();
    await page
      .getByTestId('status-practice')
      .getByText(/sync paused/)
      .waitFor();
    await page.reload(); // the pause is kept across a restart
    await page
      .getByTestId('sync-summary')
      .getByText(/Sync is paused/)
      .waitFor();
    await page.getByRole('button', { name: 'Resume sync' }).click();
    await page
      .getByTestId('sync-summary')
      .getByText(/Last sync finished/)
      // The run may wait for the minute's share of the limiter after the import (it proved each paged list's
      // end by reading its first page again).
      .waitFor({ timeout: 90_000 });
  }, 150_000);

  it('network cut: search and open a client still work; network back: a change made on the server arrives with the next sync', async () => {
    await setNetwork(server, false);
    await page.keyboard.press('Control+1');
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    const first = (await page.getByTestId('client-row').first().locator('span').first().textContent())!;
    await page.getByLabel('Search clients').fill(first);
    await page.getByTestId('client-row').first().click();
    await page.getByRole('heading', { level: 2, name: 'Contacts' }).waitFor();
    await page.goBack();

    await setNetwork(server, true);
    await page
      .getByTestId('online-indicator')
      .getByText(/Online/)
      .waitFor({ timeout: 20_000 });
    await addClientOnServer('Zebedee', 'Freshclient');
    await page.keyboard.press('Control+6');
    // The run the reconnect started may wait for the minute's budget (the first import spent all but the quarter
    // kept for the user): "Sync now" is offered again once it ends.
    const syncNow = page.getByRole('button', { name: 'Sync now' });
    await expect.poll(() => syncNow.isEnabled(), { timeout: 90_000, interval: 1_000 }).toBe(true);
    await syncNow.click();
    await page.keyboard.press('Control+1');
    await page.getByLabel('Search clients').fill('freshclient');
    await page
      .getByTestId('client-row')
      .getByText(/Zebedee Freshclient/)
      .waitFor({ timeout: 30_000 });
    await page.getByLabel('Search clients').fill('');
    await page.getByTestId('client-count').getByText('151 clients').waitFor();
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 180_000);
});
