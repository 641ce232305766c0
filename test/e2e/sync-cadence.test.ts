import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ connectDemo: true });
  ({ page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

/** The page as the browser shows a minimised window or a background tab: hidden, told by `visibilitychange`. */
async function setPageHidden(hidden: boolean): Promise<void> {
  await page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hide ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

describe('Settings → Sync: how often this laptop syncs, and what it costs the practice', () => {
  it('says the cadence, where it stands, and the Client ID’s shared use', async () => {
    await page.keyboard.press('Control+6');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect(page.getByTestId('sync-cadence-rule').textContent()).resolves.toBe(
      'Every 5 minutes while you work, hourly when the window is hidden or you are away; nothing while the laptop sleeps.',
    );
    await page.getByTestId('sync-cadence-now').getByText('Now: every 5 minutes — you are working').waitFor();

    await page.getByTestId('budget-share').waitFor({ timeout: 15_000 });
    const share = (await page.getByTestId('budget-share').textContent())!;
    const used = share.match(
      /^This Client ID allows 1,000 requests an hour: this laptop used ([\d,]+) in the last hour, (?:others sharing it about ([\d,]+)|and no other use of it has been seen)\. At this cadence it carries about ([\d,]+) laptops?\./,
    );
    expect(used, share).not.toBeNull();
    const thisLaptop = Number(used![1]!.replace(/,/g, ''));
    expect(thisLaptop).toBeGreaterThan(0); // the first import's requests
    expect(Number(used![3]!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(share).toMatch(/limits/); // says whose limits they are
    await expect(page.getByTestId('sync-cadence-cost').textContent()).resolves.toMatch(
      /^This laptop's sync costs about [\d,]+ requests? an hour while you work, about [\d,]+ an hour while you are away\.$/,
    );
    // The budget panel: this laptop's use and the whole Client ID's.
    await expect(page.getByTestId('budget-usage').textContent()).resolves.toMatch(
      /^Used in the last hour: [\d,]+ by this laptop, about [\d,]+ by the whole Client ID\.$/,
    );
  });

  it('goes hourly while the window is hidden, and back to every 5 minutes when it shows again', async () => {
    await setPageHidden(true);
    await page.getByTestId('sync-cadence-now').getByText('Now: hourly — the window is hidden').waitFor();
    await setPageHidden(false);
    await page.getByTestId('sync-cadence-now').getByText('Now: every 5 minutes — you are working').waitFor();
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
