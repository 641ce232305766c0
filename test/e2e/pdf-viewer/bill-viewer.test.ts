import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfProblem } from '../../../src-renderer/pdf-viewer/pdf-problem';
import { renderBillPdf } from '../../../src-main/demo-practice/pdf/render-bill-pdf';
import { readPdf } from '../../support/read-pdf-text';
import { bill } from '../../unit/demo-practice/pdf/pdf-fixtures';
import { realProblems } from '../support/page-problems';
import {
  buildPdfHarness,
  expectResponsive,
  harnessEvents,
  openPdfHarness,
  removeHarness,
  showPdf,
  type PdfHarnessSession,
} from '../support/pdf-harness';

/**
 * A real two-page bill from the demo practice's renderer in the real viewer (pdf.js, its worker, the
 * production CSP) in Chromium: painting, text layer, lazy pages, find, navigation, zoom, keyboard.
 */

const pageBox = (page: Page, n: number) => page.locator(`.pdf-page[data-page-number="${n}"]`);
const painted = (page: Page, n: number) => pageBox(page, n).and(page.locator('[data-rendered="true"]'));
const status = (page: Page) => page.getByTestId('pdf-search-status');
const pageField = (page: Page) => page.getByRole('textbox', { name: /^Page number/ });

/** Share of the canvas's pixels that are not white (the bill's header band alone is well over 5%). */
function inkShare(page: Page, n: number): Promise<number> {
  return pageBox(page, n)
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) ink++;
      return ink / (data.length / 4);
    });
}

describe('the PDF viewer with a two-page bill', () => {
  let dir = '';
  let session: PdfHarnessSession;
  let bytes: Uint8Array;

  beforeAll(async () => {
    // 30 lines: 20 on page 1, lines 21-30 and the totals on page 2 (see BILL_LINES_ON_FIRST_PAGE).
    [bytes, dir] = await Promise.all([renderBillPdf(bill({}, 30)), buildPdfHarness()]);
    const readBack = await readPdf(bytes);
    expect(readBack.pageCount).toBe(2);
    expect(readBack.pages[1]).toContain('Service line 25 bookkeeping');
    expect(readBack.pages[0]).not.toContain('Service line 25 ');
    session = await openPdfHarness(dir, { viewport: { width: 1200, height: 800 } });
    await showPdf(session.page, bytes, 'Invoice INV-004213');
    await painted(session.page, 1).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await session?.close();
    if (dir) removeHarness(dir);
  });

  it('paints page 1 with the bill number in its text layer, and reports the paint once', async () => {
    const { page } = session;
    expect(await inkShare(page, 1)).toBeGreaterThan(0.05);
    await pageBox(page, 1).locator('.textLayer').getByText('INV-004213').first().waitFor();
    expect(await page.getByTestId('pdf-page-count').textContent()).toBe('of 2');
    const events = await harnessEvents(page);
    expect(events).toHaveLength(1);
    expect(events[0]!.viewerMs).toBeGreaterThan(0);
    expect(session.problems).toEqual([]);
  });

  it('has not drawn page 2, which is out of sight, until it is needed', async () => {
    const { page } = session;
    await page.waitForTimeout(300);
    expect(await pageBox(page, 2).getAttribute('data-rendered')).toBe('false');
    expect(await pageBox(page, 2).locator('canvas').count()).toBe(0);
    expect(await pageBox(page, 2).locator('.textLayer').count()).toBe(0);
  });

  it('lets the text be selected like text (drag across a line)', async () => {
    const { page } = session;
    const span = pageBox(page, 1).locator('.textLayer span').filter({ hasText: 'Wattle Grove Cafe Pty Ltd' }).first();
    const box = (await span.boundingBox())!;
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('Wattle Grove Cafe Pty Ltd');
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
  });

  it('finds a phrase on page 2, says "1 of 1", goes there, draws page 2 and highlights the match', async () => {
    const { page } = session;
    await page.getByRole('searchbox', { name: 'Find in document' }).fill('service LINE 25');
    await status(page).getByText('1 of 1', { exact: true }).waitFor();
    await painted(page, 2).waitFor({ timeout: 10_000 });
    const selected = pageBox(page, 2).locator('.textLayer .highlight.selected');
    await selected.waitFor();
    expect(await selected.textContent()).toBe('Service line 25');
    await expect
      .poll(() =>
        selected.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await expect.poll(() => pageField(page).inputValue()).toBe('2');
    expect(await inkShare(page, 2)).toBeGreaterThan(0.01);
  });

  it('steps through many matches with Enter and Shift+Enter, and clears with Escape', async () => {
    const { page } = session;
    const search = page.getByRole('searchbox', { name: 'Find in document' });
    await search.fill('bookkeeping');
    await status(page)
      .getByText(/^\d+ of 30$/)
      .waitFor();
    const first = Number((await status(page).textContent())!.split(' ')[0]);
    await search.press('Enter');
    await status(page)
      .getByText(`${(first % 30) + 1} of 30`, { exact: true })
      .waitFor();
    await search.press('Shift+Enter');
    await status(page).getByText(`${first} of 30`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next match' }).click();
    await status(page)
      .getByText(`${(first % 30) + 1} of 30`, { exact: true })
      .waitFor();
    expect(await page.locator('.textLayer .highlight.selected').count()).toBe(1);
    await search.fill('no such words');
    await status(page).getByText('No matches', { exact: true }).waitFor();
    expect(await page.locator('.textLayer .highlight').count()).toBe(0);
    await search.fill('bookkeeping');
    await status(page)
      .getByText(/of 30$/)
      .waitFor();
    await search.press('Escape');
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => page.locator('.textLayer .highlight').count()).toBe(0);
  });

  it('navigates by buttons, the page number field and PageUp/PageDown/Home/End', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => pageField(page).inputValue()).toBe('1');
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pageField(page).inputValue()).toBe('2');
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    await pageField(page).fill('1');
    await pageField(page).press('Enter');
    await expect.poll(() => page.getByTestId('pdf-pages').evaluate((el) => el.scrollTop)).toBeLessThan(50);
    await pageField(page).fill('9');
    await pageField(page).press('Enter');
    expect(await pageField(page).inputValue()).toBe('1');

    await page.getByTestId('pdf-pages').focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => pageField(page).inputValue()).toBe('2');
    await page.keyboard.press('PageUp');
    await expect.poll(() => pageField(page).inputValue()).toBe('1');
    await page.keyboard.press('End');
    await expect.poll(() => pageField(page).inputValue()).toBe('2');
    await page.keyboard.press('Home');
    await expect.poll(() => pageField(page).inputValue()).toBe('1');
  });

  it('zooms in and out, returns to fit width, and redraws at the new size', async () => {
    const { page } = session;
    const zoomText = page.locator('.pdf-viewer__zoom');
    const widthOf = () => pageBox(page, 1).evaluate((el) => el.getBoundingClientRect().width);
    const canvasWidth = () =>
      pageBox(page, 1)
        .locator('canvas')
        .evaluate((c: HTMLCanvasElement) => c.width);
    const fit = (await zoomText.textContent())!;
    const fitWidth = await widthOf();
    const fitCanvas = await canvasWidth();

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoomText.textContent()).not.toBe(fit);
    expect(await widthOf()).toBeGreaterThan(fitWidth);
    await expect.poll(canvasWidth).toBeGreaterThan(fitCanvas);
    expect(await page.getByRole('button', { name: 'Fit width' }).getAttribute('aria-pressed')).toBe('false');

    await page.getByTestId('pdf-pages').focus();
    await page.keyboard.press('Control+0');
    await expect.poll(() => zoomText.textContent()).toBe(fit);
    await page.keyboard.press('Control+-');
    await expect.poll(widthOf).toBeLessThan(fitWidth);
    await page.getByRole('button', { name: 'Fit width' }).click();
    await expect.poll(widthOf).toBe(fitWidth);
    await expect.poll(canvasWidth).toBe(fitCanvas);

    // A burst of zoom changes: each cancels the render before it; only the last one lands, silently.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Control+=');
    await page.keyboard.press('Control+0');
    await expect.poll(() => zoomText.textContent()).toBe(fit);
    await expect.poll(canvasWidth).toBe(fitCanvas);
    await page.waitForTimeout(300);
    expect(session.problems).toEqual([]);
  });

  it('is operable by keyboard with visible focus and labelled controls', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Zoom out' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return {
        label: el.getAttribute('aria-label'),
        outline: style.outlineStyle,
        visible: el.matches(':focus-visible'),
      };
    });
    expect(focused).toEqual({ label: 'Zoom in', outline: 'solid', visible: true });
    await page.keyboard.press('Control+f');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Find in document');
    for (const name of [
      'Previous page',
      'Next page',
      'Zoom out',
      'Zoom in',
      'Fit width',
      'Previous match',
      'Next match',
    ]) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByRole('region', { name: 'PDF: Invoice INV-004213' }).count()).toBe(1);
  });

  it("runs pdf.js's worker under the production CSP: it may not compile WebAssembly (so pdf.js is told not to)", async () => {
    const { page } = session;
    const [worker] = page.workers();
    expect(page.workers()).toHaveLength(1);
    const outcome = await worker!.evaluate(async () => {
      try {
        await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
        return 'compiled';
      } catch (error) {
        return String(error);
      }
    });
    expect(outcome).toMatch(/Content Security polic/i);
    // The worker's violation reached the problem watcher (so a violation by pdf.js would fail these tests)…
    await expect.poll(() => session.problems.some((p) => p.startsWith('CSP violation in worker'))).toBe(true);
    session.problems.length = 0;
    // …and pdf.js itself never tried: everything it did before this probe left no violation.
    await expectResponsive(page);
  });

  it('says the viewer cannot start when its worker cannot load, without falling back to the main thread', async () => {
    const broken = await openPdfHarness(dir, { browser: session.browser });
    try {
      let workerRequests = 0;
      await broken.page.route(/pdf\.worker\.min-[^/]*\.mjs$/, (route) => {
        workerRequests++;
        return route.fulfill({ status: 404, body: 'gone' });
      });
      await showPdf(broken.page, bytes, 'Invoice INV-004213');
      const notice = broken.page.locator('[data-testid="pdf-problem"][data-problem="viewer-unavailable"]');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.getByRole('alert').textContent()).toContain(pdfProblem('viewer-unavailable').message);
      expect(workerRequests).toBe(1);
      expect(await broken.page.evaluate(() => 'pdfjsWorker' in globalThis)).toBe(false);
      expect(await broken.page.locator('.pdf-page').count()).toBe(0);
      // The 404 itself is logged by Chromium; nothing else may be.
      expect(realProblems(broken.problems)).toEqual([]);
      await expectResponsive(broken.page);
    } finally {
      await broken.close();
    }
  });

  it('opens at a given page, and leaves no errors behind when closed', async () => {
    const { page } = session;
    await showPdf(page, bytes.slice(), 'Invoice INV-004213 (again)', 2);
    await painted(page, 2).waitFor({ timeout: 20_000 });
    await expect.poll(() => pageField(page).inputValue()).toBe('2');
    expect(session.problems).toEqual([]);
  });
});
