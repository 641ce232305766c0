import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenList } from '../../src-preload/contract/screens';
import { openApp, type AppUnderTest } from './support/app-under-test';

/*
 * axe-core over every screen of the connected demo practice, the detail screens a list opens, a PDF in
 * the viewer and an action dialog, in light and dark appearance: no finding of impact serious or critical.
 * axe is evaluated through the debugging protocol (page.evaluate), which the page's strict CSP does not
 * govern; an inline <script> tag would be refused, as it should be.
 */
let app: AppUnderTest;
let page: Page;

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 900 }, connectDemo: true });
  ({ page } = app);
}, 90_000);
afterAll(async () => {
  await app?.close();
});

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical findings on the page as it is now. */
async function audit(): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        // Where, and axe's reason there (for contrast: the two colours and the ratio it measured).
        targets: v.nodes.map((n) => `${n.target.join(' ')}${n.any[0] ? ` — ${n.any[0].message}` : ''}`),
      }));
  });
}

const describeFindings = (where: string, findings: Finding[]) =>
  [
    `${findings.length} serious or critical accessibility finding(s) on ${where}:`,
    ...findings.map((f) => `- ${f.id} (${f.impact}): ${f.help}\n    at ${f.targets.join('\n    at ')}`),
  ].join('\n');

async function expectAccessible(where: string): Promise<void> {
  const findings = await audit();
  expect(findings, describeFindings(where, findings)).toEqual([]);
}

const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** The screen's code and first data are in: no "Loading …" status left, and its title shown. */
async function settled(): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"]')].some((s) => /^Loading\b/.test(s.textContent ?? '')),
    undefined,
    { timeout: 20_000 },
  );
  // Animations (dialogs, tabs) finish and late rows arrive before axe measures colours and structure.
  await page.waitForTimeout(300);
}

/** A client with bills, a statement and a completed ID check: every tab has something to show. */
function typicalClient() {
  const state = app.practice();
  for (const entity of state.entities.values()) {
    if (entity.entityTerminated) continue;
    const bills = [...state.bills.values()].filter((b) => b.entityKey === entity.entityKey && b.statusName !== 'Draft');
    const statements = [...state.statements.values()].filter((s) => s.entityKey === entity.entityKey);
    const verified = (state.idVerifications.get(entity.entityKey) ?? []).some((v) => v.result === 'verified');
    if (bills.length >= 1 && statements.length >= 1 && verified) return entity;
  }
  throw new Error('The demo has no client with bills, statements and a completed verification.');
}

for (const appearance of ['light', 'dark'] as const) {
  describe(`axe finds nothing serious in ${appearance} appearance`, () => {
    beforeAll(async () => {
      await page.emulateMedia({ colorScheme: appearance });
    });

    it.each(screenList.map((screen) => [screen.label, screen.path]))('the %s screen', async (label, path) => {
      await go(`/${path}`);
      await settled();
      await expectAccessible(`the ${label} screen (${appearance})`);
    });

    it.each(['overview', 'billing', 'statements', 'proposals', 'identity'])("a client's %s tab", async (tab) => {
      const client = typicalClient();
      await go(`/clients/${client.entityKey}?tab=${tab}`);
      await settled();
      await page.getByRole('tab', { name: new RegExp(tab, 'i'), selected: true }).waitFor();
      await expectAccessible(`the client's ${tab} tab (${appearance})`);
    });

    it("a lead's detail", { timeout: 90_000 }, async () => {
      await go('/leads');
      await settled();
      // Leads arrive with the sync after the clients.
      await page.getByTestId('lead-row').first().click({ timeout: 60_000 });
      await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor({ timeout: 20_000 });
      await settled();
      await expectAccessible(`a lead's detail (${appearance})`);
    });

    it("an onboarding's detail", async () => {
      await go('/onboardings');
      await settled();
      await page
        .getByRole('link', { name: /^#\d+$/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 2, name: 'Recipients' }).waitFor({ timeout: 20_000 });
      await settled();
      await expectAccessible(`an onboarding's detail (${appearance})`);
    });

    it('the document viewer with a PDF open', async () => {
      const client = typicalClient();
      await go(`/clients/${client.entityKey}?tab=billing`);
      await settled();
      await page.getByRole('link', { name: 'Open PDF' }).first().click({ timeout: 20_000 });
      await page.locator('.pdf-page canvas').first().waitFor({ timeout: 20_000 });
      await settled();
      await expectAccessible(`the document viewer (${appearance})`);
    });

    it('an action dialog', async () => {
      const client = typicalClient();
      await go(`/clients/${client.entityKey}`);
      await settled();
      await page.getByRole('button', { name: 'Run AML check' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
      await expectAccessible(`the AML check dialog (${appearance})`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });
  });
}

describe('the audit itself', () => {
  it('fails on a finding: an image without a text alternative is reported with its id and target', async () => {
    await go('/clients');
    await settled();
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.id = 'audit-probe';
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')!.append(img);
    });
    const findings = await audit();
    await page.evaluate(() => document.getElementById('audit-probe')?.remove());
    expect(findings).toContainEqual(
      expect.objectContaining({ id: 'image-alt', targets: [expect.stringMatching(/^#audit-probe\b/)] }),
    );
    expect(describeFindings('the probe', findings)).toMatch(
      /image-alt \(critical\): Images must have alternative text/,
    );
  });
});
