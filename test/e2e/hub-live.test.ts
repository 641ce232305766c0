import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { acceptProposal } from '../../src-main/demo-practice/routes/demo-control';
import { enrolmentCode } from '../../src-main/hub/devices/devices';
import { startHub, type RunningHub } from '../../src-main/hub/start-hub';
import { openApp, type AppUnderTest } from './support/app-under-test';

let app: AppUnderTest;
let demo: DemoPractice;
let hub: RunningHub | undefined;
let page: Page;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-live-e2e-'));

beforeAll(async () => {
  // Like `npm run hub -- --demo`: the hub subscribes to the practice's webhooks, which deliver to loopback.
  demo = await createDemoPractice({});
  const practice = demo.practices[0]!;
  const started = await startHub({
    dataDir,
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    mirrorEveryMs: 3_600_000,
    subscribeWebhooks: true,
  });
  hub = started;
  app = await openApp({ viewport: { width: 1280, height: 1000 } });
  ({ page } = app);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await hub?.close();
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('live updates through the practice hub', () => {
  it('says live updates are on once connected through the hub', async () => {
    const form = page.getByRole('form', { name: 'Connect through the practice hub' });
    await form.getByLabel('Hub address').fill(hub!.hubUrl);
    await form.getByLabel('Enrolment code').fill(enrolmentCode(await hub!.devices.add('Front desk laptop')));
    await form.getByRole('button', { name: 'Connect through the hub' }).click();
    await page
      .getByTestId('status-practice')
      .getByText(/through the practice hub · live updates on/)
      .waitFor({ timeout: 60_000 });
  });

  it('shows a proposal the client accepts at the practice as Accepted on the open Proposals tab within seconds', async () => {
    const state = demo.runtime.practices[0]!;
    const proposal = [...state.proposals.values()].find((p) => p.statusName === 'Sent')!;
    await page.goto(`${app.server.url}#/clients/${proposal.entityKey}`);
    await page.getByRole('tab', { name: 'Proposals' }).click();
    const row = page.getByTestId('proposal-row').filter({ hasText: proposal.name });
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    const started = Date.now();
    acceptProposal(demo.runtime, proposal.proposalKey);
    await row.getByText('Accepted', { exact: true }).waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says live updates are paused while the hub cannot be reached', async () => {
    const stopped = hub!;
    hub = undefined;
    await stopped.close();
    await page
      .getByTestId('status-practice')
      .getByText(/live updates paused — retrying/)
      .waitFor({ timeout: 15_000 });
  });
});
