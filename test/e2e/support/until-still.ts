import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Until the page has stopped changing: nothing on it loading or reading (PartStatus's `data-state`), and the
 * same HTML 250 ms apart. What arrives late is then on the page to be checked, without a fixed sleep per page
 * (which is both slower and, under load, too short).
 */
export async function untilStill(page: Page, timeoutMs = 30_000): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const html = await page.evaluate(() => document.body.outerHTML);
        const still = html === last && !/data-state="(loading|reading)"/.test(html);
        last = html;
        return still;
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
}
