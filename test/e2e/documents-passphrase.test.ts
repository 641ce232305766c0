import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cipher } from '../../src-main/cipher/cipher';
import { createSessionCipher } from '../../src-main/cipher/session-cipher';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

/** Linux without a keyring: safeStorage's basic_text, whose key every program knows. */
function weakCipher(): Cipher {
  const inner = createSessionCipher();
  return { backend: () => 'basic_text', isSecure: async () => false, encrypt: inner.encrypt, decrypt: inner.decrypt };
}

let app: AppUnderTest;
let page: Page;
beforeAll(async () => {
  app = await openApp({ connectDemo: true, cipher: weakCipher() });
  page = app.page;
}, 90_000);
afterAll(() => app?.close());

const state = () => page.getByTestId('document-passphrase-state');
const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

describe('the documents passphrase, on a laptop without a secure password store', () => {
  it('is set in Settings, then changed there only with the current one (which then no longer opens)', async () => {
    await page.goto(`${app.server.url}#/settings`);
    await expect.poll(() => state().textContent(), { timeout: 30_000 }).toMatch(/set a documents passphrase/);
    await fill('New documents passphrase', 'first long passphrase');
    await fill('Type it again', 'first long passphrase');
    await page.getByRole('button', { name: 'Set passphrase' }).click();
    await expect.poll(() => state().textContent()).toMatch(/was entered for this session/);

    await page.getByRole('button', { name: 'Change passphrase…' }).click();
    const form = page.getByRole('form', { name: 'Change the documents passphrase' });
    await fill('Current passphrase', 'not the passphrase');
    await fill('New passphrase', 'second long passphrase');
    await fill('Type the new one again', 'second long passphrase');
    await form.getByRole('button', { name: 'Change passphrase' }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe(
      'That is not the documents passphrase. Try again.',
    );
    // The fields are cleared whatever the answer: nothing typed stays in the page.
    expect(await page.getByLabel('Current passphrase', { exact: true }).inputValue()).toBe('');

    await fill('Current passphrase', 'first long passphrase');
    await fill('New passphrase', 'second long passphrase');
    await fill('Type the new one again', 'second long passphrase');
    await form.getByRole('button', { name: 'Change passphrase' }).click();
    await page.getByRole('status').getByText('The documents passphrase was changed.').waitFor();

    // The settings file now checks the new passphrase only.
    const enter = app.server.services.handlers['documents.enterPassphrase'];
    expect(await enter({ passphrase: 'first long passphrase' })).toMatchObject({ ok: false });
    expect(await enter({ passphrase: 'second long passphrase' })).toMatchObject({ ok: true });
    expect(realProblems(app.problems)).toEqual([]);
  });
});
