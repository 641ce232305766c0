import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenList, showToClientShortcut } from '../../src-preload/contract/screens';
import { pdfViewerShortcuts } from '../../src-renderer/pdf-viewer/viewer-shortcuts';
import { readPdf } from '../support/read-pdf-text';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let page: Page;
beforeAll(async () => {
  app = await openApp({ connectDemo: true });
  page = app.page;
}, 90_000);
afterAll(() => app?.close());
let savedPageCount = 0;

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** A bill with a PDF, and its client's name as the practice holds it. */
function aBill() {
  const state = app.practice();
  const bill = [...state.bills.values()].find((b) => b.statusName !== 'Draft')!;
  return { bill, clientName: state.entities.get(bill.entityKey)!.fullEntityName };
}

async function openTheBill() {
  const { bill, clientName } = aBill();
  await go(`/documents/bill/${bill.billingId}?entity=${bill.entityKey}`);
  await page.getByTestId('pdf-pages').getByText(bill.billNumber, { exact: false }).first().waitFor({ timeout: 30_000 });
  return { bill, clientName };
}

describe('the PDF viewer prints and saves a copy', () => {
  it('"Save a copy…" in the preview downloads the PDF itself, named by client, document and date', async () => {
    const { bill, clientName } = await openTheBill();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByRole('button', { name: 'Save a copy…' }).click(),
    ]);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const read = await readPdf(bytes);
    expect(read.text).toContain(bill.billNumber);
    savedPageCount = read.pages.length;
    const name = download.suggestedFilename();
    expect(
      name.startsWith(
        clientName
          .replace(/[<>:"/\\|?*]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    ).toBe(true);
    expect(name).toContain(bill.billNumber);
    // Named by the bill’s own date, whatever day the copy is saved.
    expect(name.endsWith(` - ${bill.billDate}.pdf`)).toBe(true);
  }, 60_000);

  it('"Print…" draws one page per PDF page into the print-only container, then opens the print dialog', async () => {
    await openTheBill();
    await page.evaluate(() => {
      const calls: string[] = [];
      (window as unknown as { printCalls: string[] }).printCalls = calls;
      window.print = () => {
        const container = document.querySelector('[data-testid="pdf-print-pages"]');
        calls.push(`${container?.querySelectorAll('canvas').length ?? 0} pages, titled ${document.title}`);
      };
    });
    // The pages the PDF itself has (read from the saved copy above), as the viewer counts them.
    const pageCount = Number((await page.getByTestId('pdf-page-count').textContent())!.replace(/\D/g, ''));
    expect(pageCount).toBe(savedPageCount);

    await page.getByRole('button', { name: 'Print…' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printCalls: string[] }).printCalls))
      .toEqual([`${pageCount} pages, titled ${await page.getByRole('heading', { level: 1 }).textContent()}`]);
    const canvases = page.locator('[data-testid="pdf-print-pages"] .pdf-print-page canvas');
    expect(await canvases.count()).toBe(pageCount);
    // Each page is drawn (ink on it), and the container is not shown on screen, only on paper.
    const ink = await canvases.first().evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) n++;
      return n;
    });
    expect(ink).toBeGreaterThan(100);
    expect(await page.getByTestId('pdf-print-pages').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('pdf-print-pages').isVisible()).toBe(true);
    expect(await page.getByTestId('pdf-pages').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Ctrl+P while the viewer is shown prints too (and never the browser's print of the whole window).
    await page.getByTestId('pdf-pages').focus();
    await page.keyboard.press('Control+p');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printCalls: string[] }).printCalls.length))
      .toBe(2);
    expect(realProblems(app.problems)).toEqual([]);
  }, 60_000);
});

/** The shortcut list as the Help screen shows it: [keys, what they do] per row. */
const shownShortcuts = () =>
  page
    .getByTestId('help-shortcuts')
    .locator('.rt-DataListItem')
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('kbd')!.textContent, row.lastElementChild!.textContent]),
    );

describe('the Help screen', () => {
  it('opens with F1 and from the navigation, and lists exactly the registry’s shortcuts', async () => {
    await go('/clients');
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await page.keyboard.press('F1');
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => window.location.hash)).toBe('#/help');

    const expected = [
      ...screenList.map((s) => [`Ctrl/⌘ ${s.shortcut}`, `Open ${s.label}`]),
      ['F1', 'Open Help'],
      [`Ctrl/⌘ Shift ${showToClientShortcut.key}`, showToClientShortcut.label],
      ...pdfViewerShortcuts.map((s) => [s.keys, s.does]),
    ];
    expect(await shownShortcuts()).toEqual(expected);
    for (const words of ['waiting to send', 'needs review', 'sent']) {
      await page.getByTestId('help-outbox-words').getByText(words, { exact: true }).waitFor();
    }
    for (const title of ['Working offline', 'The outbox', 'Meeting packs', 'Keyboard shortcuts']) {
      await page.getByRole('region', { name: title }).waitFor();
    }

    await go('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor({ timeout: 15_000 });
    expect(await shownShortcuts()).toEqual(expected);
    expect(realProblems(app.problems)).toEqual([]);
  }, 60_000);
});
