import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { realProblems } from './support/page-problems';
import { setNetwork } from './support/preview';
import { openApp, type AppUnderTest } from './support/app-under-test';

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

const state = () => app.practice();
const dialog = () => page.getByRole('dialog');
const calls = (operationId: string) => app.answered(operationId);
const sent = (operationId: string, n = 1) => app.waitForAnswered(operationId, n);

describe('client and onboarding actions', () => {
  it('edits a contact, sending only what changed: a change made at the practice meanwhile survives', async () => {
    const contact = [...state().contacts.values()].find(
      (c) => !c.isDeleted && c.email && c.mobile && state().entities.get(c.entityKey)?.entityTerminated === false,
    )!;
    await page.goto(`${server.url}#/clients/${contact.entityKey}`);
    const row = page.getByTestId('contact-row').filter({ hasText: `${contact.contactName} ${contact.contactSurname}` });
    await row.getByRole('button', { name: /^Edit / }).click();
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await dialog().getByText('Nothing was changed.').waitFor();

    state().contacts.get(contact.entityContactID)!.mobile = '0499 000 111'; // someone at the practice, meanwhile
    await dialog().getByLabel('Position').fill('Finance Director');
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await row.getByText('Finance Director').waitFor();
    await sent('updateClientContact');
    expect(state().contacts.get(contact.entityContactID)).toMatchObject({
      position: 'Finance Director',
      mobile: '0499 000 111',
      email: contact.email,
      contactName: contact.contactName,
    });
    await expect.poll(() => row.getByText('pending').count()).toBe(0);
  });

  it('runs an AML check and sends an ID verification with AML, each said to be billed, each sent once', async () => {
    // Not yet verified: on a verified client a billed check first asks for an explicit confirm.
    const client = [...state().entities.values()].find(
      (e) =>
        !e.entityTerminated &&
        e.entityEmail &&
        !state()
          .idVerifications.get(e.entityKey)
          ?.some((v) => v.result === 'verified'),
    )!;
    const verificationsBefore = state().idVerifications.get(client.entityKey)?.length ?? 0;
    await page.goto(`${server.url}#/clients/${client.entityKey}`);

    await page.getByRole('button', { name: 'Run AML check' }).click();
    await dialog()
      .getByTestId('billed-notice')
      .getByText(/Billed per use/)
      .waitFor();
    await dialog().getByRole('combobox', { name: 'Check' }).selectOption('extensive');
    await dialog().getByRole('button', { name: 'Queue AML check' }).click();
    await sent('runAmlCheck');
    expect(
      state()
        .amlChecks.filter((c) => c.entityKey === client.entityKey)
        .at(-1),
    ).toMatchObject({ kind: 'extensive' });

    await page.getByRole('button', { name: 'Send ID verification' }).click();
    await dialog()
      .getByTestId('billed-notice')
      .getByText(/Billed per use/)
      .waitFor();
    await dialog().getByLabel('Recipient email').fill('not-an-email');
    await dialog().getByRole('button', { name: 'Queue ID verification' }).click();
    await dialog()
      .getByText(/Enter an email address like name@example\.com/)
      .waitFor(); // checked here, before anything billable is queued
    await dialog().getByLabel('Recipient email').fill('verify.me@example.com');
    await dialog().getByText('Include an AML check').click();
    await dialog().getByRole('combobox', { name: 'AML check' }).selectOption('standard');
    await dialog().getByRole('button', { name: 'Queue ID verification' }).click();
    await sent('sendIdVerification');
    expect(state().idVerifications.get(client.entityKey)).toHaveLength(verificationsBefore + 1);
    expect(state().idVerifications.get(client.entityKey)!.at(-1)!.aml).toMatchObject({ kind: 'standard' });
    expect(calls('runAmlCheck')).toBe(1);
  });

  it('edits an onboarding’s recipients (add, change, remove) after the new one’s missing email is caught', async () => {
    const onboarding = [...state().onboardings.values()].find(
      (o) => o.completedOn === null && o.recipients.length >= 2,
    )!;
    const [keep, drop] = onboarding.recipients;
    const users = [...state().users.values()];
    await page.goto(`${server.url}#/onboardings/${onboarding.onboardingKey}`);
    await page.getByRole('button', { name: 'Edit recipients' }).click();
    await dialog()
      .getByRole('combobox', { name: /Changed by/ })
      .selectOption(users[0]!.userKey);
    const rows = dialog().getByTestId('recipient-edit-row');
    await rows.nth(0).getByLabel('Surname').fill('Renamed');
    await rows.nth(1).getByText('Remove').click();
    await dialog().getByRole('button', { name: 'Add a recipient' }).click();
    const added = rows.last();
    await added.getByLabel(/First name/).fill('Nova');
    await dialog().getByRole('button', { name: 'Queue changes' }).click();
    await added.getByText('A new recipient needs an email address.').waitFor();
    await added.getByLabel(/Email/).fill('nova.added@example.com');
    await dialog().getByRole('button', { name: 'Queue changes' }).click();

    await page.getByTestId('recipient-row').filter({ hasText: 'nova.added@example.com' }).waitFor();
    await sent('editOnboardingRecipients');
    const recipients = state().onboardings.get(onboarding.onboardingKey)!.recipients;
    expect(recipients.find((r) => r.recipientKey === keep!.recipientKey)).toMatchObject({
      surname: 'Renamed',
      name: keep!.name,
    });
    expect(recipients.some((r) => r.recipientKey === drop!.recipientKey)).toBe(false);
    expect(recipients.filter((r) => r.email === 'nova.added@example.com')).toHaveLength(1);
    await expect.poll(() => page.getByTestId('recipient-row').count()).toBe(recipients.length);
  });

  it('offline, from the document list read earlier: removes a requested document, sets a custom field and a recipient’s access; online, each sent once', async () => {
    const [key, entities] = [...state().onboardingDocuments.entries()].find(
      ([k, list]) =>
        state().onboardings.get(k)?.completedOn === null && list[0]!.documents.filter((d) => !d.isUploaded).length >= 1,
    )!;
    const entity = entities[0]!;
    const target = entity.documents.find((d) => !d.isUploaded)!;
    const user = [...state().users.values()][0]!;
    await page.goto(`${server.url}#/onboardings/${key}`);
    const card = page.getByTestId('onboarding-documents');
    await card
      .getByTestId('onboarding-documents-entity')
      .filter({ hasText: entity.entityName })
      .waitFor({ timeout: 30_000 });
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await page.reload(); // offline, after a restart: the list is still there
    const row = card.getByTestId('onboarding-document-row').filter({ hasText: target.name }).first();
    await row.getByRole('button', { name: 'Remove request' }).click();
    await dialog()
      .getByRole('combobox', { name: /Removed by/ })
      .selectOption(user.userKey);
    await dialog().getByRole('button', { name: 'Remove request' }).click();
    await card.getByTestId('document-removals-pending').waitFor();
    expect(await card.getByTestId('onboarding-document-row').filter({ hasText: target.name }).count()).toBe(0);

    await card
      .getByTestId('onboarding-documents-entity')
      .first()
      .getByRole('button', { name: 'Custom fields' })
      .click();
    await dialog()
      .getByLabel(/Field number/)
      .fill('2');
    await dialog().getByLabel('Value').fill('31 March');
    await dialog().getByRole('button', { name: 'Queue custom fields' }).click();

    const onboarding = state().onboardings.get(key)!;
    const recipient = onboarding.recipients[0]!;
    await page.getByRole('button', { name: 'Edit recipients' }).click();
    await dialog()
      .getByTestId('recipient-edit-row')
      .first()
      .getByRole('combobox', { name: `Access to ${entity.entityName}` })
      .selectOption('view');
    await dialog().getByRole('button', { name: 'Queue changes' }).click();
    expect(calls('removeOnboardingDocumentRequest') + calls('setClientCustomFields')).toBe(0);

    await setNetwork(server, true);
    await sent('removeOnboardingDocumentRequest');
    await sent('setClientCustomFields');
    await sent('editOnboardingRecipients', 2); // one earlier in this file
    expect(
      state()
        .onboardingDocuments.get(key)![0]!
        .documents.some((d) => d.documentId === target.documentId),
    ).toBe(false);
    expect(state().customFields.get(`${key}/${entity.entityOnboardingId}`)?.get(2)).toBe('31 March');
    expect(state().recipientAccess.get(recipient.recipientKey)?.get(entity.entityOnboardingId)).toBe(false);
    await expect.poll(() => card.getByTestId('document-removals-pending').count(), { timeout: 30_000 }).toBe(0);
    // The custom field is named once the practice has answered: chosen by its name in the list.
    await card
      .getByTestId('onboarding-documents-entity')
      .first()
      .getByRole('button', { name: 'Custom fields' })
      .click();
    await expect
      .poll(() =>
        dialog()
          .getByRole('combobox', { name: /^Field/ })
          .first()
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
      )
      .toBe('Financial year end');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('completes the onboarding with an approver chosen from the synced users', async () => {
    const onboarding = [...state().onboardings.values()].find((o) => o.completedOn === null && o.entityKey)!;
    const approver = [...state().users.values()].at(-1)!;
    await page.goto(`${server.url}#/onboardings/${onboarding.onboardingKey}`);
    await page.getByRole('button', { name: 'Complete' }).click();
    const actor = [...state().users.values()][0]!;
    await dialog().getByRole('button', { name: 'Complete onboarding' }).click();
    await dialog().getByText('Choose who approves the onboarding.').waitFor();
    await dialog()
      .getByRole('combobox', { name: /Approver/ })
      .selectOption(approver.userKey);
    await dialog()
      .getByRole('combobox', { name: /Completed by/ })
      .selectOption(actor.userKey);
    await dialog().getByRole('button', { name: 'Complete onboarding' }).click();
    // Required documents still waiting are listed and asked about first (safeguards.test.ts).
    if (await dialog().getByTestId('outstanding-documents').count())
      await dialog().getByRole('button', { name: 'Complete onboarding' }).click();
    await sent('completeOnboarding');
    expect(state().onboardings.get(onboarding.onboardingKey)).toMatchObject({
      statusName: 'Completed',
      approverKey: approver.userKey,
    });
    await page.getByTestId('onboarding-status').getByText('Completed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Complete' }).isDisabled()).toBe(true);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
