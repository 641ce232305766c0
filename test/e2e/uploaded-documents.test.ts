import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';
import { clientWithUploads, expectBankStatementOpens, expectPhotoIdShows } from './support/uploaded-documents';

// In a meeting, offline: "we have your bank statement — here it is". A client's own uploads come with the
// meeting pack and open on the laptop: the bank statement in the app's PDF viewer, the photo ID as an image.

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

const clientWithUploadsHere = () => clientWithUploads(app.demo().runtime.practices[0]!);

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

describe('the client’s uploaded documents, offline after a meeting pack', () => {
  it('the pack fetches them, counted in its estimate, each from the storage once and without credentials', async () => {
    const { onboardingKey, entity, uploads } = clientWithUploadsHere();
    // Online, the onboarding's documents are read when it is opened: the files the client uploaded are named.
    await go(`/onboardings/${onboardingKey}`);
    await page.getByRole('link', { name: 'Open bank-statement.pdf (Bank statement)' }).waitFor({ timeout: 20_000 });
    await go(`/clients/${entity.entityKey}`);
    await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor();
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
    // Every list known, the uploads among them: the estimate is exact.
    const estimate = page.getByTestId('pack-estimate');
    await estimate.getByText(/^\d+ requests, ready in/).waitFor({ timeout: 20_000 });
    const estimated = Number((await estimate.textContent())!.match(/(\d+) requests/)![1]);
    const storage = app.demo().runtime.storageLog;
    storage.length = 0;
    const before = app.demo().runtime.requestLog.length;
    await page.getByRole('button', { name: 'Prepare for meeting' }).click();
    await page.getByTestId('pack-state').getByText('Ready offline').waitFor({ timeout: 90_000 });
    const sent = app.demo().runtime.requestLog.length - before;
    // Within 10% of what the practice received (a sync may run meanwhile), the uploads' requests included.
    expect(Math.abs(sent - estimated) / sent).toBeLessThanOrEqual(0.1);
    // Every file the client uploaded to the onboarding, fetched once, with no credential sent to the storage.
    expect(storage).toHaveLength(uploads);
    expect(storage.every((r) => r.status === 200 && !r.credentialsSent)).toBe(true);
    const signedReads = app
      .demo()
      .runtime.requestLog.slice(before)
      .filter((r) => r.operationId === 'getOnboardingDocument');
    expect(signedReads).toHaveLength(uploads);
  }, 150_000);

  it('with the network cut, the bank statement opens in the PDF viewer, page 1 painted', async () => {
    const { onboardingKey, entity } = clientWithUploadsHere();
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 20_000 });
    await expectBankStatementOpens(page, onboardingKey, entity.fullEntityName);
  }, 60_000);

  it('offline, the photo ID shows as an image, decoded, with a copy offered as a PNG', async () => {
    const { onboardingKey, entity } = clientWithUploadsHere();
    await expectPhotoIdShows(page, onboardingKey, entity.fullEntityName);
    // A copy keeps its type.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save a copy…' }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(
        `^${entity.fullEntityName} - Photo identification — ${entity.fullEntityName} - \\d{4}-\\d{2}-\\d{2}\\.png$`,
      ),
    );
    expect(realProblems(problems)).toEqual([]);
  }, 60_000);
});
