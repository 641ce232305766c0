import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenList } from '../../src-preload/contract/screens';
import { exploreDemoIn, openApp, type AppUnderTest } from './support/app-under-test';
import { dialogActionProblems, fitProblems } from './support/fit-check';
import { untilStill } from './support/until-still';

/*
 * The smallest common laptop windows at 100 % zoom, and a common large one: on every screen, a client's every
 * tab and the dialogs that carry money, no amount and no action is cut or off the window, and a dialog's
 * action is on screen as it opens (its body scrolls, its action row stays). See fit-check.ts for the rule.
 */
const WINDOWS = [
  { width: 1024, height: 700, region: 'ANZ', scheme: 'light' },
  { width: 1280, height: 720, region: 'ANZ', scheme: 'light' },
  { width: 1440, height: 900, region: 'ANZ', scheme: 'light' },
  // South Africa's money reads widest ("R 12 345,67"; the UK's "£" is as wide as "$"), and dark mode has its
  // own borders and paddings.
  { width: 1024, height: 700, region: 'ZA', scheme: 'dark' },
] as const;

describe.each(WINDOWS)('at $width×$height, $region, $scheme', ({ width, height, region, scheme }) => {
  let app: AppUnderTest;
  let page: Page;

  beforeAll(async () => {
    app = await openApp({ viewport: { width, height }, connectDemo: region === 'ANZ' });
    ({ page } = app);
    await page.emulateMedia({ colorScheme: scheme });
    if (region !== 'ANZ') await exploreDemoIn(page, region);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const go = (hash: string) =>
    page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
  const dialog = () => page.getByRole('dialog');

  async function settled(): Promise<void> {
    await page.locator('main h1').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => ![...document.querySelectorAll('[role="status"]')].some((s) => /^Loading\b/.test(s.textContent ?? '')),
      undefined,
      { timeout: 20_000 },
    );
    await untilStill(page);
  }

  /**
   * A client with bills, a statement and a draft proposal with services: every tab has money. Of those, the
   * one whose draft has the longest service name, which the Edit services dialog must show whole.
   */
  function typicalClient() {
    const state = app.demo().runtime.practices.find((p) => p.profile.region === region)!;
    const longest = (services: readonly { serviceName: string }[]) =>
      Math.max(...services.map((l) => l.serviceName.length));
    let best: { key: string; draft: { name: string; pricing: { services: { serviceName: string }[] } } } | undefined;
    for (const entity of state.entities.values()) {
      if (entity.entityTerminated) continue;
      const key = entity.entityKey;
      const proposals = [...state.proposals.values()].filter((p) => p.entityKey === key);
      const bills = [...state.bills.values()].filter((b) => b.entityKey === key && b.statusName !== 'Draft');
      const statements = [...state.statements.values()].filter((s) => s.entityKey === key);
      // A draft where the region's demo has one with services; else any proposal still open to edits.
      const draft =
        proposals.find((p) => p.statusName === 'Draft' && p.pricing.services.length >= 1) ??
        proposals.find((p) => p.statusName !== 'Renewed' && p.pricing.services.length >= 1);
      if (bills.length < 2 || statements.length < 1 || !draft) continue;
      if (!best || longest(draft.pricing.services) > longest(best.draft.pricing.services)) best = { key, draft };
    }
    if (!best) throw new Error('The demo has no client with bills, statements and a draft proposal with services.');
    return best;
  }

  it('every screen: money and actions whole and inside the window', { timeout: 120_000 }, async () => {
    const seen: Record<string, string[]> = {};
    for (const screen of screenList) {
      await go(`/${screen.path}`);
      await settled();
      seen[screen.path] = await fitProblems(page);
    }
    expect(seen).toEqual(Object.fromEntries(screenList.map((s) => [s.path, []])));
  });

  it("every tab of a client's page", { timeout: 120_000 }, async () => {
    const { key } = typicalClient();
    const seen: Record<string, string[]> = {};
    const tabs = ['overview', 'billing', 'statements', 'proposals', 'identity', 'contacts', 'onboardings'];
    for (const tab of tabs) {
      await go(`/clients/${key}?tab=${tab}`);
      await settled();
      const trigger = page.getByRole('tab', { name: new RegExp(`^${tab}`, 'i') });
      if ((await trigger.count()) === 0) continue;
      await trigger.first().click();
      // The lists a tab reads on opening arrive after its heading: settled() waits for them too.
      await settled();
      seen[tab] = await fitProblems(page);
      if (tab === 'billing') {
        // A bill opened: its lines (quantity × price), payments and the PDF link.
        await page.getByTestId('bill-row').first().getByRole('button', { name: 'Details' }).click();
        await untilStill(page);
        seen['billing, a bill open'] = await fitProblems(page);
      }
    }
    expect(Object.keys(seen).length).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((t) => [t, []])));
  });

  async function dialogFits(open: () => Promise<void>, action: string) {
    await open();
    await dialog().waitFor();
    // Its opening animation (a transform) is over before anything is measured; then what it reads has arrived.
    await page.waitForTimeout(300);
    await untilStill(page);
    const problems = [...(await dialogActionProblems(page, action)), ...(await fitProblems(page))];
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    return problems;
  }

  it(
    'the dialogs that carry money keep their action on screen and their amounts whole',
    { timeout: 120_000 },
    async () => {
      const { key, draft } = typicalClient();
      const clientPage = async (tab = 'overview') => {
        await go(`/clients/${key}?tab=${tab}`);
        await settled();
      };
      const seen: Record<string, string[]> = {};
      seen['eForm, custom'] = await dialogFits(async () => {
        await clientPage();
        await page.getByRole('button', { name: 'Send eForm' }).click();
        await page.getByRole('radio', { name: 'Custom form' }).click();
      }, 'Queue to send');
      seen['Create bill'] = await dialogFits(async () => {
        await clientPage();
        await page.getByRole('button', { name: 'Create bill' }).click();
      }, 'Queue bill');
      seen['Edit services'] = await dialogFits(async () => {
        await clientPage('proposals');
        const row = page.getByTestId('proposal-row').filter({ hasText: draft.name }).first();
        await row.getByRole('button', { name: 'Pricing' }).click();
        await row.getByTestId('proposal-pricing').waitFor({ timeout: 30_000 });
        await row.getByRole('button', { name: 'Edit services' }).click();
      }, 'Queue new services');
      expect(seen).toEqual({ 'eForm, custom': [], 'Create bill': [], 'Edit services': [] });
    },
  );
});
