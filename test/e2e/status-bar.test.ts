import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';

let app: AppUnderTest;
let page: Page;
beforeAll(async () => {
  app = await openApp();
  page = app.page;
}, 90_000);
afterAll(() => app?.close());

const indicator = () => page.getByTestId('online-indicator');
const statusPractice = () => page.getByTestId('status-practice');

describe('the status bar tells the truth', () => {
  it('with no practice connected it speaks of the network only, never "Online"', async () => {
    await statusPractice().getByText('No practice connected').waitFor();
    await indicator().getByText('Network connected').waitFor();
    expect(await indicator().textContent()).not.toMatch(/Online/);
    // Nothing to be offline from: no banner.
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
  });

  it('offline is a banner, said once to screen readers; the last sync time is the one Settings gives, updated live', async () => {
    await page.getByRole('button', { name: 'Explore the demo practice' }).click();
    await statusPractice()
      .getByText(/last synced/)
      .waitFor({ timeout: 60_000 });
    await indicator().getByText('Online').waitFor();
    // The words show only the minute; the <time> beside them carries the instant.
    const syncedAt = () => statusPractice().locator('time').getAttribute('datetime');
    const importFinishedAt = (await syncedAt())!;
    expect(Date.parse(importFinishedAt)).not.toBeNaN();
    // The reconnect's sync below need not wait for the import's minute of the request budget.
    app.aMinutePasses();

    await setNetwork(app.server, false);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toMatch(/^You are offline\. Everything on this laptop still works/);
    // One live region says it: the banner's. The corner indicator is not a second one.
    const liveTexts = await page
      .locator('[aria-live], [role="status"], [role="alert"]')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? '').filter((t) => /offline/i.test(t)));
    expect(liveTexts).toHaveLength(1);

    // Back online: the reconnect's sync runs, and the status bar says when it finished — as Settings does.
    await setNetwork(app.server, true);
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(syncedAt, { timeout: 60_000 }).not.toBe(importFinishedAt);
    await expect.poll(() => statusPractice().textContent(), { timeout: 60_000 }).toMatch(/last synced/);
    const reconnectFinishedAt = (await syncedAt())!;
    expect(Date.parse(reconnectFinishedAt)).toBeGreaterThan(Date.parse(importFinishedAt));
    // The words are that instant's time of day (with its date, as the region writes them).
    const at = new Date(reconnectFinishedAt);
    const clock = `${at.getHours() % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')}`;
    const shown = (await statusPractice().textContent())!.replace(/^.*last synced /, '');
    expect(shown, reconnectFinishedAt).toContain(clock);
    await page.getByRole('link', { name: /^Settings/ }).click();
    const summary = page.getByTestId('sync-summary');
    await expect
      .poll(() => summary.textContent(), { timeout: 30_000 })
      .toMatch(/Last sync finished (just now|\d+ (second|minute)s? ago)/);
    // Settings speaks of the very same sync.
    expect(await summary.locator('time').getAttribute('datetime')).toBe(reconnectFinishedAt);
    expect(realProblems(app.problems)).toEqual([]);
  }, 240_000);
});
