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

const state = () => app.demo().runtime.practices[0]!;

/** Clients with a proposal that can be renewed, smallest first (a pack of few items is quick to fetch). */
function renewableClients() {
  const s = state();
  const size = (entityKey: string) =>
    [...s.bills.values()].filter((b) => b.entityKey === entityKey).length +
    [...s.statements.values()].filter((st) => st.entityKey === entityKey).length;
  return [...s.entities.values()]
    .filter((e) => !e.entityTerminated)
    .flatMap((entity) => {
      const proposal = [...s.proposals.values()].find(
        (p) => p.entityKey === entity.entityKey && p.statusName !== 'Renewed',
      );
      return proposal ? [{ entity, proposal, size: size(entity.entityKey) }] : [];
    })
    .sort((a, b) => a.size - b.size);
}

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** Opens a client online, reads its proposal list, and notes the estimate shown before preparing. */
async function openAndReadEstimate(entity: { entityKey: string; fullEntityName: string }): Promise<number> {
  await go(`/clients/${entity.entityKey}?tab=proposals`);
  await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor();
  await page
    .getByTestId('freshness-proposals')
    .getByText(/as read from the practice/)
    .waitFor({ timeout: 20_000 });
  const estimate = page.getByTestId('pack-estimate');
  await estimate.getByText(/\d+ requests/).waitFor({ timeout: 20_000 });
  return Number((await estimate.textContent())!.match(/(\d+) requests/)![1]);
}

/** Samples the progress line while the pack is fetched: every "N of M items" total seen. */
function watchTotals(): { totals: Set<number>; stop(): void } {
  const totals = new Set<number>();
  let running = true;
  void (async () => {
    while (running) {
      const text = await page
        .getByTestId('pack-progress')
        .textContent({ timeout: 1_000 })
        .catch(() => null);
      const m = text?.match(/(\d+) of (\d+) items/);
      if (m) totals.add(Number(m[2]));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    totals,
    stop: () => {
      running = false;
    },
  };
}

describe('a meeting pack holds every read an offline action needs, and says what it lacks', () => {
  it('prepared online, then offline: Renew opens with the renewal preview from the pack', async () => {
    const { entity, proposal } = renewableClients()[0]!;
    const shown = await openAndReadEstimate(entity);
    const watch = watchTotals();
    await page.getByRole('button', { name: 'Prepare for meeting' }).click();
    await page.getByTestId('pack-state').getByText('Ready offline').waitFor({ timeout: 90_000 });
    watch.stop();
    // One total for the items, from the plan: it never jumps while the pack is fetched.
    expect(watch.totals.size).toBe(1);
    await page.getByTestId('pack-details-toggle').click();
    // The pack keeps the estimate that was shown before it started.
    await page.getByTestId('pack-details').getByText(`(estimated ${shown})`).waitFor();

    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 20_000 });
    await go(`/clients/${entity.entityKey}?tab=proposals`);
    const row = page.getByTestId('proposal-row').filter({ hasText: proposal.name }).first();
    await row.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('renew-preview').waitFor({ timeout: 10_000 });
    expect(await dialog.getByText(/renewal preview is not on this laptop/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 150_000);

  it('a read the practice refuses: the pack details name the item and the reason', async () => {
    await setNetwork(server, true);
    await page.getByTestId('online-indicator').getByText('Online').waitFor({ timeout: 30_000 });
    const { entity, proposal } = renewableClients()[1]!;
    await openAndReadEstimate(entity);
    app.demo().runtime.faultQueue.add({
      match: { method: 'GET', path: new RegExp(`/proposals/${proposal.proposalKey}/renew-preview$`) },
      fault: 'status-after-apply',
      status: 400,
    });
    await page.getByRole('button', { name: 'Prepare for meeting' }).click();
    await page.getByTestId('pack-state').getByText('Incomplete').waitFor({ timeout: 90_000 });
    await page
      .getByTestId('pack-progress')
      .getByText(/1 not fetched/)
      .waitFor();
    // The disclosure may still be open from the client before.
    const toggle = page.getByTestId('pack-details-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const missing = page.getByTestId('pack-missing');
    expect(await missing.count()).toBe(1);
    const line = (await missing.textContent())!;
    expect(line.startsWith(`Renewal preview of “${proposal.name}”: `)).toBe(true);
    // A reason in words follows the item's name.
    expect(line.slice(`Renewal preview of “${proposal.name}”: `.length).trim().length).toBeGreaterThan(10);

    // Retry what failed: the practice answers this time and the pack is whole.
    await page.getByRole('button', { name: 'Retry what failed' }).click();
    await page.getByTestId('pack-state').getByText('Ready offline').waitFor({ timeout: 60_000 });
    expect(realProblems(problems)).toEqual([]);
  }, 150_000);
});
