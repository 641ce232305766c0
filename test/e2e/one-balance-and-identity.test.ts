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
const amountOf = async (testId: string) => Number(await page.getByTestId(testId).getAttribute('data-amount'));

/** An active client whose identity the practice has verified. */
function verifiedClient() {
  for (const [entityKey, checks] of state().idVerifications) {
    const entity = state().entities.get(entityKey);
    if (entity && !entity.entityTerminated && checks.some((c) => c.result === 'verified')) return entity;
  }
  throw new Error('The demo has no active client with a verified identity.');
}

/** A POST on the connected practice's API with its read-write credentials: a bill made elsewhere after the sync. */
async function createBillAtPractice(entityKey: string, unitPrice: number) {
  const practiceKey = await page.evaluate(async () => (await window.companion!.practice.list()).activePracticeKey);
  const practice = app.demo().practices.find((p) => p.practiceKey === practiceKey)!;
  const account = state().ledger.accounts.find((a) => a.type === 'REVENUE')!;
  const response = await fetch(`${practice.baseUrl}/api/v1/bills`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Svc-Auth-ID': practice.readWrite.clientId,
      'X-Svc-Auth-Key': practice.readWrite.secret,
    },
    body: JSON.stringify({
      entityKey,
      dueDate: '2099-01-31',
      sendBill: false,
      syncNow: false,
      lines: [
        { description: 'Advice', quantity: 1, unitPrice, extAccountID: account.extAccountID, extTaxID: 'OUTPUT' },
      ],
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { billingId: number };
}

describe('identity as it stands', () => {
  it("a verified client's header never says it is unchecked: identity is read with the client, in one request", async () => {
    const entity = verifiedClient();
    const before = app.answered('downloadIdCertificate');
    await go(`/clients/${entity.entityKey}`);
    await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor();
    const field = page.getByTestId('client-id-status');
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          seen.push((await field.textContent()) ?? '');
          return seen.at(-1);
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe('IdentityVerified');
    expect(seen.filter((text) => /Not checked/i.test(text))).toEqual([]);
    expect(app.answered('downloadIdCertificate')).toBe(before + 1);
  });

  it('the Identity tab does not pass the time the app read it off as the verification date', async () => {
    const entity = verifiedClient();
    const before = app.answered('downloadIdCertificate');
    await go(`/clients/${entity.entityKey}?tab=identity`);
    const status = page.getByTestId('identity-status');
    await status.getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await status.textContent()).not.toMatch(/checked/i);
    expect(await page.getByTestId('identity-verified-on').textContent()).toMatch(
      /date and method are in the certificate/,
    );
    expect(await page.getByTestId('identity-read-at').textContent()).toMatch(
      /^Status read from the practice by this laptop .+\.$/,
    );
    // Read a minute ago with the client: the tab does not spend another request.
    expect(app.answered('downloadIdCertificate')).toBe(before);
  });

  for (const [action, submit] of [
    ['Send ID verification', 'Queue ID verification'],
    ['Run AML check', 'Queue AML check'],
  ] as const) {
    it(`"${action}" on a verified client says a verification is on file, and waits for an explicit confirm`, async () => {
      const entity = verifiedClient();
      await go(`/clients/${entity.entityKey}`);
      await page.getByTestId('client-id-status').getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const notice = dialog.getByTestId('verified-on-file');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(
        /already verified: a completed verification is on file \(read from the practice .*\d{4}/,
      );
      const button = dialog.getByRole('button', { name: submit });
      expect(await button.isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: /run this billed check anyway/ }).click();
      expect(await button.isDisabled()).toBe(false);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    });
  }
});

describe('one balance', () => {
  /** An active client the practice's ageing lists as owing money. */
  const owingClient = () => {
    const owing = new Set([...state().bills.values()].filter((b) => b.amountDue > 0).map((b) => b.entityKey));
    const entity = [...state().entities.values()].find((e) => !e.entityTerminated && owing.has(e.entityKey));
    if (!entity) throw new Error('The demo has no active client owing money.');
    return entity;
  };

  it('after a new bill, the header and the Billing tab show one balance: the ageing plus what was billed since', async () => {
    const entity = owingClient();
    const { billingId } = await createBillAtPractice(entity.entityKey, 550);
    const billed = state().bills.get(billingId)!.amountDue;
    await go(`/clients/${entity.entityKey}?tab=billing`);
    await page.getByRole('heading', { level: 1, name: entity.fullEntityName }).waitFor();
    // The Billing tab reads every bill of the client when opened online: the new one arrives.
    const parts = page.getByTestId('client-owed-parts');
    await parts.getByText(/billed since/).waitFor({ timeout: 20_000 });
    const region = state().profile.region;
    const ageingPart = Number(
      await page.getByTestId('client-ageing').locator('.amount--total').getAttribute('data-amount'),
    );
    const figure = await amountOf('client-owed');
    expect(figure).toBeCloseTo(ageingPart + billed, 2);
    expect(await amountOf('client-balance-figure')).toBe(figure);
    const text = await parts.textContent();
    expect(text).toContain(`${formatMoney(ageingPart, region)} at the ageing of`);
    expect(text).toContain(`+ ${formatMoney(billed, region)} billed since`);
    // One figure in the header too, with the same parts.
    expect(await page.getByTestId('client-balance-figure-parts').textContent()).toBe(text);
  });

  it('Billing and Debtors show the same amount owed to the practice, with the same parts', async () => {
    await page.keyboard.press('Control+3');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await page.getByTestId('practice-owed-figure').waitFor({ timeout: 20_000 });
    const billing = await amountOf('practice-owed-figure');
    const billingParts = await page.getByTestId('practice-owed-figure-parts').textContent();
    expect(billingParts).toMatch(/at the ageing of .+ \+ .+ billed since/);
    await page.keyboard.press('Control+8');
    await page.getByRole('heading', { level: 1, name: 'Debtors' }).waitFor();
    await page.getByTestId('debtors-total').waitFor();
    expect(await amountOf('debtors-total')).toBe(billing);
    expect(await page.getByTestId('debtors-total-parts').textContent()).toBe(billingParts);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
