import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreDemoIn, openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';
import { dateInputText } from '../../src-renderer/ui/regional/date-input';
import { parseCsv } from '../support/rfc4180';

/*
 * "Export CSV" on the client list, Billing and Debtors: a filter applied, the file downloaded and read
 * back with an RFC 4180 reader — every row the filter shows (not only the rendered page), the screen's
 * columns, and the region's formats: ANZ comma-separated with period decimals, South Africa (comma
 * decimals) semicolon-separated; dates dd/mm/yyyy; UTF-8 with a byte-order mark.
 */

/** Clicks an export button and reads the file it saved: its name, raw text and records. */
async function exportCsv(page: Page, testId: string, separator: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), text, records: parseCsv(text, separator) };
}

const countOf = async (page: Page, testId: string) =>
  Number(/of ([\d,]+)/.exec((await page.getByTestId(testId).textContent())!)![1]!.replace(/,/g, ''));
const shownClients = async (page: Page) =>
  Number((await page.getByTestId('client-count').textContent())!.split(' ')[0]);
const firstCells = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((rows) => rows.map((r) => (r.querySelector('th, td') as HTMLElement).innerText.trim()));
const DAY = /^\d{2}\/\d{2}\/\d{4}$/;
const FILE_DAY = /^[a-z-]+-\d{4}-\d{2}-\d{2}\.csv$/;

describe('CSV export in an ANZ practice', () => {
  let app: AppUnderTest;
  let page: Page;
  beforeAll(async () => {
    app = await openApp({ connectDemo: true, viewport: { width: 1400, height: 900 } });
    page = app.page;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the client list: every client the filters leave, as the list shows them, comma-separated', async () => {
    await page.getByLabel('Type', { exact: true }).selectOption('Trust');
    const trusts = [...app.practice().entities.values()].filter((e) => e.entityType === 'Trust' && !e.entityTerminated);
    await expect.poll(() => shownClients(page)).toBe(trusts.length);
    const file = await exportCsv(page, 'clients-export', ',');
    expect(file.name).toMatch(FILE_DAY);
    expect(file.name.startsWith('clients-')).toBe(true);
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const [heading, ...rows] = file.records;
    expect(heading).toEqual(['Client', 'Code', 'Type', 'Office', 'Email', 'Phone', 'Terminated']);
    expect(rows).toHaveLength(trusts.length);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(trusts.map((e) => e.fullEntityName)));
    expect(rows.every((r) => r[2] === 'Trust' && r[6] === '')).toBe(true);
    // In the list's order: the rendered rows are the file's first rows.
    const rendered = await page
      .getByTestId('client-row')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.split('\n')[0]));
    expect(rows.slice(0, rendered.length).map((r) => r[0])).toEqual(rendered);
  });

  it('Billing: the paid bills (all pages), each as the practice holds it, dates dd/mm/yyyy, amounts 1234.50', async () => {
    await page.keyboard.press('Control+3');
    await page.getByTestId('bill-row').first().waitFor();
    await page.getByRole('combobox', { name: 'Status' }).first().selectOption('Paid');
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="bill-row"]')].every((r) => r.textContent!.includes('Paid')),
        ),
      )
      .toBe(true);
    const count = await countOf(page, 'bill-count');
    expect(count, 'more paid bills than one page holds').toBeGreaterThan(50);
    const file = await exportCsv(page, 'bills-export', ',');
    expect(file.name).toMatch(/^bills-/);
    const [heading, ...rows] = file.records;
    expect(heading).toEqual(['Bill', 'Client', 'Bill date', 'Due date', 'Status', 'Total', 'Amount due']);
    expect(rows).toHaveLength(count);
    expect(rows.slice(0, 50).map((r) => r[0])).toEqual(await firstCells(page, 'bill-row'));
    const bills = new Map([...app.practice().bills.values()].map((b) => [b.billNumber, b]));
    for (const [number, , billDate, dueDate, status, total, due] of rows) {
      const bill = bills.get(number!)!;
      expect(bill, number).toBeDefined();
      expect(status).toBe('Paid');
      expect(billDate).toBe(bill.billDate.split('-').reverse().join('/'));
      expect(dueDate).toMatch(DAY);
      expect(total).toBe(bill.total.toFixed(2));
      expect(due).toBe(bill.amountDue.toFixed(2));
    }
  });

  it('Billing: the payments by one method, as shown', async () => {
    await page.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Card' });
    await expect.poll(() => page.getByTestId('payment-row').first().textContent()).toContain('Card');
    const count = await countOf(page, 'payment-count');
    const file = await exportCsv(page, 'payments-export', ',');
    const [heading, ...rows] = file.records;
    expect(heading).toEqual(['Date', 'Client', 'Bill', 'Method', 'Status', 'Amount', 'Refunded']);
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r[3] === 'Card' && DAY.test(r[0]!) && /^-?\d+\.\d{2}$/.test(r[5]!))).toBe(true);
  });

  it('Debtors: the clients with money 61+ days old and the invoices of one collection status', async () => {
    await page.keyboard.press('Control+8');
    await page.getByTestId('debtors-total').waitFor();
    await page.getByRole('combobox', { name: 'Age' }).selectOption({ label: 'Only 61+ days' });
    await expect.poll(() => countOf(page, 'debtor-client-count')).toBeGreaterThan(0);
    const clients = await countOf(page, 'debtor-client-count');
    const sum = Number(await page.getByTestId('debtor-clients-sum').getAttribute('data-amount'));
    const owing = await exportCsv(page, 'debtor-clients-export', ',');
    const [heading, ...rows] = owing.records;
    expect(heading![0]).toBe('Client');
    expect(heading!.at(-1)).toBe('Total');
    expect(rows).toHaveLength(clients);
    const exportedSum = rows.reduce((s, r) => s + Number(r.at(-1)), 0);
    expect(exportedSum).toBeCloseTo(sum, 2);

    await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Reminder sent' });
    await expect.poll(() => page.getByTestId('debtor-invoice-row').first().textContent()).toContain('Reminder sent');
    const invoices = await countOf(page, 'debtor-invoice-count');
    const file = await exportCsv(page, 'debtor-invoices-export', ',');
    const [invoiceHeading, ...invoiceRows] = file.records;
    expect(invoiceHeading).toEqual([
      'Bill',
      'Client',
      'Bill date',
      'Due date',
      'Days overdue',
      'Total',
      'Amount due',
      'Collection',
      'Payment plan',
    ]);
    expect(invoiceRows).toHaveLength(invoices);
    expect(invoiceRows.every((r) => r[7] === 'Reminder sent')).toBe(true);
    expect(invoiceRows.map((r) => r[0]).slice(0, 25)).toEqual(await firstCells(page, 'debtor-invoice-row'));
    expect(realProblems(app.problems)).toEqual([]);
  });
});

describe('CSV export in a South African practice', () => {
  let app: AppUnderTest;
  let page: Page;
  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1400, height: 900 } });
    page = app.page;
    await exploreDemoIn(page, 'ZA');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('semicolon-separated with comma decimals, so Excel set to South Africa reads the amounts as numbers', async () => {
    const state = app.demo().runtime.practices.find((p) => p.profile.region === 'ZA')!;
    const clients = await exportCsv(page, 'clients-export', ';');
    expect(clients.text.startsWith('\uFEFFClient;Code;Type;Office;Email;Phone;Terminated\r\n')).toBe(true);
    expect(clients.records.length - 1).toBe(await shownClients(page));

    await page.keyboard.press('Control+3');
    await page.getByTestId('bill-row').first().waitFor();
    const count = await countOf(page, 'bill-count');
    const file = await exportCsv(page, 'bills-export', ';');
    const [, ...rows] = file.records;
    expect(rows).toHaveLength(count);
    const bills = new Map([...state.bills.values()].map((b) => [b.billNumber, b]));
    for (const [number, , billDate, , , total, due] of rows) {
      const bill = bills.get(number!)!;
      // As South African staff type dates (the date fields' rule).
      expect(billDate).toBe(dateInputText(bill.billDate, 'ZA'));
      expect(total).toBe(bill.total.toFixed(2).replace('.', ','));
      expect(due).toBe(bill.amountDue.toFixed(2).replace('.', ','));
    }
    expect(realProblems(app.problems)).toEqual([]);
  });
});
