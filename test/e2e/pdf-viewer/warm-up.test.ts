import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBillPdf } from '../../../src-main/demo-practice/pdf/render-bill-pdf';
import { bill } from '../../unit/demo-practice/pdf/pdf-fixtures';
import { launchChromium } from '../support/chromium';
import { realProblems } from '../support/page-problems';
import {
  buildPdfHarness,
  expectResponsive,
  harnessEvents,
  openPdfHarness,
  removeHarness,
  showPdf,
} from '../support/pdf-harness';
import type { PdfHarness } from './harness/harness';

/**
 * The viewer's warm-up (the one the app runs when idle after its first paint) in Chromium under the
 * production CSP: it readies the worker and pdf.js without showing anything, the first document then
 * uses that same worker, and a warm-up that cannot work changes nothing.
 */

type Browser = Awaited<ReturnType<typeof launchChromium>>;
const warmUp = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __pdfHarness: PdfHarness }).__pdfHarness.warmUp());
const painted = (page: Page, n: number) => page.locator(`.pdf-page[data-page-number="${n}"][data-rendered="true"]`);

describe("the PDF viewer's warm-up", () => {
  let dir = '';
  let browser: Browser;
  let bytes: Uint8Array;

  beforeAll(async () => {
    [bytes, dir] = await Promise.all([renderBillPdf(bill({}, 30)), buildPdfHarness()]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) removeHarness(dir);
  });

  it('readies the worker without showing anything; the first bill then opens on that same worker, drawn at its shown size', async () => {
    const session = await openPdfHarness(dir, { browser, viewport: { width: 1200, height: 800 } });
    try {
      const { page } = session;
      expect(page.workers()).toHaveLength(0);
      // Counts glyphs drawn on any canvas: the warm-up really draws its document, off screen.
      await page.evaluate(() => {
        const proto = CanvasRenderingContext2D.prototype;
        const fillText = proto.fillText;
        const counter = globalThis as unknown as { glyphsDrawn: number };
        counter.glyphsDrawn = 0;
        proto.fillText = function (...args: Parameters<typeof fillText>) {
          counter.glyphsDrawn++;
          return fillText.apply(this, args);
        };
      });
      expect(await warmUp(page)).toBeGreaterThanOrEqual(0);
      expect(await page.evaluate(() => (globalThis as unknown as { glyphsDrawn: number }).glyphsDrawn)).toBeGreaterThan(
        0,
      );
      expect(page.workers()).toHaveLength(1);
      expect(await page.locator('.pdf-page, canvas, .textLayer').count()).toBe(0);
      expect(await harnessEvents(page)).toEqual([]);

      await showPdf(page, bytes, 'Invoice INV-004213');
      await painted(page, 1).waitFor({ timeout: 20_000 });
      await page.locator('.pdf-page[data-page-number="1"] .textLayer').getByText('INV-004213').first().waitFor();
      expect(page.workers()).toHaveLength(1);
      // The first page's canvas has the pixels of the box it is shown in (not a larger render scaled down).
      const sizes = await page.locator('.pdf-page[data-page-number="1"]').evaluate((box) => {
        const canvas = box.querySelector('canvas')!;
        return { box: box.getBoundingClientRect().width * devicePixelRatio, canvas: canvas.width };
      });
      expect(Math.abs(sizes.canvas - sizes.box)).toBeLessThanOrEqual(1);
      expect(session.problems).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('is harmless when the worker cannot load: it says so quietly, and the page stays usable', async () => {
    const session = await openPdfHarness(dir, { browser });
    try {
      const { page } = session;
      await page.route(/pdf\.worker\.min-[^/]*\.mjs$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
      expect(await warmUp(page)).toBe(-1);
      // The 404 itself is logged by Chromium; nothing else may be.
      expect(realProblems(session.problems)).toEqual([]);
      await expectResponsive(page);
      // The worker can load again: the first document tries afresh and opens.
      await page.unroute(/pdf\.worker\.min-[^/]*\.mjs$/);
      await showPdf(page, bytes, 'Invoice INV-004213');
      await painted(page, 1).waitFor({ timeout: 20_000 });
    } finally {
      await session.close();
    }
  });
});
