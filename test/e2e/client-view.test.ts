import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreDemoIn, openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';
import { untilStill } from './support/until-still';

/*
 * What the client sees while the screen is turned to them: their details, bills, statements, proposals,
 * onboarding progress and documents, and nothing of the practice's insides (the meeting pack's request count
 * and budget, AML, what the practice is billed, its debtor ageing, the Outbox) anywhere in the DOM, hidden
 * parts and attributes included; no link to a place the view refuses. The PIN that leaves it can be neither
 * bypassed by an enter nor raced, its wait counts down and goes, and it belongs to the practice and the person.
 */
let app: AppUnderTest;
let page: Page;

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1280, height: 900 }, connectDemo: true });
  ({ page } = app);
}, 90_000);
afterAll(async () => {
  await setNetwork(app.server, true);
  await app?.close();
  expect(realProblems(app?.problems ?? [])).toEqual([]);
});

const PIN = '482916';
const state = () => app.practice();
const dialog = () => page.getByRole('dialog');
const inMode = () => page.getByTestId('client-facing');
const go = (hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** The practice's insides, as a search of the page's whole HTML (hidden parts, attributes, links) finds them. */
const insides: readonly [RegExp, string][] = [
  [/\b\d+ requests\b/i, 'a request count'],
  [/request budget|ready in (a moment|about|\d)/i, 'the request budget'],
  [/meeting[ -]pack/i, 'the meeting pack'],
  [/\bAML\b/, 'AML'],
  [/billed (to the practice|per use|per SMS|again)|\(billed\)/i, 'what the practice is billed'],
  [/debtor ageing|as Debtors shows it/i, "the practice's debtor ageing"],
  [/outbox/i, 'the Outbox'],
];

async function insidesShown(): Promise<string[]> {
  const html = await page.evaluate(() => document.body.outerHTML);
  return insides.flatMap(([pattern, what]) => {
    const found = pattern.exec(html);
    return found ? [`${what}: …${html.slice(Math.max(0, found.index - 80), found.index + 80)}…`] : [];
  });
}

/** An active client with bills, statements, proposals and an onboarding: every tab has something to show. */
function richClient() {
  const s = state();
  const has = (records: Iterable<{ entityKey: string | null }>, key: string) =>
    [...records].some((r) => r.entityKey === key);
  const entity = [...s.entities.values()].find(
    (e) =>
      !e.entityTerminated &&
      e.entityEmail &&
      has(s.bills.values(), e.entityKey) &&
      has(s.statements.values(), e.entityKey) &&
      has(s.proposals.values(), e.entityKey) &&
      has(s.onboardings.values(), e.entityKey),
  );
  if (!entity) throw new Error('The demo has no client with bills, statements, proposals and an onboarding.');
  return entity;
}

/** Every link on the page that the client view would refuse (ClientFacingLayout's route guard), by its href. */
async function refusedLinks(entityKey: string): Promise<string[]> {
  const s = state();
  const own = {
    onboardings: new Set(
      [...s.onboardings.values()].filter((o) => o.entityKey === entityKey).map((o) => o.onboardingKey),
    ),
    bill: new Set([...s.bills.values()].filter((b) => b.entityKey === entityKey).map((b) => String(b.billingId))),
    statement: new Set(
      [...s.statements.values()].filter((t) => t.entityKey === entityKey).map((t) => String(t.statementId)),
    ),
  };
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
  );
  return hrefs.filter((href) => {
    const url = new URL(href.replace(/^#/, ''), 'app://x');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'clients' && parts[1] === entityKey && parts.length === 2) return false;
    if (parts[0] === 'onboardings' && own.onboardings.has(parts[1] ?? '') && parts.length === 2) return false;
    if (parts[0] === 'documents' && url.searchParams.get('entity') === entityKey) {
      if (parts[1] === 'idCertificate') return parts[2] !== entityKey;
      if (parts[1] === 'bill' || parts[1] === 'statement') return !own[parts[1]].has(parts[2] ?? '');
      // A file the client uploaded to one of their own onboardings ("<onboarding key>.<entity>.<document>").
      if (parts[1] === 'upload') return !own.onboardings.has((parts[2] ?? '').split('.')[0] ?? '');
    }
    return true;
  });
}

async function expectOnlyTheClients(entityKey: string, where: string): Promise<void> {
  expect(await insidesShown(), `the practice's insides in ${where}`).toEqual([]);
  expect(await refusedLinks(entityKey), `links the view refuses in ${where}`).toEqual([]);
}

/** Opens every row's details on the tab shown ("Details", "Lines", "Pricing"), so what they hold is searched too. */
async function openAllDetails(): Promise<void> {
  const toggles = page.getByRole('tabpanel').getByRole('button', { name: /^(Details|Lines|Pricing)$/ });
  for (let n = await toggles.count(); n > 0; n--) {
    await toggles.first().click();
    await page.waitForTimeout(300);
  }
}

describe('the client view shows the client only what is theirs', () => {
  it('no request counts, budget, AML, billing to the practice, debtor ageing or way to the Outbox, online or offline', async () => {
    const client = richClient();
    await go(`/clients/${client.entityKey}?tab=proposals`);
    await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
    // Read online first: the client's lists, and what a proposal is built from (kept for offline use).
    const fetched = ['listProposalTemplates', 'listPmJobTemplates', 'listDmsJobTemplates'];
    await expect
      .poll(() => fetched.map((id) => app.answered(id)), { timeout: 90_000, interval: 1_000 })
      .toEqual([1, 1, 1]);
    const reading = () => page.getByRole('tabpanel').locator('[data-state="reading"], [data-state="loading"]').count();
    for (const tab of ['Billing', 'Statements', 'Identity']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').waitFor();
      await page.waitForTimeout(500);
      await expect.poll(reading, { timeout: 30_000 }).toBe(0);
    }

    // Offline, staff queue what the practice pays for and a proposal: each waits, with its way to the Outbox.
    await setNetwork(app.server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Run AML check' }).click();
    await dialog().getByRole('button', { name: 'Queue AML check' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send ID verification' }).click();
    await dialog().getByRole('button', { name: 'Queue ID verification' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add contact' }).click();
    await dialog().getByLabel('First name').fill('Meeting');
    await dialog().getByLabel('Surname').fill('Guest');
    await dialog().getByRole('button', { name: 'Add contact' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Proposals' }).click();
    await page.getByRole('button', { name: 'New proposal' }).click();
    const template = state().proposalTemplates[0]!;
    const templates = dialog().getByRole('combobox', { name: /Template/ });
    await templates.locator(`option[value="${template.templateID}"]`).waitFor({ state: 'attached' });
    await templates.selectOption(String(template.templateID));
    await dialog()
      .getByRole('combobox', { name: /Prepared by/ })
      .selectOption([...state().users.values()][0]!.userKey);
    await dialog().getByRole('button', { name: 'Queue proposal' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.locator('[data-testid="proposal-row"][data-pending="true"]').first().waitFor();
    // The search sees the insides where staff see them: the check itself can fail.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('client-pending-actions').waitFor();
    const staffSees = (await insidesShown()).join('\n');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByTestId('client-ageing').waitFor();
    expect((await insidesShown()).join('\n')).toContain("the practice's debtor ageing");
    await page.getByRole('tab', { name: 'Overview' }).click();
    for (const what of ['a request count', 'the meeting pack', 'AML', 'what the practice is billed', 'the Outbox'])
      expect(staffSees).toContain(what);
    expect(await refusedLinks(client.entityKey)).toContain('#/outbox');

    await page.getByRole('button', { name: 'Show to client' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose a PIN for client view' });
    await choose.getByLabel('PIN (4 to 12 digits)').fill(PIN);
    await choose.getByLabel('Type it again').fill(PIN);
    await choose.getByRole('button', { name: 'Show to client' }).click();
    await inMode().waitFor();

    const searchEverywhere = async (when: string) => {
      await go(`/clients/${client.entityKey}`);
      await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
      // Only what staff do with the client: nothing about the practice's own work on them.
      for (const name of ['Run AML check', 'Send ID verification', 'Create bill', 'Prepare for meeting'])
        expect(await page.getByRole('button', { name }).count(), name).toBe(0);
      await page.getByRole('button', { name: 'Add contact' }).waitFor();
      for (const tab of ['Overview', 'Billing', 'Statements', 'Proposals', 'Identity']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel').waitFor();
        await untilStill(page);
        await openAllDetails();
        await expectOnlyTheClients(client.entityKey, `the ${tab} tab (${when})`);
      }
      expect(await page.getByRole('button', { name: 'External projects' }).count()).toBe(0);

      for (const onboarding of [...state().onboardings.values()].filter((o) => o.entityKey === client.entityKey)) {
        await go(`/onboardings/${onboarding.onboardingKey}`);
        await page.getByRole('heading', { level: 1, name: `Onboarding #${onboarding.onboardingID}` }).waitFor();
        await untilStill(page);
        for (const name of ['Complete', 'Custom fields'])
          expect(await page.getByRole('button', { name }).count(), name).toBe(0);
        await expectOnlyTheClients(client.entityKey, `onboarding #${onboarding.onboardingID} (${when})`);
      }

      const bill = [...state().bills.values()].find(
        (b) => b.entityKey === client.entityKey && b.statusName !== 'Draft',
      )!;
      await go(`/documents/bill/${bill.billingId}?entity=${client.entityKey}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await untilStill(page);
      await expectOnlyTheClients(client.entityKey, `a bill's PDF (${when})`);

      await go(`/clients/${client.entityKey}`);
      await page.getByRole('button', { name: 'Add contact' }).click();
      await dialog().waitFor();
      await expectOnlyTheClients(client.entityKey, `the Add contact dialog (${when})`);
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Send eForm' }).click();
      await dialog().getByRole('button', { name: 'Queue to send' }).waitFor();
      // The practice's template names are the client's forms ("AML / KYC declaration"): only the words the app adds are searched.
      const eformWords = await dialog().evaluate((d) => {
        const copy = d.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('option').forEach((o) => o.remove());
        return copy.outerHTML;
      });
      expect(eformWords).not.toMatch(/billed/i);
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    };

    await searchEverywhere('offline, with actions waiting');
    // Back online, the waiting actions go out (the AML check's result comes back): still nothing of it shows.
    await setNetwork(app.server, true);
    await expect
      .poll(() => state().amlChecks.filter((c) => c.entityKey === client.entityKey).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await searchEverywhere('online, actions sent');
    await inMode().waitFor();
  }, 300_000);
});

describe('the PIN that leaves the client view', () => {
  it('an enter for another client is refused while one is shown; 31 guesses at once are no faster; the wait counts down and goes', async () => {
    const client = richClient();
    const other = [...state().entities.values()].find((e) => e.entityKey !== client.entityKey && !e.entityTerminated)!;
    const practiceKey = await page.evaluate(async () => (await window.companion!.practice.list()).activePracticeKey);
    const refusal = await page.evaluate(
      async (input) =>
        window.companion!.clientFacing.enter(input).then(
          () => 'entered',
          (error: Error) => error.message,
        ),
      { practiceKey: practiceKey!, entityKey: other.entityKey, userKey: null },
    );
    expect(refusal).toMatch(/already shows a client/);
    await page.reload();
    await inMode().waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();

    // 30 wrong guesses and the right one last, all at once through the bridge: the right one is refused too.
    const answers = await page.evaluate(async (pin) => {
      const guesses = [...Array.from({ length: 30 }, (_, i) => String(100000 + i)), pin];
      return Promise.all(guesses.map((guess) => window.companion!.clientFacing.exit({ pin: guess })));
    }, PIN);
    expect(answers.filter((a) => a.accepted)).toEqual([]);
    expect(answers.at(-1)!.retryInMs).toBeGreaterThan(0);
    expect(await inMode().count()).toBe(1);

    // The dialog says the wait, counts it down, and says nothing of it once it is over.
    await page.getByRole('button', { name: 'Leave client view' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave client view' });
    const wait = leave.getByTestId('pin-wait');
    await wait.getByText(/Try again in [1-5] seconds?\./).waitFor();
    const first = Number(/(\d+)/.exec(await wait.innerText())![1]);
    await wait.getByText(new RegExp(`Try again in [1-${first - 1 || 1}] seconds?\\.`)).waitFor();
    await wait.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await leave.getByText(/Try again/).count()).toBe(0);

    // A wrong PIN typed now earns the next, longer wait, said and counted down the same way.
    await leave.getByLabel('PIN').fill('000000');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await leave.getByText('That PIN is not right.').waitFor();
    await wait.getByText(/Try again in (10|9) seconds\./).waitFor();
    await wait.getByText(/Try again in [1-8] seconds?\./).waitFor();
    await wait.waitFor({ state: 'detached', timeout: 15_000 });
    await leave.getByLabel('PIN').fill(PIN);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await inMode().count()).toBe(0);
  }, 120_000);

  it('belongs to the practice and the person: another "This is me", or another practice after signing out, chooses its own', async () => {
    const client = richClient();
    const colleague = [...state().users.values()][1]!;
    await page.keyboard.press('Control+6');
    await page.getByRole('combobox', { name: 'This is me' }).selectOption(colleague.userKey);
    await go(`/clients/${client.entityKey}`);
    await page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
    await page.keyboard.press('Control+Shift+S');
    const choose = page.getByRole('dialog', { name: 'Choose a PIN for client view' });
    await choose.waitFor();
    expect(await inMode().count()).toBe(0);
    await choose.getByRole('button', { name: 'Cancel' }).click();

    // Signed out, and joined to another practice: the shortcut asks for a PIN before the first entry.
    await page.keyboard.press('Control+6');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign out and delete' }).click();
    await page.getByRole('button', { name: 'Explore the demo practice' }).waitFor({ timeout: 20_000 });
    await go('/clients');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/clients');
    await exploreDemoIn(page, 'UK');
    const uk = app.demo().runtime.practices.find((p) => p.profile.region === 'UK')!;
    const ukClient = [...uk.entities.values()].find((e) => !e.entityTerminated)!;
    await go(`/clients/${ukClient.entityKey}`);
    await page.getByRole('heading', { level: 1, name: ukClient.fullEntityName }).waitFor();
    await page.keyboard.press('Control+Shift+S');
    await page.getByRole('dialog', { name: 'Choose a PIN for client view' }).waitFor();
    expect(await inMode().count()).toBe(0);
  }, 180_000);
});
