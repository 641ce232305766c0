import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { realProblems } from './support/page-problems';
import { openApp, type AppUnderTest } from './support/app-under-test';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 900 }, connectDemo: true });
  ({ server, page, problems } = app);
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const search = () => page.getByLabel('Search clients');
const rows = () => page.getByTestId('client-row');
/** The country code of a national number in the demo's region: Australian mobiles start 04, New Zealand's 02. */
const countryOf = (national: string) => (national.startsWith('04') ? '61' : '64');
const international = (national: string) => `+${countryOf(national)} ${national.slice(1)}`;

describe('small truths on the Clients and Outbox screens', () => {
  const state = () => app.practice();
  let storedNationally: { name: string; mobile: string };
  let storedInternationally: { name: string; national: string };
  let target: { name: string; code: string };

  it('a practice change arrives: one client’s mobile stored internationally, another client carrying a code in its email', async () => {
    const active = [...state().entities.values()].filter((e) => !e.entityTerminated);
    const withMobile = active.filter((e) => e.entityMobile?.startsWith('0'));
    const [a, b] = withMobile;
    const [codeClient, decoy] = active.filter((e) => e !== a && e !== b && !e.fullEntityName.startsWith('A'));
    storedNationally = { name: a!.fullEntityName, mobile: a!.entityMobile! };
    storedInternationally = { name: b!.fullEntityName, national: b!.entityMobile! };
    target = { name: codeClient!.fullEntityName, code: codeClient!.entityCode };
    const now = new Date().toISOString();
    Object.assign(b!, { entityMobile: international(b!.entityMobile!), updatedOn: now });
    // Sorted before the client whose code it carries, and found by the same word.
    Object.assign(decoy!, {
      fullEntityName: 'Aardvark Holdings',
      entityEmail: `${codeClient!.entityCode.toLowerCase()}.office@example.com`,
      updatedOn: now,
    });
    const before = app.answered('listEntities');
    await page.goto(`${server.url}#/settings`);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => app.answered('listEntities'), { timeout: 90_000 }).toBeGreaterThan(before);
    await page.goto(`${server.url}#/clients`);
    await search().fill('Aardvark');
    await rows().filter({ hasText: 'Aardvark Holdings' }).waitFor({ timeout: 30_000 });
  }, 120_000);

  it('finds a mobile typed in international form when it is stored nationally, and the other way round', async () => {
    await search().fill(international(storedNationally.mobile));
    await rows().filter({ hasText: storedNationally.name }).first().waitFor();
    await search().fill(storedInternationally.national);
    await rows().filter({ hasText: storedInternationally.name }).first().waitFor();
  });

  it('ranks the client whose code is typed exactly first', async () => {
    await search().fill(target.code);
    await rows().filter({ hasText: 'Aardvark Holdings' }).waitFor(); // found too, by its email
    await expect.poll(() => rows().first().textContent()).toContain(target.name);
  });

  it('after "Sign out and delete", the Outbox says nothing waits, and the practice connected again shows no old search or filter', async () => {
    await search().fill('Aardvark');
    await page.getByLabel('Type', { exact: true }).selectOption({ index: 1 });
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).not.toBe('');
    await page.goto(`${server.url}#/settings`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign out and delete' }).click();
    await page.getByRole('button', { name: 'Explore the demo practice' }).waitFor({ timeout: 20_000 });

    await page.goto(`${server.url}#/outbox`);
    await page.getByRole('heading', { name: 'Nothing waiting to be sent' }).waitFor();
    await page.getByText(/No practice is connected on this laptop/).waitFor();

    await page.goto(`${server.url}#/settings`);
    // The first import shares the minute's request budget with everything read before the sign-out; that
    // minute is over.
    app.aMinutePasses();
    await page.getByRole('button', { name: 'Explore the demo practice' }).click();
    await page.goto(`${server.url}#/clients`);
    await page
      .getByTestId('client-count')
      .getByText(/150 clients/)
      .waitFor({ timeout: 100_000 });
    expect(await search().inputValue()).toBe('');
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('');
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 150_000);
});
