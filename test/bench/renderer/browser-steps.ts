import type { BrowserContext, Page } from 'playwright-core';
import type { SyncPageEvent } from '../../../src-preload/contract/practice';
import { launchPersistentChromium } from '../../e2e/support/chromium';
import type { IngestRun, RendererBenchHarness } from './harness';
import type { RendererBenchProbe } from './probe';

// What the in-page scripts put on the page's global object (see harness.ts and probe.ts).
type BenchGlobal = typeof globalThis & { __rendererBench: RendererBenchHarness; __rendererProbe: RendererBenchProbe };

/** Hands the pages to the in-page harness in chunks (one CDP message each stays a few MB). */
export async function stashPages(page: Page, pages: readonly SyncPageEvent[]): Promise<void> {
  for (let i = 0; i < pages.length; i += 25) {
    await page.evaluate((chunk) => (globalThis as BenchGlobal).__rendererBench.stash(chunk), pages.slice(i, i + 25));
  }
}

export async function ingestInPage(page: Page, practiceKey: string, resources: string[]): Promise<IngestRun> {
  return page.evaluate(([key, list]) => (globalThis as BenchGlobal).__rendererBench.ingest(key, list), [
    practiceKey,
    resources,
  ] as const);
}

export async function deleteInPage(page: Page, practiceKey: string): Promise<void> {
  await page.evaluate((key) => (globalThis as BenchGlobal).__rendererBench.deleteDb(key), practiceKey);
}

export async function closeHarness(page: Page, practiceKey: string): Promise<void> {
  await page.evaluate((key) => (globalThis as BenchGlobal).__rendererBench.close(key), practiceKey);
}

export interface KeystrokeSample {
  key: string;
  ms: number;
  /** To the keystroke's last change in the list's DOM (JS work done), before layout, paint and the frame. */
  domMs: number;
  mutations: number;
  count: string;
}

/**
 * Types the keys into the client search box through Chromium's input pipeline, one at a time, and
 * waits until the list has been quiet for a while before the next key: each sample is one keystroke's
 * own cost, at a typing pace a person reaches (a few keys a second).
 */
export async function typeAndMeasure(page: Page, keys: readonly string[]): Promise<KeystrokeSample[]> {
  await page.evaluate(() => (globalThis as BenchGlobal).__rendererProbe.watchKeystrokes());
  await page.getByLabel('Search clients').click();
  const samples: KeystrokeSample[] = [];
  for (const key of keys) {
    if (key === 'Backspace') await page.keyboard.press('Backspace');
    else await page.keyboard.type(key);
    await page.waitForFunction(() => (globalThis as BenchGlobal).__rendererProbe.quietForMs() > 150, undefined, {
      polling: 50,
      timeout: 15_000,
    });
    const sample = await page.evaluate(() => (globalThis as BenchGlobal).__rendererProbe.takeKeystroke());
    if (!sample) throw new Error(`The keystroke "${key}" produced no input event in the search box.`);
    samples.push({ key, ...sample });
  }
  return samples;
}

/** The count line once the whole list is loaded: "20000 clients", or "19000 of 20000 clients" while filtered. */
export const allLoaded = (clients: number): RegExp => new RegExp(`^(\\d+ of )?${clients} clients$`);

/** Scrolls the whole list, searches, opens a few clients and comes back: a short working session. */
export async function browse(page: Page, clients: number, term: string): Promise<void> {
  const list = page.getByRole('list', { name: 'Clients' });
  const count = page.getByTestId('client-count');
  const unsearched = (await count.textContent()) ?? '';
  await list.hover();
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(30);
  }
  for (const fraction of [0.25, 0.5, 0.75, 1, 0]) {
    await list.evaluate((element, f) => (element.scrollTop = f * element.scrollHeight), fraction);
    await page.waitForTimeout(50);
  }
  const search = page.getByLabel('Search clients');
  await search.fill(term);
  await count.filter({ hasNotText: unsearched }).waitFor();
  await search.fill('');
  await count.getByText(unsearched, { exact: true }).waitFor();
  for (const index of [0, 3, 7, 12]) {
    await page.getByTestId('client-row').nth(index).click();
    await page.getByRole('heading', { level: 2, name: 'Contacts' }).waitFor();
    await page.waitForTimeout(100);
    await page.goBack();
    await count.getByText(allLoaded(clients)).waitFor();
  }
}

/** JS heap in use after a forced full garbage collection, from the DevTools protocol. */
export async function heapAfterGc(context: BrowserContext, page: Page): Promise<{ usedMB: number; totalMB: number }> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
    return { usedMB: mb(metric('JSHeapUsedSize')), totalMB: mb(metric('JSHeapTotalSize')) };
  } finally {
    await cdp.detach();
  }
}

export interface ColdStartRun {
  /** Navigation start to the frame that first shows a client row (or the empty list, with no clients). */
  firstListPaintMs: number;
  firstRowInDomMs: number;
  firstContentfulPaintMs: number | null;
}

/**
 * A fresh Chromium on the same profile (so the 20,000 clients are read from IndexedDB on disk by a new
 * browser process), one navigation to the app, timed inside the page from navigation start. With
 * `clients` 0 (the profile's client table emptied), the first paint is that of the list's empty state.
 */
export async function coldStart(
  userDataDir: string,
  url: string,
  probeSource: string,
  clients: number,
  timeoutMs = 60_000,
): Promise<ColdStartRun> {
  const context = await launchPersistentChromium(userDataDir);
  try {
    await context.addInitScript({ content: probeSource });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await firstRowPaint(page, timeoutMs);
    if (clients > 0) await page.getByTestId('client-count').getByText(allLoaded(clients)).waitFor();
    return await page.evaluate(() => {
      const { firstRowDomMs, firstRowPaintMs } = (globalThis as BenchGlobal).__rendererProbe.state;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      return {
        firstListPaintMs: firstRowPaintMs ?? NaN,
        firstRowInDomMs: firstRowDomMs ?? NaN,
        firstContentfulPaintMs: fcp,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * Waits for the probe's first-row paint by awaiting its promise in one protocol call: polling from here
 * (waitForFunction) would inject and run Playwright's own script in the page while it is starting.
 */
async function firstRowPaint(page: Page, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No first row painted within ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    await Promise.race([page.evaluate(() => (globalThis as BenchGlobal).__rendererProbe.firstRowPaint()), timeout]);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nThe app showed: ${await visibleText(page)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The one-line page the floor is measured on (served by the same server as the app, see `floorStart`). */
export const FLOOR_PAGE = {
  path: '/bench-floor.html',
  html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Practice Companion</title></head><body><p data-bench-floor>Practice Companion</p></body></html>',
};

/**
 * What the browser itself needs to show something: a fresh Chromium on a profile folder of its own (as the
 * app's cold start has), one navigation to a static page with one line of text from the same server,
 * timed as the app's first list paint is (navigation start → the frame that shows the line).
 */
export async function floorStart(userDataDir: string, url: string, probeSource: string): Promise<number> {
  const context = await launchPersistentChromium(userDataDir);
  try {
    await context.addInitScript({ content: probeSource });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(new URL(FLOOR_PAGE.path, url).href, { waitUntil: 'domcontentloaded' });
    await firstRowPaint(page, 30_000);
    return await page.evaluate(() => (globalThis as BenchGlobal).__rendererProbe.state.firstRowPaintMs ?? NaN);
  } finally {
    await context.close();
  }
}

/** The page's visible text, shortened: what a timeout message needs to say where the app stood. */
async function visibleText(page: Page): Promise<string> {
  return (
    (await page
      .locator('body')
      .innerText()
      .catch(() => '')) || '(no text)'
  )
    .replace(/\s+/g, ' ')
    .slice(0, 400);
}

/**
 * Empties the client table of the practice in the profile (the app connected, every other table kept),
 * for the cold start with no clients: one browser on the profile, the store cleared through IndexedDB in
 * the app's page, then the app reloaded until it shows its empty list.
 */
export async function clearClientsInProfile(userDataDir: string, url: string, practiceKey: string): Promise<void> {
  const context = await launchPersistentChromium(userDataDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.getByTestId('client-count').waitFor({ timeout: 60_000 });
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('entities', 'readwrite');
            tx.objectStore('entities').clear();
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
      `practice-${practiceKey}`,
    );
    await page.reload();
    await page
      .getByTestId('client-list-empty')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe app showed: ${await visibleText(page)}`);
      });
  } finally {
    await context.close();
  }
}
