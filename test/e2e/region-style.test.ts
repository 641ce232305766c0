import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreDemoIn, openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 900 } });
  ({ page, problems } = app);
  // The South African demo practice: its locale's own short date style is year first (2026/11/26).
  await exploreDemoIn(page, 'ZA');
});
afterAll(async () => {
  await app?.close();
});

const southAfrica = () => app.demo().runtime.practices.find((p) => p.profile.region === 'ZA')!;
const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

describe('a South African practice: one date style, and values in words', () => {
  it('the status bar writes the date as the date fields take it, four-digit year, and a field keeps it as typed', async () => {
    const status = (await page.getByTestId('status-practice').textContent()) ?? '';
    const synced = /last synced (.+)$/.exec(status)?.[1] ?? '';
    const day = synced.split(', ')[0]!;
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
    });
    expect(day, status).toBe(today);

    // Typed into a date field, the status bar's date is read and left exactly as it is: the same order.
    await page.keyboard.press('Control+3');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Bills dated to' });
    expect(await field.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await field.fill(day);
    await field.press('Tab');
    expect(await field.inputValue()).toBe(day);
    expect(await page.getByText(/This is not a date|There is no month/).count()).toBe(0);
  });

  it("a bill's details say a payment's status and method in the words Billing uses", async () => {
    const payment = [...southAfrica().payments.values()]
      .filter((p) => p.paymentStatus === 'completed' && p.paymentMethod === 'bank' && p.billingId)
      .sort((a, b) => b.paymentDate.localeCompare(a.paymentDate))[0];
    expect(payment, 'the demo has a completed bank payment').toBeDefined();
    await go(`/clients/${payment!.entityKey}?tab=billing`);
    const row = page.getByTestId('bill-row').filter({ hasText: payment!.billNumber! });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    const paid = page.getByTestId('bill-detail').getByTestId('bill-payment').first();
    await paid.waitFor();
    const text = (await paid.textContent()) ?? '';
    expect(text).toContain('Completed');
    expect(text).toContain('Bank transfer');
    expect(text).not.toMatch(/completed|bank(?! transfer)/);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
