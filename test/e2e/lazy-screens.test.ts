import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

/*
 * Every screen but Clients is its own chunk (test/integration/start-bundle checks the build). Here: the window
 * fetches them once idle after the first paint, so a shortcut switches at once, with no "Loading …" shown.
 */
let app: AppUnderTest;
let page: Page;

beforeAll(async () => {
  app = await openApp();
  ({ page } = app);
});
afterAll(async () => {
  await app?.close();
});

const SCREEN_CHUNKS = [
  'OnboardingsScreen',
  'LeadsScreen',
  'BillingScreen',
  'DebtorsScreen',
  'DocumentsScreen',
  'OutboxScreen',
  'SettingsScreen',
  'ClientDetailScreen',
  'OnboardingDetailScreen',
  'LeadDetailScreen',
  'DocumentScreen',
];

const fetchedChunks = () =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(entry.name)?.[1])
      .filter((name): name is string => Boolean(name)),
  );

describe('screens loaded on demand', () => {
  it('fetches every other screen once the window is idle after the first paint', async () => {
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect.poll(fetchedChunks, { timeout: 15_000 }).toEqual(expect.arrayContaining(SCREEN_CHUNKS));
  });

  it('switches screens by shortcut at once: no loading notice is ever shown', async () => {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]'))
          if (/^Loading\b/.test(status.textContent ?? '')) seen.push(status.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    for (const [key, title] of [
      ['6', 'Settings'],
      ['5', 'Outbox'],
      ['3', 'Billing'],
      ['2', 'Onboardings'],
    ] as const) {
      await page.keyboard.press(`Control+${key}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    }
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
    expect(realProblems(app.problems), app.problems.join('\n')).toEqual([]);
  });
});
