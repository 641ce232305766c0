import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src-renderer/ui/regional/regional-format';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1440, height: 900 }, connectDemo: true });
  ({ page, problems } = app);
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const state = () => app.practice();
const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** An active client owing money, part of it overdue, with an onboarding: what the header has most to say about. */
function owingClient() {
  for (const entity of state().entities.values()) {
    if (entity.entityTerminated) continue;
    const open = [...state().bills.values()].filter(
      (b) =>
        b.entityKey === entity.entityKey && b.statusName !== 'Draft' && b.statusName !== 'Voided' && b.amountDue > 0,
    );
    const overdue = open.filter((b) => b.dueDate < today());
    const onboardings = [...state().onboardings.values()].filter((o) => o.entityKey === entity.entityKey);
    if (overdue.length > 0 && onboardings.length > 0) {
      const sum = (bills: typeof open) => Math.round(bills.reduce((s, b) => s + b.amountDue, 0) * 100) / 100;
      const latest = onboardings.sort((a, b) => b.createdOn.localeCompare(a.createdOn))[0]!;
      return { entity, balance: sum(open), overdue: sum(overdue), onboarding: latest, currency: open[0]!.currency };
    }
  }
  throw new Error('The demo has no active client with an overdue bill and an onboarding.');
}

describe('a client page that leads with what a meeting needs', () => {
  it("the header shows the balance and overdue in the practice's money format, onboarding and ID status, and the pack state", async () => {
    const { entity, balance, overdue, onboarding, currency } = owingClient();
    const region = state().profile.region;
    await go(`/clients/${entity.entityKey}`);
    await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor();
    const summary = page.getByTestId('client-summary');
    await summary
      .getByTestId('client-balance')
      .getByText(formatMoney(balance, region, currency), { exact: true })
      .waitFor({ timeout: 20_000 });
    await summary
      .getByTestId('client-overdue')
      .getByText(`${formatMoney(overdue, region, currency)} overdue`)
      .waitFor();
    await summary.getByTestId('client-onboarding').getByText(onboarding.statusName, { exact: true }).waitFor();
    await summary
      .getByTestId('client-id-status')
      .getByText(/Verified|Not verified|Not read yet/)
      .waitFor();
    await summary.getByTestId('pack-state').getByText('Not prepared').waitFor();
    await summary.getByRole('button', { name: 'Prepare for meeting' }).waitFor();

    // Data first: the header and the action bar come before the tabs; the long pack text is not on the page.
    const top = async (locator: ReturnType<Page['getByTestId']>) => (await locator.boundingBox())!.y;
    expect(await top(summary)).toBeLessThan(await top(page.getByTestId('client-actions')));
    expect(await top(page.getByTestId('client-actions'))).toBeLessThan(
      await top(page.getByRole('tablist', { name: 'Client sections' })),
    );
    expect(await page.getByText(/Copy everything|copies everything/).isVisible()).toBe(false);

    // The page uses the window's width: the header spans most of the content area, not a 900 px column.
    const width = (await summary.boundingBox())!.width;
    expect(width).toBeGreaterThan(1000);
  });

  it('the pack details open from the keyboard, and every action is reachable by Tab', async () => {
    await page.getByRole('heading', { level: 1 }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 40 && !reached.includes('Create bill'); i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? ''));
    }
    for (const name of ['Prepare for meeting', 'Pack details', 'Add contact', 'Send eForm', 'Send ID verification'])
      expect(reached).toContain(name);
    expect(reached.indexOf('Prepare for meeting')).toBeLessThan(reached.indexOf('Add contact'));

    await page.getByRole('button', { name: 'Pack details' }).focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('pack-details');
    await details.getByText(/copies everything/).waitFor();
    expect(await page.getByRole('button', { name: 'Hide pack details' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await details.isVisible()).toBe(false);

    // An action opens from the keyboard too.
    await page.getByRole('button', { name: 'Add contact' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it("a terminated client's greyed-out actions say why, read out with each button", async () => {
    const terminated = [...state().entities.values()].find((e) => e.entityTerminated)!;
    await go(`/clients/${terminated.entityKey}`);
    await page.getByRole('heading', { level: 1, name: terminated.fullEntityName }).waitFor();
    await page.getByTestId('client-terminated').getByText('Terminated').waitFor();
    for (const name of ['Send eForm', 'Send ID verification', 'Run AML check', 'Create bill']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isDisabled()).toBe(true);
      const description = await button.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(description).toMatch(/terminated client/);
    }
    expect(await page.getByRole('button', { name: 'Add contact', exact: true }).isDisabled()).toBe(false);
  });

  it("a proposal's greyed-out actions say why, a reason shared by two buttons written once", async () => {
    const proposal = [...state().proposals.values()][0]!;
    await go(`/clients/${proposal.entityKey}?tab=proposals`);
    const row = page.getByTestId('proposal-actions').first();
    const edit = row.getByRole('button', { name: 'Edit services', exact: true });
    await edit.waitFor({ timeout: 20_000 });
    expect(await edit.isDisabled()).toBe(true);
    const description = (name: string) =>
      row.getByRole('button', { name, exact: true }).evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await description('Edit services')).toMatch(/Pricing/);
    expect(await description('External projects')).toBe(await description('Edit services'));
    const reasons = await row.getByTestId('disabled-reason').allTextContents();
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  it('a client bill opened from the client keeps Clients lit in the navigation', async () => {
    const { entity } = owingClient();
    await go(`/clients/${entity.entityKey}?tab=billing`);
    const open = page.getByTestId('bill-row').getByRole('link', { name: 'Open PDF' }).first();
    await open.waitFor({ timeout: 20_000 });
    await open.click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/documents/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: /^Clients/ }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: /^Documents/ }).getAttribute('aria-current')).toBeNull();
  });

  it('a search with no match says so, and clearing brings the clients back', async () => {
    await go('/clients');
    const search = page.getByRole('textbox', { name: 'Search clients' });
    await search.waitFor();
    await search.fill('zzqxwv');
    const message = page.getByTestId('client-no-match');
    await message.getByText('No client matches “zzqxwv”').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Clients' }).isVisible()).toBe(false);
    await message.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByTestId('client-row').first().waitFor();
    expect(await search.inputValue()).toBe('');
    expect(await message.count()).toBe(0);
  });

  it('the Active/All/Terminated switch shows which is selected', async () => {
    const colourOf = (name: string) =>
      page.getByRole('radio', { name, exact: true }).evaluate((el) => getComputedStyle(el).color);
    await page.getByRole('radio', { name: 'All', exact: true }).click();
    expect(await page.getByRole('radio', { name: 'All', exact: true }).getAttribute('aria-checked')).toBe('true');
    // The selected segment is written in the accent's contrast colour on its solid background.
    expect(await colourOf('All')).not.toBe(await colourOf('Active'));
    await page.getByRole('radio', { name: 'Active', exact: true }).click();
    await expect.poll(() => colourOf('Active')).not.toBe(await colourOf('All'));
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
