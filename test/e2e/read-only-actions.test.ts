import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let demo: DemoPractice;
let page: Page;
let problems: string[];

beforeAll(async () => {
  // A demo practice of its own, reached like any practice: custom address and read-only credentials.
  [app, demo] = await Promise.all([openApp({ viewport: { width: 1280, height: 1000 } }), createDemoPractice({})]);
  ({ page, problems } = app);
});
afterAll(async () => {
  await app?.close();
  await demo?.close();
});

const state = () => demo.runtime.practices[0]!;

/**
 * Disabled, and its accessible description includes the read-only sentence shown beside it (a button also
 * disabled for its own reason is described by both sentences).
 */
async function expectBlocked(button: Locator) {
  await button.waitFor();
  expect(await button.isDisabled()).toBe(true);
  const describedBy = await button.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  const reasons = await Promise.all(describedBy!.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(reasons.join(' ')).toMatch(/read-only/);
}

describe('read-only credentials', () => {
  it('connects with a custom address and the practice read-only credentials', async () => {
    const practice = demo.practices[0]!;
    const form = page.getByRole('form', { name: 'Connect your practice' });
    await form.getByRole('combobox', { name: 'Region' }).selectOption('custom');
    await form.getByLabel('Address').fill(practice.baseUrl);
    await form.getByLabel('Client ID').fill(practice.readOnly.clientId);
    await form.getByLabel('Client secret').fill(practice.readOnly.secret);
    await form.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByRole('alertdialog', { name: 'Send your credentials to this address?' })
      .getByRole('button', { name: 'Connect to this address' })
      .click();
    await page
      .getByTestId('client-count')
      .getByText(/150 clients/)
      .waitFor({ timeout: 30_000 });
    await page
      .getByTestId('status-practice')
      .getByText(/last synced/)
      .waitFor({ timeout: 30_000 });
  });

  it('every action button on leads, clients and onboardings is disabled and says why', async () => {
    await page.keyboard.press('Control+7');
    await expectBlocked(page.getByRole('button', { name: 'New lead' }));

    const lead = [...state().leads.values()].find((l) => !l.convertedEntityKey)!;
    await page.goto(`${app.server.url}#/leads/${lead.leadKey}`);
    await expectBlocked(page.getByRole('button', { name: 'Add note' }));
    await expectBlocked(page.getByRole('button', { name: 'Convert to client' }));

    const client = [...state().entities.values()].find(
      (e) =>
        !e.entityTerminated && [...state().contacts.values()].some((c) => c.entityKey === e.entityKey && !c.isDeleted),
    )!;
    await page.goto(`${app.server.url}#/clients/${client.entityKey}`);
    for (const name of ['Add contact', 'Send eForm', 'Send ID verification', 'Run AML check', 'Create bill'])
      await expectBlocked(page.getByRole('button', { name, exact: true }));
    await expectBlocked(
      page
        .getByTestId('contact-row')
        .first()
        .getByRole('button', { name: /^Edit / }),
    );

    const proposal = [...state().proposals.values()][0]!;
    await page.goto(`${app.server.url}#/clients/${proposal.entityKey}?tab=proposals`);
    const actions = page.getByTestId('proposal-actions').first();
    for (const name of ['Duplicate', 'Renew', 'Edit services', 'External projects'])
      await expectBlocked(actions.getByRole('button', { name, exact: true }));
    await expectBlocked(page.getByTestId('new-proposal-actions').getByRole('button', { name: 'New proposal' }));

    const onboarding = [...state().onboardings.values()].find(
      (o) =>
        o.completedOn === null &&
        (state().onboardingDocuments.get(o.onboardingKey) ?? []).some((e) => e.documents.some((d) => !d.isUploaded)),
    )!;
    await page.goto(`${app.server.url}#/onboardings/${onboarding.onboardingKey}`);
    await expectBlocked(page.getByRole('button', { name: 'Edit recipients' }));
    await expectBlocked(page.getByRole('button', { name: 'Complete' }));
    // Reading is allowed: the document list comes, its actions do not.
    const documents = page.getByTestId('onboarding-documents');
    await documents.getByTestId('onboarding-documents-entity').first().waitFor({ timeout: 30_000 });
    await expectBlocked(documents.getByRole('button', { name: 'Custom fields' }).first());
    await expectBlocked(documents.getByRole('button', { name: 'Remove request' }).first());
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
