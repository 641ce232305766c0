import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesAYearOf } from '../../src-preload/contract/proposal-amounts';
import { exploreDemoIn, openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

/**
 * Every figure reads the way an accountant reads it: a proposal's headline is its first-year value (a
 * monthly fee counted twelve times, not once beside an annual one), a bill line says which amounts are before
 * and after tax, and Edit services shows ranges, parents and the totals' effect as it is typed.
 */
let app: AppUnderTest;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 1000 }, connectDemo: true });
  ({ page, problems } = app);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
const money = (n: number) => `$${n.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dialog = () => page.getByRole('dialog');

/** A Sent proposal of an active client whose lines fall at more than one frequency, one of them monthly. */
function mixedProposal() {
  const state = app.practice();
  const frequencyOf = (serviceID: number) => state.services.find((s) => s.serviceID === serviceID)?.frequency ?? '';
  const proposal = [...state.proposals.values()].find((p) => {
    const frequencies = new Set(p.pricing.services.map((l) => frequencyOf(l.serviceID)));
    return (
      p.statusName === 'Sent' &&
      frequencies.has('Monthly') &&
      frequencies.size > 1 &&
      state.entities.get(p.entityKey)?.entityTerminated === false
    );
  });
  if (!proposal) throw new Error('The demo has no Sent proposal with monthly and other lines.');
  const firstYear = proposal.pricing.services.reduce(
    (sum, l) => sum + Math.round(l.lineTotal * timesAYearOf(frequencyOf(l.serviceID)) * 100),
    0,
  );
  return { proposal, firstYear: firstYear / 100 };
}

describe('amounts as an accountant reads them', () => {
  it('a proposal’s headline is its first-year value, in its pricing and then in the list', async () => {
    const { proposal, firstYear } = mixedProposal();
    expect(firstYear).toBeGreaterThan(proposal.pricing.servicesTotal * 2);
    await go(`/clients/${proposal.entityKey}?tab=proposals`);
    const row = page.getByTestId('proposal-row').filter({ hasText: proposal.name }).first();
    await row.waitFor({ timeout: 30_000 });
    // Before its pricing is read, the list says what the practice's total is: one billing of each service.
    expect(await row.getByTestId('proposal-headline').first().textContent()).toContain('one billing of each service');
    await row.getByRole('button', { name: 'Pricing' }).click();
    const pricing = row.getByTestId('proposal-pricing');
    await pricing.waitFor({ timeout: 30_000 });
    const headline = (await pricing.getByTestId('proposal-headline').textContent()) ?? '';
    expect(headline).toContain(`${money(firstYear)} first year`);
    expect(headline).toMatch(/a month/);
    expect(await pricing.getByRole('columnheader', { name: 'Billed' }).count()).toBe(1);
    // The row itself now leads with the same figure.
    await expect
      .poll(async () => (await row.getByTestId('proposal-headline').first().textContent()) ?? '')
      .toContain(`${money(firstYear)} first year`);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 90_000);

  it('Edit services shows the catalogue as the practice structures it, flags a price outside its range as it is typed, and the totals’ effect', async () => {
    const { proposal } = mixedProposal();
    const state = app.practice();
    const ranged = state.services.find((s) => s.rangeMin != null && s.rangeMax != null)!;
    expect(ranged).toBeDefined();
    await go(`/clients/${proposal.entityKey}?tab=proposals`);
    const row = page.getByTestId('proposal-row').filter({ hasText: proposal.name }).first();
    await row.waitFor({ timeout: 30_000 });
    if ((await row.getByTestId('proposal-pricing').count()) === 0) {
      await row.getByRole('button', { name: 'Pricing' }).click();
      await row.getByTestId('proposal-pricing').waitFor({ timeout: 30_000 });
    }
    await row.getByRole('button', { name: 'Edit services' }).click();
    const before = (await dialog().getByTestId('services-after-first-year').textContent()) ?? '';
    await dialog().getByRole('button', { name: 'Add a service' }).click();
    const added = dialog().getByTestId('service-edit-row').last();
    // Ranges and parents in the list: the ranged service names its range.
    const options = await added
      .getByRole('combobox', { name: /Service/ })
      .locator('option')
      .allTextContents();
    expect(options.some((o) => o.includes(ranged.name) && o.includes(' to '))).toBe(true);
    await added.getByRole('combobox', { name: /Service/ }).selectOption(String(ranged.serviceID));
    const price = added.getByLabel(/^Price/);
    await price.fill(String(ranged.rangeMax! + 1_000));
    // Flagged as typed, before anything is queued.
    await added.getByText(/Choose a price from/).waitFor();
    await price.fill(String(ranged.rangeMin));
    await expect.poll(() => added.getByText(/Choose a price from/).count()).toBe(0);
    // The first-year value after the change moved with the added service.
    await expect
      .poll(async () => (await dialog().getByTestId('services-after-first-year').textContent()) ?? '')
      .not.toBe(before);
    expect(await dialog().getByTestId('services-now').textContent()).toContain('first year');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 90_000);
});

describe('a UK bill’s lines', () => {
  let uk: AppUnderTest;
  beforeAll(async () => {
    uk = await openApp({ viewport: { width: 1280, height: 1000 } });
    await exploreDemoIn(uk.page, 'UK');
  }, 120_000);
  afterAll(async () => {
    await uk?.close();
  });

  it('say the unit price is before VAT, show the VAT, and the amount after it', async () => {
    const practice = uk.demo().runtime.practices.find((p) => p.profile.region === 'UK')!;
    const bill = [...practice.bills.values()]
      .filter((b) => b.lines.some((l) => l.quantity > 1 && l.taxAmount > 0))
      .sort((a, b) => b.billDate.localeCompare(a.billDate))[0]!;
    expect(bill).toBeDefined();
    const line = bill.lines.find((l) => l.quantity > 1 && l.taxAmount > 0)!;
    await uk.page.evaluate((h) => {
      window.location.hash = h;
    }, `/clients/${bill.entityKey}?tab=billing`);
    const row = uk.page.getByTestId('bill-row').filter({ hasText: bill.billNumber });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    const lines = uk.page.getByTestId('bill-lines');
    await lines.waitFor({ timeout: 30_000 });
    const headers = await lines.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Description', 'Qty', 'Unit price ex VAT', 'VAT', 'Amount inc VAT']);
    const gbp = (n: number) => `£${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const cells = await lines
      .getByRole('row')
      .filter({ hasText: line.description })
      .first()
      .getByRole('cell')
      .allTextContents();
    expect(cells).toEqual([
      line.description,
      String(line.quantity),
      gbp(line.unitPrice),
      gbp(line.taxAmount),
      gbp(line.lineTotal),
    ]);
    expect(realProblems(uk.problems), uk.problems.join('\n')).toEqual([]);
  }, 90_000);
});
