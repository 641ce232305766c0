import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';
import { openApp, type AppUnderTest } from './support/app-under-test';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 1000 }, connectDemo: true });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

const state = () => app.practice();
const EMAIL = 'offline.prospect@example.com';
const NOTE = 'Met at the expo; wants a quote for bookkeeping.';
const serverLeads = () => [...state().leads.values()].filter((l) => l.email === EMAIL);
const dialog = () => page.getByRole('dialog');
const openLeads = async () => {
  await page.keyboard.press('Control+7');
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
};

describe('lead actions through the outbox', () => {
  it('a new lead is checked against the contract before anything is queued', async () => {
    await openLeads();
    await page.getByRole('button', { name: 'New lead' }).click();
    await dialog().getByLabel('Email').fill('not an email');
    await dialog().getByRole('button', { name: 'Create lead' }).click();
    // Both field errors show beside their fields, and the form says why it did not go.
    await dialog()
      .getByText(/Enter an email address like name@example\.com/)
      .waitFor();
    await dialog().getByText('Some fields need attention.').waitFor();
    expect(await dialog().getByRole('alert').count()).toBeGreaterThanOrEqual(3); // name, email, the form
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('outbox-badge').count()).toBe(0);
  });

  it('offline: a lead and a note on it are pending, still after a reload; online: each is on the server exactly once and shown as sent', async () => {
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await openLeads();
    await page.getByRole('button', { name: 'New lead' }).click();
    await dialog().getByLabel('First name').fill('Offline');
    await dialog().getByLabel('Surname').fill('Prospect');
    await dialog().getByLabel('Company').fill('Prospect Bakery');
    await dialog().getByLabel('Email').fill(EMAIL);
    await dialog().getByLabel('Mobile').fill('0412 555 010');
    await dialog().getByLabel('Source').fill('Expo');
    await dialog().getByRole('button', { name: 'Create lead' }).click();

    // The new lead opens at once, as a placeholder, and takes a note before the practice has it.
    await page.getByRole('heading', { level: 1, name: 'Offline Prospect' }).waitFor();
    await page.getByTestId('lead-pending').waitFor();
    await page.getByRole('button', { name: 'Add note' }).click();
    await dialog().getByLabel('Note').fill(NOTE);
    await dialog().getByRole('button', { name: 'Add note' }).click();
    const pendingNote = page.locator('[data-testid="lead-note"][data-pending="true"]');
    await pendingNote.getByText(NOTE).waitFor();
    await pendingNote.getByText('pending', { exact: true }).waitFor();
    expect(page.url()).toMatch(/#\/leads\/[0-9a-f-]{36}$/);
    const placeholderUrl = page.url();

    await page.reload(); // the app restarts, still offline
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Offline Prospect' }).waitFor();
    await pendingNote.getByText(NOTE).waitFor();
    await openLeads();
    await page.getByLabel('Search leads').fill(EMAIL);
    await page.getByTestId('lead-row').filter({ hasText: 'Offline Prospect' }).getByTestId('lead-pending').waitFor();
    await page.keyboard.press('Control+5');
    await page.getByTestId('outbox-open-count').getByText('2 waiting').waitFor();
    expect(serverLeads()).toHaveLength(0);

    await page.goto(placeholderUrl);
    await setNetwork(server, true);
    await page.keyboard.press('Control+5');
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 30_000 });
    expect(serverLeads()).toHaveLength(1);
    const created = serverLeads()[0]!;
    expect(created).toMatchObject({
      name: 'Offline',
      surname: 'Prospect',
      companyName: 'Prospect Bakery',
      mobile: '0412 555 010',
      source: 'Expo',
    });
    expect(
      state()
        .leadNotes.get(created.leadKey)
        ?.map((n) => n.text),
    ).toEqual([NOTE]);

    // The placeholder's address now leads to the practice's lead, with its note as sent.
    await page.goto(placeholderUrl);
    await page.waitForURL(new RegExp(`#/leads/${created.leadKey}$`));
    await page.getByRole('heading', { level: 1, name: 'Offline Prospect' }).waitFor();
    await page.getByTestId('lead-note').getByText(NOTE).waitFor();
    expect(await pendingNote.count()).toBe(0);
    expect(await page.getByTestId('lead-pending').count()).toBe(0);
    await page.getByText(`Lead #${created.leadID}`).waitFor();
  });

  it('converts the lead to a client; the practice has the client and the lead shows Converted', async () => {
    const lead = serverLeads()[0]!;
    const clientsBefore = state().entities.size;
    await page.getByRole('button', { name: 'Convert to client' }).click();
    await dialog().getByRole('button', { name: 'Convert to client' }).click();
    await page.locator('main').getByText('Converted', { exact: true }).waitFor({ timeout: 30_000 });
    expect(state().leads.get(lead.leadKey)).toMatchObject({ statusName: 'Converted' });
    expect(state().entities.size).toBe(clientsBefore + 1);
    expect(state().entities.get(state().leads.get(lead.leadKey)!.convertedEntityKey!)).toMatchObject({
      fullEntityName: 'Prospect Bakery',
    });
    expect(await page.getByRole('button', { name: 'Convert to client' }).count()).toBe(0);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
