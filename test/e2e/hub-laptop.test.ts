import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import type { RunningHub } from '../../src-main/hub/start-hub';
import { useDemoAndHub } from '../support/demo-and-hub';
import { connectWindowThroughHub } from '../support/hub-enrolment';
import { openApp, type AppUnderTest } from './support/app-under-test';

const bed = useDemoAndHub({ folderPrefix: 'hub-laptop-e2e-' });
let app: AppUnderTest;
let demo: DemoPractice;
let hub: RunningHub;
let page: Page;

beforeAll(async () => {
  // The practice and its hub, like `npm run hub -- --demo`: the hub mirrors the practice before it serves.
  demo = await bed.openDemo({});
  hub = await bed.startHub({ mirrorEveryMs: 3_600_000 });
  app = await openApp({ viewport: { width: 1280, height: 1000 } });
  ({ page } = app);
}, 240_000);
afterAll(async () => {
  await app?.close();
});

describe('a laptop connected through the practice hub', () => {
  it('connects with the hub address and an enrolment code, and finds every client with no request to the practice', async () => {
    const requestsBefore = demo.runtime.requestLog.length;
    await connectWindowThroughHub(page, hub);
    const clients = demo.runtime.practices[0]!.entities.size;
    await page
      .getByTestId('client-count')
      .getByText(new RegExp(`${clients} clients`))
      .waitFor({ timeout: 60_000 });
    await page
      .getByTestId('status-practice')
      .getByText(/through the practice hub/)
      .waitFor();
    expect(demo.runtime.requestLog.slice(requestsBefore)).toEqual([]);
  });

  it('shows write actions as unavailable, saying the hub gives read-only access', async () => {
    await page.keyboard.press('Control+7');
    const button = page.getByRole('button', { name: 'New lead' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const describedBy = (await button.getAttribute('aria-describedby')) ?? '';
    const reasons = await Promise.all(describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(reasons.join(' ')).toContain('through the practice hub');
  });

  it('Settings says how the practice is connected', async () => {
    await page.goto(`${app.server.url}#/settings`);
    await page
      .getByTestId('connected-practice')
      .getByText(/Through the practice hub/)
      .waitFor();
  });
});
