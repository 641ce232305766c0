import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';

let app: AppUnderTest;
let page: Page;
let problems: string[];
const TOTAL = 150;

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 800 }, connectDemo: true });
  ({ page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

/** The number of clients shown, from "N of 150 clients" or "150 clients". */
const shown = async () => Number((await page.getByTestId('client-count').textContent())!.split(' ')[0]);

/** The rendered (virtualized) rows: name, the "code · type · office · …" line, and the Terminated badge. */
async function rows() {
  const lines = await page
    .getByTestId('client-row')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.split('\n')));
  return lines.map(([name = '', meta = '', badge]) => ({
    name,
    code: meta.split(' · ')[0],
    type: meta.split(' · ')[1],
    office: meta.split(' · ')[2],
    terminated: badge === 'Terminated',
  }));
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const inOrder = (values: string[], direction: 1 | -1) =>
  values.every((v, i) => i === 0 || collator.compare(values[i - 1]!, v) * direction <= 0);

describe('client list filters and sort, in Chromium', () => {
  let active = 0;

  it('hides terminated clients by default, and shows all of them or only them', async () => {
    active = await shown();
    expect(active).toBeLessThan(TOTAL);
    expect((await rows()).some((r) => r.terminated)).toBe(false);

    await page.getByRole('radio', { name: 'Terminated' }).click();
    await expect.poll(shown).toBe(TOTAL - active);
    const terminated = await rows();
    expect(terminated.length).toBeGreaterThan(0);
    expect(terminated.every((r) => r.terminated)).toBe(true);

    await page.getByRole('radio', { name: 'All' }).click();
    await page
      .getByTestId('client-count')
      .getByText(new RegExp(`^${TOTAL} clients$`))
      .waitFor();
  });

  it('is operable from the keyboard: arrows move along the terminated choice, Space picks', async () => {
    await page.getByRole('radio', { name: 'All' }).focus();
    await page.keyboard.press('ArrowLeft');
    // Radix moves roving focus on a timer after the key, so wait for it as a person would without noticing.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.getAttribute('role') === 'radio' && document.activeElement.textContent,
        ),
      )
      .toContain('Active');
    await page.keyboard.press('Space');
    await expect.poll(shown).toBe(active);
    expect(await page.getByRole('radio', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');
  });

  it('filters by the client types and offices present in the local data', async () => {
    const type = page.getByLabel('Type', { exact: true });
    const types = await type.locator('option').allTextContents();
    expect(types).toContain('Trust');
    // An ANZ practice: the South African entity type is not offered.
    expect(types).not.toContain('Close Corporation');

    await type.selectOption('Trust');
    await expect.poll(shown).toBeLessThan(active);
    const trusts = await rows();
    expect(trusts.length).toBeGreaterThan(0);
    expect(trusts.every((r) => r.type === 'Trust' && !r.terminated)).toBe(true);
    const trustCount = await shown();

    await page.getByLabel('Office', { exact: true }).selectOption('Auckland');
    await expect.poll(shown).toBeLessThan(trustCount);
    expect((await rows()).every((r) => r.type === 'Trust' && r.office === 'Auckland')).toBe(true);
    await page.getByLabel('Office', { exact: true }).selectOption('');
    await expect.poll(shown).toBe(trustCount);

    // Opening a client and coming back keeps the filter.
    await page.getByTestId('client-row').first().click();
    await page.getByRole('heading', { level: 2, name: 'Contacts' }).waitFor();
    await page.goBack();
    await expect.poll(shown).toBe(trustCount);
    expect(await type.inputValue()).toBe('Trust');
    await type.selectOption('');
    await expect.poll(shown).toBe(active);
  });

  it('sorts by name A→Z, Z→A and by client code', async () => {
    const sort = page.getByLabel('Sort', { exact: true });
    const ascending = (await rows()).map((r) => r.name);
    expect(inOrder(ascending, 1)).toBe(true);
    await page.getByRole('list', { name: 'Clients' }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(async () => (await rows()).some((r) => r.name === ascending[0])).toBe(false);
    const last = (await rows()).at(-1)!.name;

    await sort.selectOption('name-desc');
    await expect.poll(async () => (await rows())[0]?.name).toBe(last);
    expect(
      inOrder(
        (await rows()).map((r) => r.name),
        -1,
      ),
    ).toBe(true);

    await sort.selectOption('code');
    await expect
      .poll(async () =>
        inOrder(
          (await rows()).map((r) => r.code!),
          1,
        ),
      )
      .toBe(true);
    expect(
      inOrder(
        (await rows()).map((r) => r.name),
        1,
      ),
    ).toBe(false);
    expect(await shown()).toBe(active);

    await sort.selectOption('name');
    await expect.poll(async () => (await rows())[0]?.name).toBe(ascending[0]);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
