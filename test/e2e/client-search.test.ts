import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';

let app: AppUnderTest;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 800 }, connectDemo: true });
  ({ page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

/** The names of the rendered rows, and the marked parts of each name. */
async function shownRows() {
  return page.getByTestId('client-row').evaluateAll((els) =>
    els.map((el) => {
      const name = el.querySelector('.rt-Text')!;
      return { name: name.textContent ?? '', marks: [...name.querySelectorAll('mark')].map((m) => m.textContent) };
    }),
  );
}

describe('client search, in Chromium', () => {
  let first = '';
  let second = '';
  let name = '';
  let unsearched = '';

  it('finds a client by its words in any order, and marks them in its name', async () => {
    // A client of the demo practice whose name starts with two words of four letters or more (the first
    // with different second and third letters, to swap them).
    const candidate = (await shownRows())
      .map((r) => r.name)
      .find((n) => /^[A-Za-z]{4,} [A-Za-z]{4,}\b/.test(n) && n[1] !== n[2]);
    expect(candidate, 'a client named with two long words').toBeDefined();
    name = candidate!;
    unsearched = (await page.getByTestId('client-count').textContent()) ?? '';
    [first = '', second = ''] = name.split(' ');

    const search = page.getByLabel('Search clients');
    await search.fill(`${second.toLowerCase()} ${first.toUpperCase()}`);
    await expect.poll(async () => (await shownRows()).find((r) => r.name === name)?.marks).toEqual([first, second]);
    const count = await page.getByTestId('client-count').textContent();
    expect(count).toMatch(/^\d+ of 150 clients$/);
  });

  it('finds it by a whole word and the start of another, marking the typed start', async () => {
    await page.getByLabel('Search clients').fill(`${first} ${second.slice(0, 2)}`);
    await expect
      .poll(async () => (await shownRows()).find((r) => r.name === name)?.marks.join('|'))
      .toMatch(new RegExp(`^${first}( ${second.slice(0, 2)}|\\|${second.slice(0, 2)})$`));
  });

  it('finds it with two letters swapped in a word, marking the word it meant', async () => {
    const typo = first[0]! + first[2]! + first[1]! + first.slice(3);
    await page.getByLabel('Search clients').fill(`${typo} ${second}`);
    await expect.poll(async () => (await shownRows()).find((r) => r.name === name)?.marks).toEqual([first, second]);
    // The marks are part of the row's text: its accessible name is the client's name as written.
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: name }).first().textContent()).toContain(name);
    await page.getByLabel('Search clients').fill('');
    await page.getByTestId('client-count').getByText(unsearched, { exact: true }).waitFor();
    expect(await page.locator('[data-testid="client-row"] mark').count()).toBe(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('starts a new search at the top of the list when it was scrolled down, and only then', async () => {
    const scroller = page.getByRole('list', { name: 'Clients' });
    const scrollTop = () => scroller.evaluate((el) => el.scrollTop);
    // As a person scrolls: the scroll events are delivered with the next frame, long before a key is typed.
    const scrollTo = (top: number) =>
      scroller.evaluate(
        (el, to) => new Promise((done) => (el.scrollTo({ top: to }), requestAnimationFrame(() => setTimeout(done, 0)))),
        top,
      );
    await scrollTo(2000);
    await expect.poll(scrollTop).toBeGreaterThan(0);
    // A letter every client name has somewhere: the list stays long enough to have been scrolled.
    await page.getByLabel('Search clients').fill('a');
    await expect.poll(scrollTop).toBe(0);
    await scrollTo(600);
    await expect.poll(scrollTop).toBeGreaterThan(0);
    await page.getByLabel('Search clients').fill('');
    await page.getByTestId('client-count').getByText(unsearched, { exact: true }).waitFor();
    await expect.poll(scrollTop).toBe(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
