import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { setNetwork } from './support/preview';
import { exploreDemoIn, openApp, type AppUnderTest } from './support/app-under-test';
import { openBillDialogOffline } from './support/bill-dialog';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 1000 } });
  ({ server, page, problems } = app);
  // A new user chooses the South African demo practice beside the one-click button.
  await exploreDemoIn(page, 'ZA');
});
afterAll(async () => {
  await app?.close();
});

const southAfrica = () => app.demo().runtime.practices.find((p) => p.profile.region === 'ZA')!;
const dialog = () => page.getByRole('dialog');

describe('a South African practice: amounts typed as the app shows them', () => {
  it('offline: "1 234,50" reads as R 1 234,50 before queueing, "1,234" is refused as ambiguous; online: the practice receives 1234.5', async () => {
    const state = southAfrica();
    expect(state.profile).toMatchObject({ currency: 'ZAR', locale: 'en-ZA' });
    const client = [...state.entities.values()].find((e) => !e.entityTerminated)!;
    const user = [...state.users.values()][0]!;
    const line = await openBillDialogOffline(page, server, client.entityKey);
    await line.getByLabel(/Description/).fill('Annual financial statements');
    expect(await line.getByLabel(/Quantity/).inputValue()).toBe('1');
    const price = line.getByLabel(/Unit price/);

    // Ambiguous where the comma marks the decimals: said at once, with what to type instead.
    await price.fill('1,234');
    await line
      .getByText(
        /"1,234" could be 1 234 or a mistake: amounts have two decimals, here after a comma, and spaces separate thousands\. For 1 234, type 1 234\./,
      )
      .waitFor();
    expect(await line.getByTestId('amount-read').count()).toBe(0);
    await dialog()
      .getByRole('combobox', { name: /Created by/ })
      .selectOption(user.userKey);
    await dialog().getByLabel('Reference').fill('PO-ZA-E2E');
    await dialog().getByRole('button', { name: 'Queue bill' }).click();
    await dialog().getByText('Some fields need attention.').waitFor();
    expect(await page.getByTestId('client-pending-actions').count()).toBe(0);

    // As the app writes rand (formatMoney: en-ZA, ZAR), shown under the field before anything is queued.
    await price.fill('1 234,50');
    const shown = await page.evaluate(() =>
      new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(1234.5),
    );
    expect(shown.replace(/\s/g, ' ')).toBe('R 1 234,50');
    await expect.poll(() => line.getByTestId('amount-read').textContent()).toBe(`Reads as ${shown}`);
    expect(await line.getByRole('alert').count()).toBe(0);
    await dialog().getByTestId('bill-total').getByText(`Net ${shown}`).waitFor();
    await dialog().getByRole('button', { name: 'Queue bill' }).click();
    await page
      .getByTestId('client-pending-actions')
      .getByText(/^Bill /)
      .waitFor();
    expect(app.answered('createAdhocBill')).toBe(0);

    await setNetwork(server, true);
    await app.waitForAnswered('createAdhocBill');
    const bills = [...southAfrica().bills.values()].filter((b) => b.reference === 'PO-ZA-E2E');
    expect(bills).toHaveLength(1);
    expect(bills[0]!.lines.map((l) => [l.description, l.quantity, l.unitPrice])).toEqual([
      ['Annual financial statements', 1, 1234.5],
    ]);
    expect(bills[0]).toMatchObject({ entityKey: client.entityKey, currency: 'ZAR', subtotal: 1234.5 });
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
