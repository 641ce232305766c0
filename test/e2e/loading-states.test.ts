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

/** What a screen must never say while a read is in flight or the data is on this laptop. */
const MISSING =
  /not on this laptop|have not been read|has not been read|No (statements|proposals|bills) on this laptop/i;

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

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/**
 * Records every text the page shows that calls something missing, from now on: a flash of a wrong
 * sentence between two renders is caught too, not only what is on screen when a step looks.
 */
async function watchForMissing(): Promise<void> {
  await page.evaluate((source) => {
    const pattern = new RegExp(source, 'i');
    const w = window as unknown as { missingSeen: string[]; missingObserver?: MutationObserver };
    w.missingObserver?.disconnect();
    w.missingSeen = [];
    const check = () => {
      const text = document.querySelector('main')?.textContent ?? document.body.textContent ?? '';
      const match = pattern.exec(text);
      if (match) w.missingSeen.push(text.slice(Math.max(0, match.index - 60), match.index + 80));
    };
    w.missingObserver = new MutationObserver(check);
    w.missingObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  }, MISSING.source);
}
const missingSeen = () => page.evaluate(() => (window as unknown as { missingSeen: string[] }).missingSeen);

/** Clients of the demo that have statements and proposals, in a stable order; each test takes unopened ones. */
function clientsWithLists() {
  const state = app.demo().runtime.practices[0]!;
  const statements = new Set([...state.statements.values()].map((s) => s.entityKey));
  const proposals = new Set([...state.proposals.values()].map((p) => p.entityKey));
  return [...state.entities.values()].filter(
    (e) => !e.entityTerminated && statements.has(e.entityKey) && proposals.has(e.entityKey),
  );
}

describe("a client's tabs: loading, present and truly absent", () => {
  it('online with a slow practice: each tab says it is reading, never that anything is missing, then shows what was read', async () => {
    const client = clientsWithLists()[0]!;
    const faults = app.demo().runtime.options.faults;
    faults.latencyMs = 1_500;
    try {
      // The overview reads nothing from the practice: the watch starts before any tab's read.
      await go(`/clients/${client.entityKey}`);
      await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
      await watchForMissing();
      for (const [tab, part] of [
        ['Statements', 'statements'],
        ['Proposals', 'proposals'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        // The read is slowed down: the tab says so while it runs.
        await page
          .getByTestId(`freshness-${part}`)
          .and(page.locator('[data-state="reading"]'))
          .getByText(`Reading ${part} from the practice…`)
          .waitFor({ timeout: 10_000 });
        await page
          .getByTestId(`freshness-${part}`)
          .getByText(/as read from the practice/)
          .waitFor({ timeout: 30_000 });
      }
      await page.getByRole('tab', { name: 'Identity' }).click();
      await page
        .getByTestId('identity-status')
        .getByText(/Verified|Not verified/)
        .first()
        .waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page
        .getByTestId('freshness-bills')
        .getByText(/as read from the practice|Bills of the last year/)
        .waitFor();
      expect(await missingSeen()).toEqual([]);
    } finally {
      faults.latencyMs = 0;
    }
  }, 90_000);

  it('offline, a stored proposal pricing shows at once after a restart: never "not on this laptop" first', async () => {
    const client = clientsWithLists()[0]!;
    // Opened online once (previous test): the pricing is read and stored.
    await go(`/clients/${client.entityKey}?tab=proposals`);
    const row = page.getByTestId('proposal-row').first();
    await row.getByRole('button', { name: 'Pricing' }).click();
    await page.getByTestId('proposal-pricing').getByTestId('proposal-services-total').waitFor({ timeout: 30_000 });

    await setNetwork(server, false);
    await app.reload();
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 30_000 });
    await watchForMissing();
    await go(`/clients/${client.entityKey}?tab=proposals`);
    await page.getByTestId('proposal-row').first().getByRole('button', { name: 'Pricing' }).click();
    await page.getByTestId('proposal-pricing').getByTestId('proposal-services-total').waitFor();
    for (const tab of ['Statements', 'Identity', 'Billing']) await page.getByRole('tab', { name: tab }).click();
    await page.getByTestId('freshness-bills').waitFor();
    expect(await missingSeen()).toEqual([]);
  }, 150_000);

  it('offline, a client never opened says its lists are not on this laptop, and what would bring them', async () => {
    const client = clientsWithLists()[1]!;
    await go(`/clients/${client.entityKey}?tab=statements`);
    await page
      .getByTestId('freshness-statements')
      .and(page.locator('[data-state="absent-offline"]'))
      .getByText(
        'Statements are not on this laptop yet: they are read when this client is opened online, or come with a meeting pack.',
      )
      .waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Proposals' }).click();
    await page
      .getByTestId('freshness-proposals')
      .getByText(/^Proposals are not on this laptop yet/)
      .waitFor();
    await page.getByRole('tab', { name: 'Identity' }).click();
    await page
      .getByTestId('freshness-identity')
      .getByText(/^The identity status is not on this laptop yet: it is read when this client is opened online/)
      .waitFor();
    await setNetwork(server, true);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 60_000);
});
