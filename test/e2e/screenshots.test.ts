import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenList } from '../../src-preload/contract/screens';
import { openApp, type AppUnderTest } from './support/app-under-test';

/*
 * A full-page PNG of every screen of the connected demo practice, a client's every tab, a lead, an
 * onboarding and the document viewer, in light and dark appearance, for people to review what a practice
 * sees: test/e2e/screenshots/<screen>-<light|dark>.png. Each file must be a PNG of the window's size
 * with more in it than an empty page, so the test also proves that every screen renders. One app start
 * and one demo connection serve them all.
 */
const OUT = join(process.cwd(), 'test', 'e2e', 'screenshots');
const VIEWPORT = { width: 1280, height: 900 };
/** An empty window compresses to a couple of KB; a screen with its lists and text is tens of KB. */
const MIN_BYTES = 10_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let app: AppUnderTest;
let page: Page;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  app = await openApp({ viewport: VIEWPORT, connectDemo: true });
  ({ page } = app);
}, 90_000);
afterAll(async () => {
  await app?.close();
});

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
  // Transitions finish and late rows arrive before the picture is taken.
  await page.waitForTimeout(300);
}

/** A client with bills, a statement, a proposal and a completed ID check: every tab has something to show. */
function typicalClient() {
  const state = app.practice();
  const proposed = new Set([...state.proposals.values()].map((p) => p.entityKey));
  for (const entity of state.entities.values()) {
    if (entity.entityTerminated || !proposed.has(entity.entityKey)) continue;
    const bills = [...state.bills.values()].filter((b) => b.entityKey === entity.entityKey && b.statusName !== 'Draft');
    const statements = [...state.statements.values()].filter((s) => s.entityKey === entity.entityKey);
    const verified = (state.idVerifications.get(entity.entityKey) ?? []).some((v) => v.result === 'verified');
    if (bills.length >= 1 && statements.length >= 1 && verified) return entity;
  }
  throw new Error('The demo has no client with bills, statements, a proposal and a completed verification.');
}

const clientTabs = ['overview', 'billing', 'statements', 'proposals', 'identity'] as const;

/** Each view by the name its file takes, and how to bring it up from wherever the app is. */
const views: readonly (readonly [string, () => Promise<void>])[] = [
  ...screenList.map(
    (screen) =>
      [
        screen.path,
        async () => {
          await go(`/${screen.path}`);
          await settled();
        },
      ] as const,
  ),
  ...clientTabs.map(
    (tab) =>
      [
        `client-${tab}`,
        async () => {
          await go(`/clients/${typicalClient().entityKey}?tab=${tab}`);
          await settled();
          await page.getByRole('tab', { name: new RegExp(tab, 'i'), selected: true }).waitFor();
        },
      ] as const,
  ),
  [
    'lead',
    async () => {
      await go('/leads');
      await settled();
      // Leads arrive with the sync after the clients.
      await page.getByTestId('lead-row').first().click({ timeout: 60_000 });
      await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor({ timeout: 20_000 });
      await settled();
    },
  ],
  [
    'onboarding',
    async () => {
      await go('/onboardings');
      await settled();
      await page
        .getByRole('link', { name: /^#\d+$/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 2, name: 'Recipients' }).waitFor({ timeout: 20_000 });
      await settled();
    },
  ],
  [
    'document-viewer',
    async () => {
      await go(`/clients/${typicalClient().entityKey}?tab=billing`);
      await settled();
      await page.getByRole('link', { name: 'Open PDF' }).first().click({ timeout: 20_000 });
      await page.locator('.pdf-page canvas').first().waitFor({ timeout: 20_000 });
      await settled();
    },
  ],
];

/** Width and height from the PNG's header chunk (IHDR), which follows the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const appearance of ['light', 'dark'] as const) {
  describe(`screenshots in ${appearance} appearance`, () => {
    beforeAll(async () => {
      await page.emulateMedia({ colorScheme: appearance });
    });

    it.each(views)('%s', { timeout: 90_000 }, async (name, open) => {
      await open();
      const file = join(OUT, `${name}-${appearance}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${file} is a PNG`).toBe(true);
      expect(statSync(file).size, `${file} shows more than an empty window`).toBeGreaterThan(MIN_BYTES);
      const size = pngSize(bytes);
      expect(size.width).toBe(VIEWPORT.width);
      expect(size.height).toBeGreaterThanOrEqual(VIEWPORT.height);
    });
  });
}

describe('the screenshots', () => {
  it('are one for each view in each appearance, and the two appearances differ', () => {
    for (const [name] of views) {
      const light = readFileSync(join(OUT, `${name}-light.png`));
      const dark = readFileSync(join(OUT, `${name}-dark.png`));
      expect(light.equals(dark), `${name}: dark appearance looks like light`).toBe(false);
    }
  });
});
