import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfProblem } from '../../../src-renderer/pdf-viewer/pdf-problem';
import {
  ENCRYPTED_PASSWORD,
  PAYLOAD_FLAG,
  buildHostileCorpus,
  type CorpusFile,
} from '../../support/hostile-pdfs/corpus';
import { buildResourceCorpus, type ResourceCorpusFile } from '../../support/hostile-pdfs/resource-corpus';
import {
  buildPdfHarness,
  closePdf,
  expectResponsive,
  harnessEvents,
  openPdfHarness,
  removeHarness,
  showPdf,
  type PdfHarnessSession,
} from '../support/pdf-harness';

/**
 * The hostile-PDF corpus (test/support/hostile-pdfs/) through the real viewer: real pdf.js, its real
 * worker, the production CSP (header and meta, also enforced inside the worker), in Chromium.
 */

const payloadRan = (page: Page) =>
  page.evaluate((flag) => (globalThis as Record<string, unknown>)[flag] !== undefined, PAYLOAD_FLAG);
const problemNotice = (page: Page, kind: string) => page.locator(`[data-testid="pdf-problem"][data-problem="${kind}"]`);

/** The file's expected outcome: its problem as a plain-language alert and no page, or page 1 (only) with its text and no problem. */
async function expectOutcome(
  page: Page,
  id: number,
  expected: CorpusFile['expect'] | ResourceCorpusFile['expect'],
  timeoutMs: number,
) {
  if (expected.kind === 'problem') {
    const notice = problemNotice(page, expected.problem);
    await notice.waitFor({ timeout: timeoutMs });
    await expect(notice.getByRole('alert').textContent()).resolves.toContain(pdfProblem(expected.problem).message);
    expect(await page.locator('.pdf-page').count()).toBe(0);
    expect((await harnessEvents(page)).filter((e) => e.id === id).map((e) => e.problem)).toEqual([expected.problem]);
    return;
  }
  const first = page.locator('.pdf-page[data-page-number="1"]');
  await first.and(page.locator('[data-rendered="true"]')).waitFor({ timeout: 20_000 });
  await first.locator('.textLayer').getByText(expected.text).waitFor({ timeout: 10_000 });
  expect(await page.locator('[data-testid="pdf-problem"]').count()).toBe(0);
}

describe('the PDF viewer against hostile PDFs', () => {
  let dir = '';
  let session: PdfHarnessSession;
  let corpus: CorpusFile[] = [];
  let resourceCorpus: ResourceCorpusFile[] = [];

  beforeAll(async () => {
    [corpus, resourceCorpus, dir] = await Promise.all([buildHostileCorpus(), buildResourceCorpus(), buildPdfHarness()]);
    session = await openPdfHarness(dir);
  });

  afterAll(async () => {
    await session?.close();
    if (dir) removeHarness(dir);
  });

  it.each([
    'empty.pdf',
    'random-bytes.pdf',
    'random-bytes-with-header.pdf',
    'truncated-bill.pdf',
    'html-not-pdf.pdf',
    'encrypted-rc4.pdf',
    'cve-2024-4367-fontmatrix.pdf',
    'postscript-function.pdf',
    'javascript-openaction.pdf',
  ])('%s: a clear outcome, no script, no CSP violation or page error, still responsive', async (name) => {
    const file = corpus.find((f) => f.name === name)!;
    expect(file, `${name} is in the corpus`).toBeDefined();
    const { page } = session;
    const id = await showPdf(page, file.bytes, file.name);

    await expectOutcome(page, id, file.expect, 20_000);

    // Give any payload a moment to run if it were going to (OpenAction, fonts drawn, text layer).
    await page.waitForTimeout(300);
    expect(await payloadRan(page)).toBe(false);
    expect(session.problems).toEqual([]);
    await expectResponsive(page);
  });

  it.each([
    'decompression-bomb.pdf',
    'page-count-claims-10-million.pdf',
    'page-count-50000.pdf',
    'jbig2-image.pdf',
    'jpx-image.pdf',
  ])('%s: page 1 or a plain refusal, without hanging or crashing the page', async (name) => {
    const file = resourceCorpus.find((f) => f.name === name)!;
    expect(file, `${name} is in the corpus`).toBeDefined();
    const { page } = session;
    const id = await showPdf(page, file.bytes, file.name);
    await expectOutcome(page, id, file.expect, 40_000);
    // A page tree that claims millions of pages lays out only the pages that are really there.
    if (file.expect.kind === 'renders') expect(await page.locator('.pdf-page').count()).toBe(1);
    expect(session.problems).toEqual([]);
    await expectResponsive(page);
  });

  it('asks for the password of an encrypted file, says when it is wrong, and opens it with the right one', async () => {
    const file = corpus.find((f) => f.name === 'encrypted-rc4.pdf')!;
    const { page } = session;
    await showPdf(page, file.bytes, 'Protected statement');
    await problemNotice(page, 'password-required').waitFor();
    const field = page.getByLabel('Password', { exact: true });
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await field.fill('not-the-password');
    await page.getByRole('button', { name: 'Open' }).click();
    await problemNotice(page, 'password-incorrect').waitFor();
    await page.getByRole('alert').getByText('That password is not right').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(ENCRYPTED_PASSWORD);
    await page.keyboard.press('Enter');
    await page
      .locator('.pdf-page[data-page-number="1"] .textLayer')
      .getByText('Encrypted test document')
      .waitFor({ timeout: 20_000 });
    expect(session.problems).toEqual([]);
  });

  it('moves on cleanly when files are swapped faster than they open, and when the viewer is closed mid-load', async () => {
    const { page } = session;
    for (const file of corpus) await showPdf(page, file.bytes, file.name);
    for (const file of corpus.slice(0, 4)) await showPdf(page, file.bytes, file.name);
    const last = corpus.find((f) => f.name === 'javascript-openaction.pdf')!;
    await showPdf(page, last.bytes, last.name);
    await page
      .locator('.pdf-page[data-page-number="1"] .textLayer')
      .getByText('This document carries JavaScript')
      .waitFor({ timeout: 20_000 });
    // Only the last file is on screen: no stale page or message from an earlier one.
    expect(await page.locator('[data-testid="pdf-problem"]').count()).toBe(0);
    expect(await page.locator('.pdf-page').count()).toBe(1);

    await showPdf(page, corpus.find((f) => f.name === 'cve-2024-4367-fontmatrix.pdf')!.bytes, 'closing mid-load');
    await closePdf(page);
    await page.waitForTimeout(500);
    expect(await page.locator('.pdf-viewer').count()).toBe(0);
    expect(await payloadRan(page)).toBe(false);
    expect(session.problems).toEqual([]);
    await expectResponsive(page);
  });

  it('covers the whole corpus', () => {
    expect(corpus.map((f) => f.name).sort()).toEqual(
      [
        'cve-2024-4367-fontmatrix.pdf',
        'empty.pdf',
        'encrypted-rc4.pdf',
        'html-not-pdf.pdf',
        'javascript-openaction.pdf',
        'postscript-function.pdf',
        'random-bytes-with-header.pdf',
        'random-bytes.pdf',
        'truncated-bill.pdf',
      ].sort(),
    );
  });

  it('used one pdf.js worker for every file and never parsed on the main thread', async () => {
    const { page } = session;
    expect(page.workers()).toHaveLength(1);
    // pdf.js's "fake worker" loads the worker module into the page and leaves this global behind.
    expect(await page.evaluate(() => 'pdfjsWorker' in globalThis)).toBe(false);
  });
});
