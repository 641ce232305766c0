import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ connectDemo: true });
  ({ server, page, problems } = app);
  await page
    .getByTestId('status-practice')
    .getByText(/last synced/)
    .waitFor({ timeout: 60_000 });
}, 90_000);
afterAll(async () => {
  await app?.close();
});

/** A client with what a meeting needs: a bill with a PDF in the synced year, a statement and a completed ID check. */
function typicalClient() {
  const state = app.demo().runtime.practices[0]!;
  const yearAgo = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
  for (const entity of state.entities.values()) {
    if (entity.entityTerminated) continue;
    const bills = [...state.bills.values()]
      .filter((b) => b.entityKey === entity.entityKey && b.statusName !== 'Draft' && b.billDate >= yearAgo)
      .sort((a, b) => b.billDate.localeCompare(a.billDate));
    const statements = [...state.statements.values()]
      .filter((s) => s.entityKey === entity.entityKey)
      .sort((a, b) => b.statementDate.localeCompare(a.statementDate));
    const verified = (state.idVerifications.get(entity.entityKey) ?? []).some((v) => v.result === 'verified');
    if (bills.length >= 2 && statements.length >= 1 && verified)
      return { entity, latestBill: bills[0]!, otherBill: bills[1]!, statement: statements[0]! };
  }
  throw new Error('The demo has no client with bills, statements and a completed verification.');
}

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** The viewer painted page 1 (a non-blank canvas) and its text layer holds the text. */
async function expectPdfShows(text: string): Promise<void> {
  const pages = page.getByTestId('pdf-pages');
  await pages.getByText(text, { exact: false }).first().waitFor({ timeout: 20_000 });
  const painted = await page
    .locator('.pdf-page canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let ink = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 200) ink++;
      return ink;
    });
  expect(painted).toBeGreaterThan(100);
}

describe('meeting pack → network cut → every screen and document of the client opens', () => {
  it('prepares a pack for a client: estimate and ETA shown, then complete', async () => {
    const { entity } = typicalClient();
    await go(`/clients/${entity.entityKey}`);
    await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor();
    // Before its tabs were looked at, the client's lists are unknown: the estimate says "About".
    await page
      .getByTestId('pack-estimate')
      .getByText(/^About \d+ requests/)
      .waitFor({ timeout: 20_000 });
    // Each tab reads its list on demand when opened online; then the estimate is exact.
    for (const [tab, part] of [
      ['Billing', 'bills'],
      ['Statements', 'statements'],
      ['Proposals', 'proposals'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page
        .getByTestId(`freshness-${part}`)
        .getByText(/as read from the practice/)
        .waitFor({ timeout: 20_000 });
    }
    await page.getByRole('tab', { name: 'Identity' }).click();
    await page
      .getByTestId('identity-status')
      .getByText(/Verified|Not verified/)
      .first()
      .waitFor({ timeout: 20_000 });
    await page
      .getByTestId('pack-estimate')
      .getByText(/^\d+ requests, ready in/)
      .waitFor({ timeout: 20_000 });
    const estimated = Number((await page.getByTestId('pack-estimate').textContent())!.match(/(\d+) requests/)![1]);
    const before = app.demo().runtime.requestLog.length;
    await page.getByRole('button', { name: 'Prepare for meeting' }).click();
    await page.getByTestId('pack-state').getByText('Ready offline').waitFor({ timeout: 90_000 });
    const sent = app.demo().runtime.requestLog.length - before;
    // The estimate is within 10% of what the pack really sent (counted on the server).
    expect(Math.abs(sent - estimated) / sent).toBeLessThanOrEqual(0.1);
  }, 120_000);

  it('with the network cut, the latest bill PDF opens with page 1 painted and the bill number in its text layer', async () => {
    const { entity, latestBill } = typicalClient();
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 20_000 });
    await go(`/clients/${entity.entityKey}?tab=billing`);
    const row = page.getByTestId('bill-row').filter({ hasText: latestBill.billNumber });
    await row.getByRole('link', { name: 'Open PDF' }).click();
    await expectPdfShows(latestBill.billNumber);
    // The bill's lines and payments are there too.
    await go(`/clients/${entity.entityKey}?tab=billing`);
    await page
      .getByTestId('bill-row')
      .filter({ hasText: latestBill.billNumber })
      .getByRole('button', { name: 'Details' })
      .click();
    await page.getByTestId('bill-detail').getByRole('table').waitFor();
  }, 60_000);

  it('offline: the statement and the identity certificate open likewise; proposals show their pricing', async () => {
    const { entity, statement } = typicalClient();
    await go(`/clients/${entity.entityKey}?tab=statements`);
    await page
      .getByTestId('statement-row')
      .filter({ hasText: statement.statementNumber })
      .getByRole('link', { name: 'Open PDF' })
      .click();
    await expectPdfShows(statement.statementNumber);

    await go(`/clients/${entity.entityKey}?tab=identity`);
    await page.getByTestId('identity-status').getByText('Verified').waitFor();
    await page.getByRole('link', { name: 'Open certificate' }).click();
    await expectPdfShows(entity.fullEntityName);

    await go(`/clients/${entity.entityKey}?tab=proposals`);
    const proposals = app.demo().runtime.practices[0]!;
    const hasProposal = [...proposals.proposals.values()].some((p) => p.entityKey === entity.entityKey);
    if (hasProposal) {
      await page.getByTestId('proposal-row').first().getByRole('button', { name: 'Pricing' }).click();
      await page.getByTestId('proposal-pricing').getByTestId('proposal-services-total').waitFor();
    } else {
      await page.getByText(/^The practice has no proposals for this client/).waitFor();
    }
  }, 60_000);

  it('offline: a document never downloaded says so plainly and can be queued; it downloads once back online', async () => {
    const state = app.demo().runtime.practices[0]!;
    const { entity } = typicalClient();
    // A bill of another client: in the synced list, but its PDF was never fetched.
    const other = [...state.bills.values()].find(
      (b) =>
        b.entityKey !== entity.entityKey &&
        b.statusName === 'Paid' &&
        b.billDate >= new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10),
    )!;
    await go(`/documents/bill/${other.billingId}?entity=${other.entityKey}`);
    await page
      .getByTestId('document-problem')
      .getByText(/not on this laptop|no connection/i)
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Download when online' }).click();
    await page.getByTestId('document-queued').waitFor();
    await setNetwork(server, true);
    await page.getByTestId('online-indicator').getByText('Online').waitFor({ timeout: 30_000 });
    await expectPdfShows(other.billNumber);
    expect(realProblems(problems)).toEqual([]);
  }, 60_000);
});
