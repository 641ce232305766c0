import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import type { Lead, LeadNote } from '../../src-preload/contract/partner-api';
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

const server$ = () => app.demo().runtime.practices[0]!;
const nameOf = (lead: Lead) => [lead.name, lead.surname].filter(Boolean).join(' ');
/** The first lead with at least `min` notes on the server, other than those in `not`. */
const leadWithNotes = (min: number, not: string[] = []): [Lead, LeadNote[]] => {
  const [leadKey, notes] = [...server$().leadNotes].find(([key, n]) => n.length >= min && !not.includes(key))!;
  return [server$().leads.get(leadKey)!, notes];
};
/** The converted lead opened online (its notes were cached then, so it cannot serve as "unseen"). */
let converted: Lead | undefined;
const leadCount = () => page.getByTestId('lead-count');
const search = (text: string) => page.getByLabel('Search leads').fill(text);

async function openLead(lead: Lead): Promise<void> {
  await page.keyboard.press('Control+7');
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  await search(lead.email ?? nameOf(lead));
  await page
    .getByTestId('lead-row')
    .filter({ hasText: nameOf(lead) })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: nameOf(lead) }).waitFor();
}

describe('leads, fed by sync', () => {
  it('connects the demo practice; Ctrl+7 opens Leads with every lead synced', async () => {
    await page.getByRole('button', { name: 'Explore the demo practice' }).click();
    await page.getByTestId('client-count').getByText('150 clients').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+7');
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    expect(page.url()).toMatch(/#\/leads$/);
    const total = server$().leads.size;
    expect(total).toBeGreaterThan(10);
    await leadCount().getByText(`${total} leads`, { exact: true }).waitFor({ timeout: 30_000 });
  });

  it('searches case- and accent-insensitively over name, company and email, and filters by status', async () => {
    const total = server$().leads.size;
    const [lead] = leadWithNotes(1);
    const surname = lead
      .surname!.normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    await search(`${lead.name} ${surname}`);
    await leadCount()
      .getByText(new RegExp(` of ${total} leads`))
      .waitFor();
    expect(await page.getByTestId('lead-row').first().textContent()).toContain(nameOf(lead));

    const company = [...server$().leads.values()].find((l) => l.companyName)!;
    await search(company.companyName!.toLowerCase());
    await page
      .getByTestId('lead-row')
      .filter({ hasText: nameOf(company) })
      .first()
      .waitFor();

    await search('zzzz-no-such-lead');
    await leadCount().getByText(`0 of ${total} leads`).waitFor();
    await search('');
    const lost = [...server$().leads.values()].filter((l) => l.statusName === 'Lost').length;
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Lost');
    await leadCount().getByText(`${lost} of ${total} leads`).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await leadCount().getByText(`${total} leads`, { exact: true }).waitFor();
  });

  it('opens a lead: its fields, status and notes as the server has them; a converted one links to its client', async () => {
    const [lead, notes] = leadWithNotes(2);
    await openLead(lead);
    await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor();
    await page
      .getByTestId('lead-note')
      .nth(notes.length - 1)
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('lead-note').count()).toBe(notes.length);
    const shown = await page.getByTestId('lead-note').allTextContents();
    for (const note of notes) expect(shown.some((text) => text.startsWith(note.text))).toBe(true);
    expect(await page.locator('main').textContent()).toContain(lead.statusName);
    if (lead.email) expect(await page.locator('main').textContent()).toContain(lead.email);

    converted = [...server$().leads.values()].find(
      (l) => l.convertedEntityKey && server$().entities.has(l.convertedEntityKey),
    )!;
    await openLead(converted);
    const client = server$().entities.get(converted.convertedEntityKey!)!;
    await page.getByTestId('converted-client').getByText(`Client: ${client.fullEntityName}`).click();
    await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
  });

  it('network cut, even after a reload: leads still listed, notes already seen still show, unseen ones are said to be missing', async () => {
    const [seen, notes] = leadWithNotes(2);
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 20_000 });
    await page.reload();
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 20_000 });
    await page.keyboard.press('Control+7');
    await leadCount().getByText(`${server$().leads.size} leads`, { exact: true }).waitFor({ timeout: 15_000 });

    await openLead(seen);
    await page
      .getByTestId('lead-note')
      .nth(notes.length - 1)
      .waitFor();
    expect(await page.getByTestId('lead-note').count()).toBe(notes.length);
    await page
      .getByTestId('lead-notes-notice')
      .getByText(`You are offline. Showing the ${notes.length} notes saved on this laptop.`)
      .waitFor();

    const [unseen] = leadWithNotes(1, [seen.leadKey, converted!.leadKey]);
    await openLead(unseen);
    await page
      .getByTestId('lead-notes-notice')
      .getByText(/have not been opened on this laptop yet/)
      .waitFor();
    expect(await page.getByTestId('lead-note').count()).toBe(0);

    await setNetwork(server, true);
    await page
      .getByTestId('online-indicator')
      .getByText(/Online/)
      .waitFor({ timeout: 20_000 });
    // Back online, the open lead's notes are read at once.
    await page.getByTestId('lead-note').first().waitFor({ timeout: 15_000 });
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
