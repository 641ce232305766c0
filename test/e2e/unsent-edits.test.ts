import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 1000 }, connectDemo: true });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

describe('what the user typed stays on screen', () => {
  it('a contact edited but not yet sent keeps the edit, still pending, when a sync page for that contact arrives', async () => {
    const state = app.practice();
    const contact = [...state.contacts.values()].find(
      (c) => !c.isDeleted && state.entities.get(c.entityKey)?.entityTerminated === false,
    )!;
    // The practice keeps failing the edit, so it stays unsent while syncs go on.
    for (let i = 0; i < 40; i++)
      app
        .demo()
        .injectFault({ match: { method: 'PUT', path: /\/contacts\/\d+$/ }, fault: 'fail-before-apply', status: 503 });

    await page.goto(`${server.url}#/clients/${contact.entityKey}`);
    const row = page.getByTestId('contact-row').filter({ hasText: `${contact.contactName} ${contact.contactSurname}` });
    await row.getByRole('button', { name: `Edit ${contact.contactName} ${contact.contactSurname}` }).click();
    await page.getByLabel('Position').fill('Head of Finance');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Save|Queue/ })
      .click();
    await row.getByText('pending').waitFor();

    // Meanwhile someone at the practice changes the same contact's mobile; a sync brings that page.
    Object.assign(contact, { mobile: '0499 111 222', updatedOn: new Date().toISOString() });
    const before = app.answered('listContacts');
    await page.keyboard.press('Control+6');
    await page.getByRole('button', { name: 'Sync now' }).click();
    // "Sync now" right after the import may wait for the minute's share of the limiter.
    await expect.poll(() => app.answered('listContacts'), { timeout: 90_000 }).toBeGreaterThan(before);
    await page.goto(`${server.url}#/clients/${contact.entityKey}`);
    await row.getByText('0499 111 222').waitFor({ timeout: 30_000 });
    // The practice's new mobile and, on top, the unsent position — still marked pending.
    await row.getByText('Head of Finance').waitFor();
    await row.getByText('pending').waitFor();
    expect(state.contacts.get(contact.entityContactID)!.position).not.toBe('Head of Finance');

    // The practice accepts it: its answer replaces both, and the row is no longer pending.
    app.demo().runtime.faultQueue.clear();
    await page.keyboard.press('Control+5');
    // Between two tries the entry waits out its backoff (minutes, after this many failures); "Retry now"
    // skips the wait whenever it is offered — not while a try is under way, so it is looked for until done.
    const retry = page
      .getByTestId('outbox-entry')
      .filter({ hasText: `Edit contact ${contact.contactName}` })
      .getByRole('button', { name: 'Retry now' });
    await expect
      .poll(
        async () => {
          if ((await retry.count()) > 0) await retry.click().catch(() => undefined);
          return page.getByTestId('outbox-open-count').getByText('0 waiting').count();
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(1);
    expect(state.contacts.get(contact.entityContactID)).toMatchObject({
      position: 'Head of Finance',
      mobile: '0499 111 222',
    });
    await page.goto(`${server.url}#/clients/${contact.entityKey}`);
    await row.getByText('Head of Finance').waitFor();
    expect(await row.getByText('pending').count()).toBe(0);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 150_000);
});
