import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { realProblems } from './support/page-problems';
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
const openOnboardings = () =>
  [...state().onboardingDocuments.entries()].filter(([key]) => state().onboardings.get(key)?.completedOn === null);
const waiting = (entity: {
  documents: { name: string; isRequired: boolean; isUploaded: boolean; isBypassed: boolean }[];
}) => entity.documents.filter((d) => d.isRequired && !d.isUploaded && !d.isBypassed);

async function openWithDocuments(key: string, entityName: string) {
  await page.goto(`${server.url}#/onboardings/${key}`);
  await page
    .getByTestId('onboarding-documents')
    .getByTestId('onboarding-documents-entity')
    .filter({ hasText: entityName })
    .first()
    .waitFor({ timeout: 30_000 });
}

describe('safeguards where compliance is at stake', () => {
  it('completing an onboarding with required documents still waiting lists them and asks first', async () => {
    const [key, entities] = openOnboardings().find(([, list]) => list.some((e) => waiting(e).length > 0))!;
    const entity = entities.find((e) => waiting(e).length > 0)!;
    const users = [...state().users.values()];
    await openWithDocuments(key, entity.entityName);

    await page.getByRole('button', { name: 'Complete' }).click();
    const listed = dialog().getByTestId('outstanding-documents');
    await listed.getByText(entity.entityName, { exact: false }).waitFor();
    for (const document of waiting(entity)) await listed.getByText(document.name, { exact: false }).first().waitFor();
    await dialog()
      .getByRole('combobox', { name: /Approver/ })
      .selectOption(users.at(-1)!.userKey);
    await dialog()
      .getByRole('combobox', { name: /Completed by/ })
      .selectOption(users[0]!.userKey);

    await dialog().getByRole('button', { name: 'Complete onboarding' }).click();
    await dialog()
      .getByRole('alert')
      .getByText(/still waiting\. Complete anyway\?/)
      .waitFor();
    // Asked, not queued: nothing pending, nothing sent.
    expect(
      await page
        .getByTestId('onboarding-pending-actions')
        .getByText(/Complete/)
        .count(),
    ).toBe(0);
    expect(app.answered('completeOnboarding')).toBe(0);

    await dialog().getByRole('button', { name: 'Complete onboarding' }).click();
    await app.waitForAnswered('completeOnboarding');
    expect(state().onboardings.get(key)).toMatchObject({ statusName: 'Completed' });
  });

  it('offers custom fields by the names the practice’s onboardings show, not by an internal number', async () => {
    const [first, second] = openOnboardings().filter(([, list]) => list.length > 0);
    const [firstKey, firstEntities] = first!;
    const [secondKey, secondEntities] = second!;
    const labels = state().customFieldLabels;

    // No onboarding here has named a field yet: the number is all there is to go by.
    await openWithDocuments(firstKey, firstEntities[0]!.entityName);
    await page.getByRole('button', { name: 'Custom fields' }).first().click();
    await dialog()
      .getByLabel(/Field number/)
      .fill('2');
    await dialog().getByLabel('Value').fill('31 March');
    await dialog().getByRole('button', { name: 'Queue custom fields' }).click();
    await app.waitForAnswered('setClientCustomFields');

    // Another onboarding's client: the field is offered by the name the practice answered with.
    await openWithDocuments(secondKey, secondEntities[0]!.entityName);
    await page.getByRole('button', { name: 'Custom fields' }).first().click();
    const field = dialog().getByRole('combobox', { name: /^Field/ });
    await field.waitFor();
    expect(
      await dialog()
        .getByLabel(/Field number/)
        .count(),
    ).toBe(0);
    await field.selectOption({ label: labels.get(2)! });
    await dialog().getByLabel('Value').fill('30 June');
    await dialog().getByRole('button', { name: 'Queue custom fields' }).click();
    await app.waitForAnswered('setClientCustomFields', 2);
    expect(state().customFields.get(`${secondKey}/${secondEntities[0]!.entityOnboardingId}`)?.get(2)).toBe('30 June');

    // A field never named here can still be given by its number.
    await page.getByRole('button', { name: 'Custom fields' }).first().click();
    await dialog()
      .getByRole('combobox', { name: /^Field/ })
      .first()
      .selectOption({ label: 'Another field, by its number…' });
    await dialog()
      .getByLabel(/Field number/)
      .waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });
});
