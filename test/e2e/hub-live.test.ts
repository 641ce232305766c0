import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { acceptProposal } from '../../src-main/demo-practice/routes/demo-control';
import { useDemoAndHub } from '../support/demo-and-hub';
import { connectWindowThroughHub } from '../support/hub-enrolment';
import { openApp, type AppUnderTest } from './support/app-under-test';

const bed = useDemoAndHub({ folderPrefix: 'hub-live-e2e-' });
let app: AppUnderTest;
let demo: DemoPractice;
let page: Page;

beforeAll(async () => {
  // Like `npm run hub -- --demo`: the hub subscribes to the practice's webhooks, which deliver to loopback.
  // The practice limits nothing here: a laptop's first read through the hub would otherwise wait for the
  // minute its import filled (laptops' reads take the budget's lower tier, after the hub's own work).
  demo = await bed.openDemo({ rateLimit: { enabled: false } });
  await bed.startHub({ mirrorEveryMs: 3_600_000, subscribeWebhooks: true });
  app = await openApp({ viewport: { width: 1280, height: 1000 } });
  ({ page } = app);
}, 240_000);
afterAll(async () => {
  await app?.close();
});

describe('live updates through the practice hub', () => {
  it('says live updates are on once connected through the hub', async () => {
    await connectWindowThroughHub(page, bed.hub());
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
    await bed.stopHub();
    await page
      .getByTestId('status-practice')
      .getByText(/live updates paused — retrying/)
      .waitFor({ timeout: 15_000 });
  });
});
