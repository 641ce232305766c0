import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { dialogActionProblems, fitProblems } from './support/fit-check';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';
import { openApp, type AppUnderTest } from './support/app-under-test';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

// The meeting's laptop: the smallest window the app is made for.
beforeAll(async () => {
  app = await openApp({ viewport: { width: 1024, height: 700 }, connectDemo: true });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

const state = () => app.practice();
const dialog = () => page.getByRole('dialog');
const named = (name: string) => [...state().proposals.values()].filter((p) => p.name === name);
const FROM_TEMPLATE = 'E2E compliance 2027';
const BUILT = 'E2E advisory 2027';

describe('a new proposal built offline in the meeting', () => {
  it('offline: one from a template and one built from the catalogue are checked, queued and shown as Drafts waiting; online: each is at the practice exactly once, as typed', async () => {
    const client = [...state().entities.values()].find((e) => !e.entityTerminated)!;
    const user = [...state().users.values()][0]!;
    const ranged = state().services.find((s) => s.rangeMin !== null && s.rangeMax !== null)!;
    const monthly = state().services.find((s) => s.frequency === 'Monthly' && s.rangeMin === null)!;
    const template = state().proposalTemplates.find((t) => t.serviceIDs.length > 1)!;
    const pmTemplate = state().catalogs['pm-job-templates'][0]!;

    await page.goto(`${server.url}#/clients/${client.entityKey}?tab=proposals`);
    await page.getByRole('button', { name: 'New proposal' }).waitFor();
    // Opened online, the client's proposals fetch what a proposal is built from, kept for offline use (once
    // the first import has left room in the practice's per-minute limit: up to a minute after it).
    const fetched = ['listProposalTemplates', 'listPmJobTemplates', 'listDmsJobTemplates'];
    await expect
      .poll(() => fetched.map((id) => app.answered(id)), { timeout: 90_000, interval: 1_000 })
      .toEqual([1, 1, 1]);
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();

    // From a template: the practice's saved templates, kept on the laptop with the catalogs.
    await page.getByRole('button', { name: 'New proposal' }).click();
    await dialog()
      .getByRole('combobox', { name: /Template/ })
      .selectOption(String(template.templateID));
    expect(
      await dialog()
        .getByLabel(/Proposal name/)
        .inputValue(),
    ).toBe(`${template.name} — ${client.fullEntityName}`);
    await dialog()
      .getByLabel(/Proposal name/)
      .fill(FROM_TEMPLATE);
    // Nothing typed is lost by a look at the other way of starting, or by closing the dialog.
    await dialog().getByRole('radio', { name: 'From scratch' }).click();
    await dialog().getByRole('radio', { name: 'From a template' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New proposal' }).click();
    expect(
      await dialog()
        .getByLabel(/Proposal name/)
        .inputValue(),
    ).toBe(FROM_TEMPLATE);
    // The template list is read from the laptop's store as the dialog opens: the choice shows once it is there.
    await expect
      .poll(() =>
        dialog()
          .getByRole('combobox', { name: /Template/ })
          .inputValue(),
      )
      .toBe(String(template.templateID));
    await dialog()
      .getByRole('combobox', { name: /Prepared by/ })
      .selectOption(user.userKey);
    expect(await dialog().getByTestId('template-services').getByText(/\(/).count()).toBe(template.serviceIDs.length);
    expect(await dialogActionProblems(page, 'Queue proposal')).toEqual([]);
    await dialog().getByRole('button', { name: 'Queue proposal' }).click();
    await dialog().waitFor({ state: 'detached' });
    const pending = page.locator('[data-testid="proposal-row"][data-pending="true"]');
    await pending.filter({ hasText: FROM_TEMPLATE }).getByTestId('proposal-waiting').waitFor();

    // From scratch, by keyboard where it matters: a ranged service priced outside its range is refused.
    await page.getByRole('button', { name: 'New proposal' }).click();
    await dialog().getByRole('radio', { name: 'From scratch' }).click();
    await dialog()
      .getByLabel(/Proposal name/)
      .fill(BUILT);
    // Closing the dialog loses nothing typed: it opens again where it was left.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New proposal' }).click();
    expect(
      await dialog()
        .getByLabel(/Proposal name/)
        .inputValue(),
    ).toBe(BUILT);
    await dialog()
      .getByRole('combobox', { name: /Prepared by/ })
      .selectOption(user.userKey);
    const first = dialog().getByTestId('new-proposal-line').nth(0);
    await first.getByRole('combobox', { name: /Service 1/ }).selectOption(String(ranged.serviceID));
    await first.getByLabel(/Quantity/).fill('2');
    await first.getByLabel(/^Price/).fill(String(ranged.rangeMax! + 100));
    await dialog().getByRole('button', { name: 'Add a service' }).click();
    const second = dialog().getByTestId('new-proposal-line').nth(1);
    await second.getByRole('combobox', { name: /Service 2/ }).selectOption(String(monthly.serviceID));
    await dialog().getByRole('button', { name: 'Add a practice-manager job' }).click();
    await dialog()
      .getByRole('combobox', { name: /Template of job 1/ })
      .selectOption(String(pmTemplate.id));
    expect(
      await dialog()
        .getByLabel(/Name of job 1/)
        .inputValue(),
    ).toBe(pmTemplate.name);
    await dialog().getByRole('button', { name: 'Add a billing' }).click();
    await dialog()
      .getByLabel(/Billing 1/)
      .fill('Monthly retainer');
    await dialog()
      .getByLabel(/^Amount/)
      .fill('150');
    await dialog()
      .getByLabel(/First bill on|Bill on/)
      .fill('01/02/2027');
    await dialog().getByRole('combobox', { name: 'Kind' }).selectOption('recurring');
    await dialog()
      .getByRole('combobox', { name: /How often/ })
      .selectOption('Monthly');
    expect(await fitProblems(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Queue proposal' }).click();
    await first.getByText(/^Choose a price from /).waitFor();
    expect(app.answered('createAdhocProposal')).toBe(0);
    const price = ranged.rangeMin! + 10;
    await first.getByLabel(/^Price/).fill(String(price));
    await dialog().getByRole('button', { name: 'Queue proposal' }).click();
    await dialog().waitFor({ state: 'detached' });
    await pending.filter({ hasText: BUILT }).getByTestId('proposal-waiting').waitFor();
    expect(app.answered('createAdhocProposal') + app.answered('createProposalFromTemplate')).toBe(0);

    // While it waits it can be opened and edited in the Outbox, in the same editor, with what was typed.
    await page.keyboard.press('Control+5');
    const entry = page.getByTestId('outbox-entry').filter({ hasText: BUILT });
    await entry.getByRole('button', { name: 'Edit' }).click();
    const editedSecond = dialog().getByTestId('new-proposal-line').nth(1);
    expect(
      await dialog()
        .getByLabel(/Proposal name/)
        .inputValue(),
    ).toBe(BUILT);
    expect(
      await dialog()
        .getByTestId('new-proposal-line')
        .nth(0)
        .getByLabel(/^Price/)
        .inputValue(),
    ).toBe(String(price));
    await editedSecond.getByLabel(/Quantity/).fill('3');
    // The headline is the first-year value, the same in the editor, the Outbox and the waiting row.
    const shownTotal = (await dialog().getByTestId('new-proposal-first-year').textContent())!;
    await dialog().getByRole('button', { name: 'Save and resubmit' }).click();
    await dialog().waitFor({ state: 'detached' });
    await entry.getByText(`${shownTotal} first year (2 services)`).waitFor();
    await page.goto(`${server.url}#/clients/${client.entityKey}?tab=proposals`);
    await pending.filter({ hasText: BUILT }).getByText(shownTotal).waitFor();

    // Online again: each reaches the practice once, and its own row replaces the waiting one.
    await setNetwork(server, true);
    await app.waitForAnswered('createProposalFromTemplate');
    await app.waitForAnswered('createAdhocProposal');
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(0);
    expect(named(FROM_TEMPLATE)).toHaveLength(1);
    expect(named(BUILT)).toHaveLength(1);
    const fromTemplate = named(FROM_TEMPLATE)[0]!;
    expect(fromTemplate.entityKey).toBe(client.entityKey);
    expect(fromTemplate.pricing.services.map((l) => l.serviceID)).toEqual(template.serviceIDs);
    const built = named(BUILT)[0]!;
    expect(built.pricing.services.map((l) => [l.serviceID, l.quantity, l.price])).toEqual([
      [ranged.serviceID, 2, price],
      [monthly.serviceID, 3, monthly.price],
    ]);
    expect(built.pricing.jobs).toMatchObject([{ system: 'pm', templateID: pmTemplate.id, name: pmTemplate.name }]);
    expect(built.pricing.recurringBillings).toMatchObject([
      { description: 'Monthly retainer', amount: 150, billOn: '2027-02-01', frequency: 'Monthly' },
    ]);
    // The total the editor showed is the practice's own.
    const rows = page.getByTestId('proposal-row');
    // Its pricing read from the practice gives the first-year value the editor showed.
    const builtRow = rows.filter({ hasText: BUILT });
    await builtRow.getByRole('button', { name: 'Pricing' }).click({ timeout: 30_000 });
    await builtRow.getByTestId('proposal-pricing').getByText(`${shownTotal} first year`).waitFor({ timeout: 30_000 });
    expect(await rows.filter({ hasText: BUILT }).count()).toBe(1);
    expect(await rows.filter({ hasText: FROM_TEMPLATE }).count()).toBe(1);
    expect(app.answered('createAdhocProposal')).toBe(1);
    expect(app.answered('createProposalFromTemplate')).toBe(1);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 180_000);
});
