import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { formatMoney } from '../../src-renderer/ui/regional/regional-format';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  // The demo connected and its first sync (bills and payments last) finished.
  app = await openApp({ connectDemo: true, viewport: { width: 1400, height: 900 } });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

/** The connected practice on the demo server, and a GET on its API with its read-only credentials (counted apart from the app's). */
async function practiceApi() {
  const practiceKey = await page.evaluate(async () => (await window.companion!.practice.list()).activePracticeKey);
  const practice = app.demo().practices.find((p) => p.practiceKey === practiceKey)!;
  expect(practice, 'the app is connected to one of the demo practices').toBeDefined();
  const get = async (path: string) => {
    const response = await fetch(`${practice.baseUrl}/api/v1${path}`, {
      headers: { 'X-Svc-Auth-ID': practice.readOnly.clientId, 'X-Svc-Auth-Key': practice.readOnly.secret },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as any;
  };
  return { practice, get };
}

const amounts = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-amount'))));
const countOf = async (page: Page, testId: string) =>
  Number(/of ([\d,]+)/.exec((await page.getByTestId(testId).textContent())!)![1]!.replace(/,/g, ''));

describe('the money screens: Debtors and Billing, online then offline', () => {
  let ageing: any;

  it('Debtors shows the practice total the server reports, as at its date, with the chart and the buckets', async () => {
    const api = await practiceApi();
    ageing = await api.get('/debtors/ageing');
    await page.keyboard.press('Control+8');
    await page.getByRole('heading', { level: 1, name: 'Debtors' }).waitFor();
    const total = page.getByTestId('debtors-total');
    await total.waitFor();
    expect(Number(await total.getAttribute('data-amount'))).toBeCloseTo(ageing.totals.total, 2);
    expect(await total.textContent()).toBe(formatMoney(ageing.totals.total, api.practice.region, ageing.currency));
    // The date is said once: the figure's own line says "as at the ageing of …".
    expect(await page.getByTestId('debtors-total-parts').textContent()).toMatch(/^as at the ageing of /);
    expect(await page.getByTestId('debtors-as-at').textContent()).toMatch(/^Read from the practice /);
    expect(await page.getByTestId('debtors-counts').textContent()).toMatch(
      /^The practice's ageing report: every unpaid bill, of any age\./,
    );
    // The chart is one labelled image stating every bucket; the same figures are in the table beside it.
    const chart = page.getByRole('img', { name: /Debtor ageing as at/ });
    await chart.waitFor();
    expect(await chart.locator('rect.ageing-bar').count()).toBe(5);
    expect(await page.getByTestId('ageing-totals').textContent()).toContain(
      formatMoney(ageing.totals.days90plus, api.practice.region, ageing.currency),
    );
    // The clients' column sums to the same total.
    expect(Number(await page.getByTestId('debtor-clients-sum').getAttribute('data-amount'))).toBeCloseTo(
      ageing.totals.total,
      2,
    );
    expect(await countOf(page, 'debtor-client-count')).toBe(ageing.clients.length);
  });

  it('sorts the clients by a column header, both ways', async () => {
    expect(ageing.clients.length).toBeGreaterThan(2);
    const before = await amounts(page, 'debtor-client-total');
    expect(before).toEqual([...before].sort((a, b) => b - a)); // largest balance first
    const table = page.getByTestId('debtor-clients-table');
    const header = table.getByRole('columnheader', { name: 'Total' });
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await header.getByRole('button').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="debtor-clients-table"] th[aria-sort="ascending"]') !== null,
    );
    const after = await amounts(page, 'debtor-client-total');
    expect(after).toEqual([...after].sort((a, b) => a - b));
    expect(after).not.toEqual(before);
    await table.getByRole('columnheader', { name: 'Client' }).getByRole('button').click();
    expect(await table.getByRole('columnheader', { name: 'Client' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await header.getAttribute('aria-sort')).toBe('none');
  });

  it('narrows the clients to "only 61+ days" and by name', async () => {
    const old = ageing.clients.filter((c: any) => c.days61to90 + c.days90plus > 0);
    expect(old.length).toBeGreaterThan(0);
    expect(old.length).toBeLessThan(ageing.clients.length);
    await page.getByRole('combobox', { name: 'Age' }).selectOption({ label: 'Only 61+ days' });
    await page
      .getByTestId('debtor-client-count')
      .getByText(new RegExp(` of ${old.length} clients`))
      .waitFor();
    await page.getByRole('combobox', { name: 'Age' }).selectOption('all');
    const name: string = ageing.clients[0].entityName;
    await page.getByLabel('Search debtor clients').fill(name);
    await page.waitForFunction(
      (n) =>
        Number(/of (\d+)/.exec(document.querySelector('[data-testid="debtor-client-count"]')!.textContent!)?.[1]) < n,
      ageing.clients.length,
    );
    expect(await page.getByTestId('debtor-client-row').first().textContent()).toContain(name);
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
  });

  it('lists outstanding invoices and filters them by collection status', async () => {
    const rows = page.getByTestId('debtor-invoice-row');
    await rows.first().waitFor();
    const statuses = await page.getByRole('combobox', { name: 'Collection' }).locator('option').allTextContents();
    const status = statuses.find((s) => s === 'Reminder sent') ?? statuses[1]!;
    await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: status });
    await page.waitForFunction(
      (s) =>
        [...document.querySelectorAll('[data-testid="debtor-invoice-row"]')].every((r) => r.textContent!.includes(s)),
      status,
    );
    await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Any status' });
  });

  it('reads movement for a picked period online and shows the synced twelve months', async () => {
    const api = await practiceApi();
    await page.getByTestId('movement-synced').waitFor();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last month' });
    const picked = page.getByTestId('movement-picked');
    await picked.waitFor({ timeout: 15_000 });
    const period = await page.evaluate(async () => {
      const now = new Date();
      const start = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 10);
      const end = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0)).toISOString().slice(0, 10);
      return { start, end };
    });
    const movement = await api.get(`/debtors/movement?startDate=${period.start}&endDate=${period.end}`);
    expect(await picked.textContent()).toContain(
      formatMoney(movement.closingBalance, api.practice.region, movement.currency),
    );
  });

  it('with the network cut, after a reload, Debtors and Billing still show their data; a period never read says so', async () => {
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await app.reload();
    await page.keyboard.press('Control+8');
    await page.getByRole('heading', { level: 1, name: 'Debtors' }).waitFor();
    const total = page.getByTestId('debtors-total');
    await total.waitFor({ timeout: 15_000 });
    expect(Number(await total.getAttribute('data-amount'))).toBeCloseTo(ageing.totals.total, 2);
    expect(await page.getByTestId('debtor-client-row').count()).toBeGreaterThan(0);
    // The period read online is kept.
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last month' });
    await page.getByTestId('movement-picked').waitFor();
    // A period never read: an honest sentence, no figures.
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Custom dates' });
    await page.getByLabel('Movement from').fill('2019-01-01');
    await page.getByLabel('Movement to').fill('2019-03-31');
    await page.getByRole('button', { name: 'Show movement' }).click();
    await page
      .getByTestId('movement-notice')
      .getByText(/offline, and this period has not been read on this laptop yet/)
      .waitFor();
    expect(await page.getByTestId('movement-picked').count()).toBe(0);

    await page.keyboard.press('Control+3');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    expect(await page.getByTestId('bills-window').textContent()).toMatch(
      /^Bills dated from .+ (to .+|onwards) are on this laptop; older bills come with a client's meeting pack\.$/,
    );
    // The listed bills say what part of the amount owed is due on them: one "owed" figure, the one Debtors shows.
    expect(await page.getByTestId('bill-summary').textContent()).toMatch(
      /^[\d,]+ bills · billed .+ · (of what is owed, .+ is due on these bills \(.+\)|nothing due on these bills)$/,
    );
    expect(await page.getByTestId('bill-summary').textContent()).not.toMatch(/as at/);
    expect(Number(await page.getByTestId('practice-owed-figure').getAttribute('data-amount'))).toBeCloseTo(
      ageing.totals.total,
      2,
    );
    await page.getByTestId('bill-row').first().waitFor();
    const bills = await countOf(page, 'bill-count');
    expect(bills).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Status' }).first().selectOption('Paid');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="bill-row"]')].every((r) => r.textContent!.includes('Paid')),
    );
    expect(await countOf(page, 'bill-count')).toBeLessThan(bills);
    await page.getByTestId('payment-row').first().waitFor();
    expect(await countOf(page, 'payment-count')).toBeGreaterThan(0);
  });

  it('a bill row links to its client', async () => {
    const link = page.getByTestId('bill-client-link').first();
    const name = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    const entityKey = /#\/clients\/([0-9a-f-]{36})$/.exec(href)![1]!;
    await link.click();
    await page.waitForURL(new RegExp(`#/clients/${entityKey}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await setNetwork(server, true);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });

  it("a client's Billing tab marks an overdue bill with its days and shows the client's ageing", async () => {
    // A bill of the last year still unpaid a week after its due date (the laptop's date: the practice's today).
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    });
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const overdue = [...app.practice().bills.values()].find(
      (b) => b.statusName === 'Awaiting payment' && b.amountDue > 0 && b.dueDate < today && b.billDate > yearAgo,
    );
    expect(overdue, 'the demo has an overdue bill of the last year').toBeDefined();
    const days = Math.round(
      (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${overdue!.dueDate}T00:00:00Z`)) / 86_400_000,
    );
    await page.evaluate((h) => {
      window.location.hash = h;
    }, `/clients/${overdue!.entityKey}?tab=billing`);
    const row = page.getByTestId('bill-row').filter({ hasText: overdue!.billNumber });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`Overdue · ${days} ${days === 1 ? 'day' : 'days'}`);
    await page.getByTestId('client-ageing').waitFor();
    expect(await page.getByTestId('client-ageing').textContent()).toMatch(/Current.*90\+ days.*Total/);
  });
});
