import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import type { RunningHub } from '../../src-main/hub/start-hub';
import { useDemoAndHub } from '../support/demo-and-hub';
import { connectWindowThroughHub } from '../support/hub-enrolment';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { setNetwork } from './support/preview';
import { clientWithUploads, expectBankStatementOpens, expectPhotoIdShows } from './support/uploaded-documents';

// A laptop reading the practice through its hub prepares a meeting: the client's uploads come from the hub,
// which fetched each from the practice's storage once; offline, they open as in the direct case.

const bed = useDemoAndHub({ folderPrefix: 'hub-uploads-e2e-' });
let app: AppUnderTest;
let demo: DemoPractice;
let hub: RunningHub;
let page: Page;

beforeAll(async () => {
  // The practice limits nothing here: what is measured is where requests go, not how the budget paces them.
  demo = await bed.openDemo({ rateLimit: { enabled: false } });
  hub = await bed.startHub({ mirrorEveryMs: 3_600_000 });
  app = await openApp({ viewport: { width: 1280, height: 1000 } });
  ({ page } = app);
  await connectWindowThroughHub(page, hub);
  await page
    .getByTestId('status-practice')
    .getByText(/through the practice hub/)
    .waitFor({ timeout: 60_000 });
  await page
    .getByTestId('status-practice')
    .getByText(/last synced/)
    .waitFor({ timeout: 60_000 });
}, 240_000);
afterAll(async () => {
  await app?.close();
});

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

describe('uploaded documents through the practice hub', () => {
  it('a meeting pack through the hub brings the files, each fetched from the storage once, by the hub', async () => {
    const { entity, uploads } = clientWithUploads(demo.runtime.practices[0]!);
    demo.runtime.storageLog.length = 0;
    await go(`/clients/${entity.entityKey}`);
    await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Prepare for meeting' }).click();
    await page.getByTestId('pack-state').getByText('Ready offline').waitFor({ timeout: 120_000 });
    expect(demo.runtime.storageLog).toHaveLength(uploads);
    expect(demo.runtime.storageLog.every((r) => r.status === 200 && !r.credentialsSent)).toBe(true);
    // The practice was asked only by the hub, with the hub's Client ID.
    const hubClientId = demo.runtime.practices[0]!.profile.readWrite.clientId.toLowerCase();
    expect(new Set(demo.runtime.requestLog.map((r) => r.clientId?.toLowerCase()))).toEqual(new Set([hubClientId]));
  }, 180_000);

  it('offline, the bank statement opens in the viewer and the photo ID shows', async () => {
    const { onboardingKey, entity } = clientWithUploads(demo.runtime.practices[0]!);
    await setNetwork(app.server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor({ timeout: 30_000 });
    await expectBankStatementOpens(page, onboardingKey, entity.fullEntityName);
    await expectPhotoIdShows(page, onboardingKey, entity.fullEntityName);
  }, 90_000);
});
