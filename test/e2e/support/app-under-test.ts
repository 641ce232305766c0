import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PreviewServer, PreviewServerOptions } from '../../../src-main/browser-preview/preview-server';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createSkippableTimer } from '../../support/skippable-timer';
import { launchChromium } from './chromium';
import { watchProblems } from './page-problems';
import { startPreview } from './preview';

export interface AppUnderTest {
  browser: Browser;
  server: PreviewServer;
  page: Page;
  /** Uncaught errors, console errors and CSP violations seen on the page (see page-problems.ts). */
  problems: string[];
  /** The preview's own embedded demo practice, once "Explore the demo practice" has started it. */
  demo(): DemoPractice;
  /** What the demo's first practice (the one "Explore the demo practice" connects) holds now. */
  practice(): DemoPractice['runtime']['practices'][number];
  /** How many calls of an operation the practice has answered with success. */
  answered(operationId: string): number;
  /** Waits until the practice has answered `n` successful calls of an operation. */
  waitForAnswered(operationId: string, n?: number): Promise<void>;
  /**
   * The request budget's minute passes at once, on both sides: the app's budget clock moves a minute ahead
   * and the demo practice's limiter starts afresh. A test that has nothing to prove by waiting for the
   * minute's share (a sync right after the import) says so instead of sleeping through it; the limiter's
   * waits themselves are proven on virtual time in test/integration/request-budget and sync-under-budget.
   * `practice`: the demo practice the app talks to when it is not the preview's own (a test bed's).
   */
  aMinutePasses(practice?: DemoPractice): void;
  /**
   * Restarts the app (a page reload) and waits until it is back on the connected practice with its local
   * data: before that, a keyboard shortcut pressed would reach a page that is not listening yet.
   */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Chromium on the browser preview with a fresh data folder, the page opened and watched for problems.
 * The embedded demo practice is the preview's usual one; its handle is kept so tests can read or change
 * what the server holds. With `connectDemo`, the demo practice is explored and its first sync finished.
 */
export async function openApp(
  options: {
    viewport?: { width: number; height: number };
    connectDemo?: boolean;
    /** Main's cipher (a laptop without a secure password store), instead of the preview's session cipher. */
    cipher?: PreviewServerOptions['cipher'];
    /** The administrator's policy file main reads at start (a real file, as on Linux). */
    policyFile?: string;
  } = {},
): Promise<AppUnderTest> {
  let demo: DemoPractice | undefined;
  const startDemo = async () => (demo = await createDemoPractice({}));
  const budgetTimer = createSkippableTimer();
  const [browser, server] = await Promise.all([
    launchChromium(),
    startPreview({
      startDemo,
      budgetTimer,
      ...(options.cipher ? { cipher: options.cipher } : {}),
      ...(options.policyFile ? { policyFile: options.policyFile } : {}),
    }),
  ]);
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  const problems = await watchProblems(page);
  await page.goto(server.url);
  if (options.connectDemo) {
    await page.getByRole('button', { name: 'Explore the demo practice' }).click();
    await page
      .getByTestId('client-count')
      .getByText(/150 clients/)
      .waitFor({ timeout: 30_000 });
    await page
      .getByTestId('status-practice')
      .getByText(/last synced/)
      .waitFor({ timeout: 30_000 });
  }
  const demoPractice = (): DemoPractice => {
    if (!demo) throw new Error('The demo practice has not been started yet.');
    return demo;
  };
  const aMinutePasses = (practice: DemoPractice = demoPractice()) => {
    budgetTimer.skip(60_000);
    // Same limits, empty windows: the server has seen nothing in the last minute either.
    practice.configure({ rateLimit: {} });
  };
  // What a test does next does not wait for the import's minute (it proved each paged list's end by reading
  // its first page again, leaving less than the background's share).
  if (options.connectDemo) aMinutePasses();
  const answered = (operationId: string) =>
    demoPractice().runtime.requestLog.filter((r) => r.operationId === operationId && r.status < 300).length;
  return {
    browser,
    server,
    page,
    problems,
    demo: demoPractice,
    practice: () => demoPractice().runtime.practices[0]!,
    answered,
    aMinutePasses,
    async waitForAnswered(operationId, n = 1) {
      await expect.poll(() => answered(operationId), { timeout: 30_000 }).toBe(n);
    },
    async reload() {
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page
        .getByTestId('status-practice')
        .getByText(/last synced/)
        // The sync after a restart may wait for the minute's share of the limiter: the import before it
        // proved each paged list's end by reading its first page again.
        .waitFor({ timeout: 90_000 });
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * What a new user does to see another region's demo: chooses it beside "Explore the demo practice", then
 * waits for its clients and its first sync.
 */
export async function exploreDemoIn(page: Page, region: 'ANZ' | 'UK' | 'ZA'): Promise<void> {
  await page.getByRole('combobox', { name: 'Demo practice in' }).selectOption(region);
  await page.getByRole('button', { name: 'Explore the demo practice' }).click();
  await page
    .getByTestId('client-count')
    .getByText(/\d+ clients/)
    .waitFor({ timeout: 60_000 });
  await page
    .getByTestId('status-practice')
    .getByText(/last synced/)
    .waitFor({ timeout: 60_000 });
}
