import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { setNetwork } from './support/preview';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { openBillDialogOffline } from './support/bill-dialog';
import { realProblems } from './support/page-problems';

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
const dialog = () => page.getByRole('dialog');
const calls = (operationId: string) => app.answered(operationId);
const sent = (operationId: string, n = 1) => app.waitForAnswered(operationId, n);

describe('bills and proposals: actions queued in the outbox', () => {
  it('offline: an adhoc bill booked to the ledger is checked, queued and pending; online: created once', async () => {
    expect(state().ledger.status.connected).toBe(true);
    const client = [...state().entities.values()].find((e) => !e.entityTerminated)!;
    const user = [...state().users.values()][0]!;
    const line = await openBillDialogOffline(page, server, client.entityKey);
    await line
      .getByRole('combobox', { name: /Revenue account or sale item/ })
      .selectOption({ label: 'Income tax return (ACC-ITR)' });
    expect(await line.getByLabel(/Description/).inputValue()).toBe('Income tax return'); // filled in from the sale item
    expect(await line.getByLabel(/Unit price/).inputValue()).toBe('650');
    await dialog().getByRole('button', { name: 'Add a line' }).click();
    const second = dialog().getByTestId('bill-line-row').nth(1);
    await second.getByLabel(/Description/).fill('Meeting today');
    await second.getByLabel(/Unit price/).fill('220');
    await dialog().getByLabel('Reference').fill('PO-E2E-42');
    await dialog()
      .getByRole('combobox', { name: /Created by/ })
      .selectOption(user.userKey);
    await dialog().getByRole('button', { name: 'Queue bill' }).click();
    // The ledger's rules, checked on the laptop before anything is queued.
    await line.getByText('With a connected ledger each line needs a tax rate.').waitFor();
    await second.getByText('With a connected ledger each line needs a revenue account or a sale item.').waitFor();
    await line.getByRole('combobox', { name: /Tax rate/ }).selectOption('OUTPUT');
    const revenue = state().ledger.accounts.find((a) => a.type === 'REVENUE')!;
    await second
      .getByRole('combobox', { name: /Revenue account or sale item/ })
      .selectOption(`account:${revenue.extAccountID}`);
    await second.getByRole('combobox', { name: /Tax rate/ }).selectOption('OUTPUT');
    await dialog().getByTestId('bill-total').getByText(/total/).waitFor();
    await dialog().getByRole('button', { name: 'Queue bill' }).click();
    await page
      .getByTestId('client-pending-actions')
      .getByText(/^Bill .*\(2 lines, sent to the client\)/)
      .waitFor();
    expect(calls('createAdhocBill')).toBe(0);

    await setNetwork(server, true);
    await sent('createAdhocBill');
    const bills = [...state().bills.values()].filter((b) => b.reference === 'PO-E2E-42');
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ entityKey: client.entityKey, source: 'adhoc', subtotal: 870, sendBill: true });
    expect(bills[0]!.lines.map((l) => [l.saleItemCode, l.extAccountID, l.extTaxID])).toEqual([
      ['ACC-ITR', null, 'OUTPUT'],
      [null, revenue.extAccountID, 'OUTPUT'],
    ]);
    await expect.poll(() => page.getByTestId('client-pending-actions').count(), { timeout: 30_000 }).toBe(0);
  });

  it('renews a proposal after its preview, choosing the signatory; edits the services of another', async () => {
    const proposals = [...state().proposals.values()];
    const accepted = proposals.find(
      (p) =>
        p.statusName === 'Accepted' &&
        [...state().contacts.values()].filter((c) => c.entityKey === p.entityKey && !c.isDeleted).length >= 2,
    )!;
    const signatory = [...state().contacts.values()]
      .filter((c) => c.entityKey === accepted.entityKey && !c.isDeleted)
      .find((c) => !c.isPrimary)!;
    const user = [...state().users.values()][1]!;
    await page.goto(`${server.url}#/clients/${accepted.entityKey}?tab=proposals`);
    const row = page.getByTestId('proposal-row').filter({ hasText: accepted.name }).first();
    await row.getByRole('button', { name: 'Renew' }).click();
    await dialog().getByTestId('renew-preview').waitFor({ timeout: 30_000 });
    await dialog().getByRole('combobox', { name: 'Signatory' }).selectOption(String(signatory.contactID));
    // The staff member chosen for the bill is remembered for the session.
    expect(
      await dialog()
        .getByRole('combobox', { name: /Renewed by/ })
        .inputValue(),
    ).toBe([...state().users.values()][0]!.userKey);
    await dialog()
      .getByRole('combobox', { name: /Renewed by/ })
      .selectOption(user.userKey);
    await dialog().getByRole('button', { name: 'Queue renewal' }).click();
    await sent('renewProposal');
    const renewal = [...state().proposals.values()].find((p) => p.renewedFromKey === accepted.proposalKey)!;
    expect(renewal).toMatchObject({
      statusName: 'Draft',
      signatoryName: `${signatory.contactName} ${signatory.contactSurname}`,
      createdByKey: user.userKey,
    });
    // The renewal (a Draft of the same name) may be listed above it once synced: the row that says Renewed.
    const renewed = page
      .getByTestId('proposal-row')
      .filter({ hasText: accepted.name })
      .filter({ has: page.getByText('Renewed', { exact: true }) });
    await renewed.waitFor({ timeout: 30_000 });
    expect(await renewed.getByRole('button', { name: 'Renew' }).isDisabled()).toBe(true);

    // Services: from the stored pricing (read when opened), one line's quantity changed, one service added.
    const draft = proposals.find(
      (p) => p.statusName === 'Draft' && p.entityKey !== accepted.entityKey && p.pricing.services.length >= 1,
    )!;
    const added = state().services.find((s) => !draft.pricing.services.some((l) => l.serviceID === s.serviceID))!;
    await page.goto(`${server.url}#/clients/${draft.entityKey}?tab=proposals`);
    const draftRow = page.getByTestId('proposal-row').filter({ hasText: draft.name }).first();
    await draftRow.getByRole('button', { name: 'Pricing' }).click();
    await draftRow.getByTestId('proposal-pricing').waitFor({ timeout: 30_000 });
    await draftRow.getByRole('button', { name: 'Edit services' }).click();
    const rows = dialog().getByTestId('service-edit-row');
    // The form reads the stored pricing as it opens: its rows come a moment after the dialog.
    await expect.poll(() => rows.count()).toBe(draft.pricing.services.length);
    await rows.first().getByLabel('Quantity').fill('0');
    await dialog().getByRole('button', { name: 'Add a service' }).click();
    await rows.last().getByRole('combobox').selectOption(String(added.serviceID));
    await dialog()
      .getByRole('combobox', { name: /Changed by/ })
      .selectOption(user.userKey);
    await dialog().getByRole('button', { name: 'Queue new services' }).click();
    await rows.first().getByText('Enter a quantity above 0.').waitFor();
    await rows.first().getByLabel('Quantity').fill('4');
    await dialog().getByRole('button', { name: 'Queue new services' }).click();
    await sent('editProposalServices');
    const services = state().proposals.get(draft.proposalKey)!.pricing.services;
    expect(services[0]).toMatchObject({ serviceID: draft.pricing.services[0]!.serviceID, quantity: 4 });
    expect(services.at(-1)).toMatchObject({ serviceID: added.serviceID, price: added.price });
    await draftRow
      .getByTestId('proposal-services-total')
      .getByText(
        new RegExp(
          state()
            .proposals.get(draft.proposalKey)!
            .servicesTotal.toLocaleString('en', { minimumFractionDigits: 2 })
            .replace('.', '\\.'),
        ),
      )
      .waitFor({ timeout: 30_000 });
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
