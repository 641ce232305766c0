import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

const folder = mkdtempSync(join(tmpdir(), 'policy-e2e-'));
const policyFile = join(folder, 'policy.json');
const fixedHub = 'https://hub.contoso.example:4020';
let app: AppUnderTest;
let page: Page;

beforeAll(async () => {
  // As IT writes /etc/practice-companion/policy.json on a Linux laptop.
  writeFileSync(
    policyFile,
    JSON.stringify({ _comment: 'Contoso IT', hubUrl: fixedHub, updates: 'off', clientViewPinMinLength: 6 }),
  );
  app = await openApp({ viewport: { width: 1280, height: 1000 }, policyFile });
  ({ page } = app);
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the administrator's policy, from a real file", () => {
  it('fixes the hub address in the connect form, and refuses another hub', async () => {
    const form = page.getByRole('form', { name: 'Connect through the practice hub' });
    const address = form.getByLabel('Hub address');
    expect(await address.inputValue()).toBe(fixedHub);
    expect(await address.getAttribute('readonly')).not.toBeNull();
    await form.getByTestId('set-by-administrator').waitFor();
    // Main refuses another hub whatever the window sends.
    const refused = await page.evaluate(() =>
      (
        window as unknown as {
          companion: { practice: { connectHub(input: object): Promise<{ ok: boolean; message?: string }> } };
        }
      ).companion.practice.connectHub({
        hubUrl: 'https://elsewhere.example',
        enrolmentCode: 'x',
        remember: false,
        acceptWeakStorage: false,
      }),
    );
    expect(refused).toEqual({
      ok: false,
      message: `Your administrator has set the practice hub to ${fixedHub}: this laptop connects to no other hub.`,
    });
  });

  it('turns updates off, and Settings shows the hub and updates as set by the administrator', async () => {
    await page.goto(`${app.server.url}#/settings`);
    const about = page.getByTestId('app-info');
    await about.getByTestId('policy-source').getByText(policyFile).waitFor();
    await page.getByTestId('update-message').getByText('Updates are off: your administrator turned them off').waitFor();
    const badges = page.getByTestId('set-by-administrator');
    // The hub (in the connect form Settings shows with no practice), updates, and the client-view PIN.
    await expect.poll(() => badges.count()).toBeGreaterThanOrEqual(2);
    expect(realProblems(app.problems)).toEqual([]);
  });
});
