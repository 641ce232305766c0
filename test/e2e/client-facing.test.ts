import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

/*
 * Client-facing mode in Chromium: the window turned to one client shows nothing of anyone else, on every
 * tab and page reachable in it; typed addresses and deep links to elsewhere are refused; a reload comes
 * back in the mode; only the staff member's PIN leaves it.
 */
let app: AppUnderTest;
let page: Page;

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 900 }, connectDemo: true });
  ({ page } = app);
}, 90_000);
afterAll(async () => {
  await app?.close();
  // No error, CSP violation or failed render anywhere in the mode.
  expect(realProblems(app?.problems ?? [])).toEqual([]);
});

const PIN = '482916';
const state = () => app.practice();
const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** An active client with bills and statements, so the tabs and the PDF viewer have something to show. */
function richClient() {
  const bills = [...state().bills.values()];
  const statements = [...state().statements.values()];
  const entity = [...state().entities.values()].find(
    (e) =>
      !e.entityTerminated &&
      bills.some((b) => b.entityKey === e.entityKey) &&
      statements.some((s) => s.entityKey === e.entityKey),
  );
  if (!entity) throw new Error('The demo has no active client with bills and statements.');
  return entity;
}

/**
 * Every other client's name, except those the shown client's own data legitimately holds: a name inside
 * theirs, or one of their own contacts (a partner who is also a client of the practice).
 */
function otherNames(shownKey: string, shownName: string): string[] {
  const own = new Set(
    [...state().contacts.values()]
      .filter((c) => c.entityKey === shownKey)
      .map((c) => `${c.contactName} ${c.contactSurname}`),
  );
  return [...state().entities.values()]
    .filter((e) => e.entityKey !== shownKey)
    .map((e) => e.fullEntityName)
    .filter((name) => !shownName.includes(name) && !own.has(name));
}

async function expectNoOtherClient(names: string[], where: string): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const tree = await page.locator('body').ariaSnapshot();
  expect(
    names.filter((n) => text.includes(n)),
    `other clients' names in the text of ${where}`,
  ).toEqual([]);
  expect(
    names.filter((n) => tree.includes(n)),
    `other clients' names in the accessibility tree of ${where}`,
  ).toEqual([]);
}

const inMode = () => page.getByTestId('client-facing');

describe('the window shown to one client', () => {
  it('shows that client only, on every tab and in the PDF viewer; the actions still work', async () => {
    const client = richClient();
    const names = otherNames(client.entityKey, client.fullEntityName);
    expect(names.length).toBeGreaterThan(100);
    // The check itself sees a leak: the staff's client list names others.
    await go('/clients');
    await page.getByTestId('client-count').waitFor();
    await expect(expectNoOtherClient(names, 'the client list')).rejects.toThrow(/other clients' names/);

    await go(`/clients/${client.entityKey}`);
    await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();

    // The first use asks for a PIN, typed twice, in a dialog.
    await page.getByRole('button', { name: 'Show to client' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose a PIN for client view' });
    await choose.getByLabel('PIN (4 to 12 digits)').fill(PIN);
    await choose.getByLabel('Type it again').fill(PIN);
    await choose.getByRole('button', { name: 'Show to client' }).click();
    await inMode().waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByTestId('status-practice').count()).toBe(0);

    for (const tab of ['Overview', 'Billing', 'Statements', 'Proposals', 'Identity']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').waitFor();
      // The tab's reads (local first, then the practice) settle.
      await page.waitForTimeout(1_500);
      await expectNoOtherClient(names, `the ${tab} tab`);
    }

    // A bill's PDF opens in the viewer, inside the mode.
    await page.getByRole('tab', { name: 'Billing' }).click();
    const open = page.getByRole('link', { name: /Open PDF/ }).first();
    await open.waitFor();
    await open.click();
    await page.waitForURL(/#\/documents\/bill\//);
    await inMode().waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1_500);
    await expectNoOtherClient(names, 'the PDF viewer');
    await go(`/clients/${client.entityKey}`);

    // What staff do with the client still works: the contact form opens.
    await page.getByRole('button', { name: 'Add contact' }).click();
    const contact = page.getByRole('dialog', { name: `Add a contact to ${client.fullEntityName}` });
    await contact.waitFor();
    await expectNoOtherClient(names, 'the Add contact dialog');
    await page.keyboard.press('Escape');
    await contact.waitFor({ state: 'hidden' });

    // …and so does a new proposal, built with the client from the practice's catalogue.
    await page.getByRole('tab', { name: 'Proposals' }).click();
    await page.getByRole('button', { name: 'New proposal' }).click();
    const proposal = page.getByRole('dialog', { name: `New proposal for ${client.fullEntityName}` });
    await proposal.waitFor();
    await expectNoOtherClient(names, 'the New proposal dialog');
    await page.keyboard.press('Escape');
    await proposal.waitFor({ state: 'hidden' });
    await inMode().waitFor();
  });

  it('refuses every other address, typed or from a deep link', async () => {
    const client = richClient();
    const other = [...state().entities.values()].find((e) => e.entityKey !== client.entityKey)!;
    const otherBill = [...state().bills.values()].find((b) => b.entityKey !== client.entityKey)!;
    const home = `#/clients/${client.entityKey}`;
    for (const hash of [
      `/clients/${other.entityKey}`,
      '/clients',
      '/debtors',
      '/billing',
      '/outbox',
      '/settings',
      // A document of another client, dressed up as this client's.
      `/documents/bill/${otherBill.billingId}?entity=${client.entityKey}`,
    ]) {
      await go(hash);
      await expect.poll(() => new URL(page.url()).hash, { message: hash }).toBe(home);
      await page.getByText('Only this client is shown').waitFor();
      await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
    }
    app.server.services.events.emit('desktop.openRecord', { kind: 'client', key: other.entityKey });
    app.server.services.events.emit('desktop.command', { command: 'open-screen', screen: 'debtors' });
    await page.waitForTimeout(500);
    expect(new URL(page.url()).hash).toBe(home);
    await expectNoOtherClient([other.fullEntityName], 'the page after a deep link');
  });

  it('comes back in the mode after a reload; a wrong PIN keeps it, the right one leaves', async () => {
    const client = richClient();
    await page.reload();
    await inMode().waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // The keyboard shortcut asks for the PIN too.
    await page.keyboard.press('Control+Shift+S');
    const leave = page.getByRole('dialog', { name: 'Leave client view' });
    await leave.getByLabel('PIN').fill('000000');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await leave.getByText('That PIN is not right.').waitFor();
    await leave.getByRole('button', { name: 'Stay in client view' }).click();
    expect(await inMode().count()).toBe(1);
    await go('/debtors');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/clients/${client.entityKey}`);

    await page.getByRole('button', { name: 'Leave client view' }).click();
    await leave.getByLabel('PIN').fill(PIN);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await inMode().count()).toBe(0);
    await go('/debtors');
    await page.getByRole('heading', { level: 1, name: 'Debtors' }).waitFor();
  });
});
