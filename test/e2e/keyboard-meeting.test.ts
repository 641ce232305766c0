import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let page: Page;
let problems: string[];
/** The client the meeting is about: the first of the list. */
let clientName = '';

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 800 }, connectDemo: true });
  ({ page, problems } = app);
  clientName = (await page.getByTestId('client-row').first().locator('.rt-Text').first().textContent()) ?? '';
});
afterAll(async () => {
  await app?.close();
});

/** What has focus, in words a failure message can show. */
function focused() {
  return page.evaluate(() => {
    const el = document.activeElement;
    const input = el instanceof HTMLInputElement ? el : null;
    return {
      tag: el?.tagName ?? 'none',
      label: el?.getAttribute('aria-label') ?? '',
      role: el?.getAttribute('role') ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 60),
      testId: el?.getAttribute('data-testid') ?? '',
      inOpenDialog: Boolean(el?.closest('dialog[open]')),
      selected: input ? [input.selectionStart, input.selectionEnd, input.value.length] : null,
    };
  });
}

/** After each step focus is somewhere a keyboard user can go on from: never the page itself. */
async function expectFocusOnTheApp(step: string) {
  const now = await focused();
  expect(now.tag, `${step}: focus dropped to the page (${JSON.stringify(now)})`).not.toMatch(/^(BODY|HTML|none)$/);
  return now;
}

/** Presses a key and checks focus did not drop, once what the key started has had time to show. */
async function press(key: string, step: string) {
  await page.keyboard.press(key);
  await page.waitForTimeout(150);
  return expectFocusOnTheApp(step);
}

/** Tabs forward (never more than `limit` times) until `wanted` has focus, checking focus after every Tab. */
async function tabUntil(wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    const now = await press('Tab', `Tab towards ${what}`);
    if (wanted(now)) return now;
  }
  throw new Error(`${what} was not reached with ${limit} Tabs`);
}

const searchFocused = (f: Awaited<ReturnType<typeof focused>>) => f.tag === 'INPUT' && f.label === 'Search clients';

/**
 * Setup only, for a step checked on its own when an earlier one failed: the search emptied and focused, or
 * the client opened, with the mouse. On a passing run each step starts where the previous one left off.
 */
async function startOnTheSearch() {
  const search = page.getByLabel('Search clients');
  if (!(await search.isVisible())) await page.getByRole('link', { name: /^Clients/ }).click();
  await search.fill('');
  await search.focus();
}
async function startOnTheClient() {
  const heading = page.getByRole('heading', { level: 1, name: clientName });
  if (await heading.isVisible()) return;
  await startOnTheSearch();
  await page.getByLabel('Search clients').fill(clientName);
  await page.getByTestId('client-row').filter({ hasText: clientName }).first().click();
  await heading.waitFor();
  await page.locator('#main').focus();
}

describe('the meeting, keyboard only, in Chromium', () => {
  it('Ctrl+1 on Clients focuses the search and selects its text', async () => {
    const search = page.getByLabel('Search clients');
    await search.fill('zzz');
    // Leave the search for the filters, as a user tabbing on would.
    await press('Tab', 'Tab to the filters');
    expect(searchFocused(await focused())).toBe(false);
    const now = await press('Control+1', 'Ctrl+1 on Clients');
    expect(searchFocused(now), JSON.stringify(now)).toBe(true);
    expect(now.selected).toEqual([0, 3, 3]);
    await page.keyboard.press('Backspace');
    await expect.poll(() => search.inputValue()).toBe('');
    await page.getByTestId('client-row').first().waitFor();
  });

  it('from another screen, Ctrl+1 comes back to the search with the old text selected', async () => {
    expect(clientName).not.toBe('');
    await startOnTheSearch();
    await page.keyboard.type(clientName.split(' ')[0]!);
    await press('Control+2', 'Ctrl+2 to another screen');
    await page.getByLabel('Search clients').waitFor({ state: 'detached' });
    const now = await press('Control+1', 'Ctrl+1 back to Clients');
    expect(searchFocused(now), JSON.stringify(now)).toBe(true);
    const length = clientName.split(' ')[0]!.length;
    expect(now.selected).toEqual([0, length, length]);
  });

  it('types a name, arrows into the results and back, and opens the client with Enter', async () => {
    if (!searchFocused(await focused())) await startOnTheSearch();
    await page.keyboard.type(clientName);
    await expect
      .poll(() => page.getByTestId('client-row').first().textContent(), { timeout: 10_000 })
      .toContain(clientName);
    let now = await press('ArrowDown', 'Down from the search');
    expect(now.testId, 'Down from the search reaches the first result').toBe('client-row');
    expect(now.text).toContain(clientName);
    now = await press('ArrowUp', 'Up from the first result');
    expect(searchFocused(now), 'Up from the first result returns to the search').toBe(true);
    await press('ArrowDown', 'Down into the results again');
    await press('Enter', 'Enter on the client');
    await page.getByRole('heading', { level: 1, name: clientName }).waitFor();
    await expectFocusOnTheApp('the client opened');
  });

  it('"Prepare for meeting" with Enter keeps focus in the meeting pack', async () => {
    await startOnTheClient();
    await tabUntil((f) => f.text === 'Prepare for meeting', 'Prepare for meeting');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('pack-state').textContent(), { timeout: 20_000 }).not.toBe('Not prepared');
    await page.waitForTimeout(200);
    const now = await expectFocusOnTheApp('after Prepare for meeting');
    expect(now.text).toMatch(/Pack details|Refresh pack|Retry/);
  });

  it('an action dialog keeps Tab inside it and Escape closes it back to its button', async () => {
    await startOnTheClient();
    await tabUntil((f) => f.text === 'Add contact', 'Add contact');
    await press('Enter', 'Enter on Add contact');
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < 25; i++) {
      const now = await press(i % 5 === 4 ? 'Shift+Tab' : 'Tab', `Tab ${i + 1} in the dialog`);
      expect(now.inOpenDialog, `Tab ${i + 1} left the dialog: ${JSON.stringify(now)}`).toBe(true);
    }
    const now = await press('Escape', 'Escape closes the dialog');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(now.text).toBe('Add contact');

    // Closed with its own Cancel button (its content goes before the dialog closes), focus returns to the opener too.
    await press('Enter', 'Enter on Add contact again');
    await page.getByRole('dialog').waitFor();
    await tabUntil((f) => f.text === 'Cancel' && f.inOpenDialog, 'the dialog’s Cancel');
    const back = await press('Enter', 'Cancel closes the dialog');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(back.text).toBe('Add contact');
  });

  it('moves through the client’s tabs with the arrow keys', async () => {
    await startOnTheClient();
    await tabUntil((f) => f.role === 'tab', 'the client’s tabs');
    for (const tab of ['Billing', 'Statements', 'Proposals', 'Identity']) {
      const now = await press('ArrowRight', `ArrowRight to ${tab}`);
      expect(now.text.startsWith(tab), JSON.stringify(now)).toBe(true);
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    }
    await press('Home', 'Home to Overview');
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
