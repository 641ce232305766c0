import type { Page } from 'playwright-core';
import type { Entity } from '../../../src-preload/contract/partner-api';
import type { SyncPageEvent } from '../../../src-preload/contract/practice';
import { launchPersistentChromium } from '../../e2e/support/chromium';
import {
  allLoaded,
  closeHarness,
  ingestInPage,
  stashPages,
  typeAndMeasure,
  type KeystrokeSample,
} from './browser-steps';
import { swapped } from './keystrokes';
import { moreClients } from './more-clients';

export interface MoreClientsSearch {
  userDataDir: string;
  url: string;
  probeSource: string;
  harnessSource: string;
  practiceKey: string;
  /** The practice's entity pages as synced: the last one lends its cursor to the pages stored here. */
  entityPages: readonly SyncPageEvent[];
  entities: readonly Entity[];
  clients: number;
  keys: readonly string[];
}

/**
 * The search over many more clients than the demo has: `clients` of them (synthesised from the demo's,
 * see more-clients.ts) stored in the practice's database of the profile by the app's own ingest, then
 * the app launched, the list of them all awaited and the same keys typed. The profile's client table
 * must be empty first (after the cold start with no clients).
 */
export async function searchMoreClients(run: MoreClientsSearch): Promise<KeystrokeSample[]> {
  const records = moreClients(run.entities, run.clients);
  const cursorPage = run.entityPages.at(-1);
  if (!cursorPage) throw new Error('No entity page to take the cursor from.');
  const pages: SyncPageEvent[] = [];
  for (let i = 0; i < records.length; i += 100)
    pages.push({ ...cursorPage, pageId: `bench-more-${i / 100}`, records: records.slice(i, i + 100) });

  // Stored from a blank page of the app's origin: with the app not running, no live query of the list
  // reads the growing table again after each page.
  let context = await launchPersistentChromium(run.userDataDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const blank = new URL('/bench-blank.html', run.url).href;
    await page.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Storing clients</title>' }),
    );
    await page.goto(blank);
    await page.evaluate(run.harnessSource);
    await stashPages(page, pages);
    await ingestInPage(page, run.practiceKey, ['entities']);
    await closeHarness(page, run.practiceKey);
  } finally {
    await context.close();
  }

  context = await launchPersistentChromium(run.userDataDir);
  try {
    await context.addInitScript({ content: run.probeSource });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(run.url);
    await page.getByTestId('client-count').getByText(allLoaded(run.clients)).waitFor({ timeout: 180_000 });
    await wordIndexReady(page, run.entities, run.clients);
    // The sync after launch is let finish first, as for the 20,000; if it does not, the keys are typed anyway.
    await page
      .getByTestId('status-practice')
      .getByText(/last synced/)
      .waitFor({ timeout: 120_000 })
      .catch(() => undefined);
    return await typeAndMeasure(page, run.keys);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the list searches with its word index (built in idle slices after the list shows): a
 * client's name with its words the other way round and one word's letters swapped is found only by it.
 */
async function wordIndexReady(page: Page, entities: readonly Entity[], clients: number): Promise<void> {
  const words = (e: Entity) => e.fullEntityName.toLowerCase().split(/\s+/);
  const isLong = (w: string) => /^\p{L}{5,}$/u.test(w) && w[1] !== w[2];
  const entity = entities.find((e) => words(e).length >= 2 && words(e).some(isLong));
  if (!entity) throw new Error('No client name to probe the word index with.');
  const long = words(entity).find(isLong)!;
  const query = [...words(entity).filter((w) => w !== long), swapped(long)].reverse().join(' ');
  const search = page.getByLabel('Search clients');
  await search.fill(query);
  await page
    .getByTestId('client-count')
    .getByText(new RegExp(`^[1-9]\\d* of ${clients} clients$`))
    .waitFor({ timeout: 180_000 });
  await search.fill('');
  await page.getByTestId('client-count').getByText(allLoaded(clients)).waitFor();
}
