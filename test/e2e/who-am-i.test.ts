import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let page: Page;
beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 1000 }, connectDemo: true });
  page = app.page;
}, 90_000);
afterAll(() => app?.close());

const dialog = () => page.getByRole('dialog');

describe('the app knows who is using it', () => {
  it('asks once after connecting; every "…by" field starts at that person and can be changed; Settings changes it', async () => {
    const users = [...app.practice().users.values()];
    const me = users[2]!;
    const colleague = users[3]!;
    const prompt = page.getByRole('region', { name: 'Who is using this laptop' });
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole('combobox', { name: 'I am' }).selectOption(me.userKey);
    await prompt.getByRole('button', { name: 'This is me' }).click();
    await prompt.waitFor({ state: 'detached' });

    // A bill's "Created by" starts at me, never "Not said".
    const client = [...app.practice().entities.values()].find((e) => !e.entityTerminated)!;
    await page.goto(`${app.server.url}#/clients/${client.entityKey}`);
    await page.getByRole('button', { name: 'Create bill' }).click();
    const createdBy = dialog().getByRole('combobox', { name: /Created by/ });
    // The staff list is read from the local database as the form opens: its value shows once its options are there.
    await expect.poll(() => createdBy.inputValue()).toBe(me.userKey);
    // Changed in one form, it stays in that form: the next one starts at me again.
    await createdBy.selectOption(colleague.userKey);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Create bill' }).click();
    await expect
      .poll(() =>
        dialog()
          .getByRole('combobox', { name: /Created by/ })
          .inputValue(),
      )
      .toBe(me.userKey);
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    // Settings says who, and changes it; the prompt does not come back after a restart.
    await page.getByRole('link', { name: /^Settings/ }).click();
    const thisIsMe = page.getByRole('combobox', { name: 'This is me' });
    await expect.poll(() => thisIsMe.inputValue()).toBe(me.userKey);
    await thisIsMe.selectOption(colleague.userKey);
    await app.reload();
    await page.getByRole('link', { name: /^Settings/ }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'This is me' }).inputValue()).toBe(colleague.userKey);
    expect(await page.getByRole('region', { name: 'Who is using this laptop' }).count()).toBe(0);
    expect(realProblems(app.problems)).toEqual([]);
  }, 180_000);
});
