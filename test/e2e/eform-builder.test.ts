import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { dialogActionProblems, fitProblems } from './support/fit-check';
import { realProblems } from './support/page-problems';

let app: AppUnderTest;
let server: PreviewServer;
let page: Page;
let problems: string[];

// The smallest window the app supports: the builder, its details and its preview must fit it.
beforeAll(async () => {
  app = await openApp({ viewport: { width: 1024, height: 700 }, connectDemo: true });
  ({ server, page, problems } = app);
});
afterAll(async () => {
  await app?.close();
});

const state = () => app.practice();
const dialog = () => page.getByRole('dialog');
const clients = () => [...state().entities.values()].filter((e) => !e.entityTerminated && e.entityEmail);
const FORM_NAME = 'Rental property questions';
/** The schema the first test builds, checked as the practice received it, then reused inside a stack. */
let built: unknown;

async function openCustomForm(entityKey: string) {
  await page.goto(`${server.url}#/clients/${entityKey}`);
  await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor();
  await page.getByRole('button', { name: 'Send eForm' }).click();
  await page.getByRole('radio', { name: 'Custom form' }).click();
}
async function addQuestion(typeLabel: string, where = 'Your details') {
  await dialog().getByLabel(`New question in ${where}`).selectOption({ label: typeLabel });
  await dialog()
    .getByRole('button', { name: `Add a question to ${where}` })
    .click();
}
const details = (name: string) => dialog().getByRole('group', { name: `Details of “${name}”` });
async function openDetails(position: string, text: string) {
  await dialog().getByLabel(`Question ${position} text`).fill(text);
  await dialog()
    .getByRole('button', { name: `Details of “${text}”` })
    .click();
  return details(text);
}
const pendingFor = (name: string) => page.getByTestId('client-pending-actions').getByText(name).count();

describe('the eForm builder', () => {
  it('builds a form from the schema guide, previews it with the client’s details, and the practice accepts it as built', async () => {
    const client = clients()[0]!;
    await openCustomForm(client.entityKey);
    await app.waitForAnswered('getEformSchemaGuide');
    await dialog().getByLabel('Form name').fill(FORM_NAME);

    await addQuestion('Email address');
    const email = await openDetails('1.1', 'Your email');
    await email.getByLabel('Pre-fill from').selectOption({ label: "Client's email" });
    await email.getByRole('checkbox', { name: /Required/ }).click();
    expect(await email.getByRole('checkbox', { name: /Sensitive/ }).count()).toBe(0);

    // A yes/no can be neither sensitive nor pre-filled: the builder does not offer either.
    await addQuestion('Yes / No');
    const owns = await openDetails('1.2', 'Do you own a rental property?');
    expect(await owns.getByRole('checkbox', { name: /Sensitive/ }).count()).toBe(0);
    expect(await owns.getByLabel('Pre-fill from').count()).toBe(0);

    // A tax number starts sensitive (sensitive-types.ts): nothing to tick.
    await addQuestion('Tax number');
    const tax = await openDetails('1.3', 'Your tax number');
    expect(await tax.getByRole('checkbox', { name: /Sensitive/ }).isChecked()).toBe(true);

    // A repeating group offers only the types the guide allows in one: no signature.
    await dialog().getByRole('button', { name: 'Add a repeating group to Your details' }).click();
    await dialog().getByLabel('Name of group 1.4').fill('Rental properties');
    const groupPalette = dialog().getByLabel('New question in group “Rental properties”');
    const offered = await groupPalette.locator('option').allTextContents();
    expect(offered).toContain('Long text');
    expect(offered).not.toContain('Signature');
    await addQuestion('Long text', 'group “Rental properties”');
    const address = await openDetails('1.4.1', 'Property address');
    await address.getByLabel('Show only if').selectOption({ label: 'Do you own a rental property?' });
    expect(await address.getByLabel('Condition').locator('option').allTextContents()).toEqual(['equals']);
    await address.getByLabel('Answer').selectOption('true');
    expect(await fitProblems(page)).toEqual([]);
    expect(await dialogActionProblems(page, 'Queue to send')).toEqual([]);

    // The preview: the client's own email already in, the address asked only once they own a property.
    await dialog().getByRole('tab', { name: 'Preview' }).click();
    const preview = dialog().getByRole('region', { name: 'Preview of the form as the client sees it' });
    expect(await preview.getByLabel('Your email *').inputValue()).toBe(client.entityEmail);
    expect(await preview.getByLabel('Property address').count()).toBe(0);
    await preview.getByLabel('Do you own a rental property?').selectOption('true');
    await preview.getByLabel('Property address').waitFor();
    expect(await fitProblems(page)).toEqual([]);

    // Advanced shows the schema built; a valid edit there shows in the builder.
    await dialog().getByRole('tab', { name: 'Advanced' }).click();
    const json = dialog().getByLabel('Form schema (JSON)');
    expect(JSON.parse(await json.inputValue())).toEqual({
      sections: [
        {
          title: 'Your details',
          questions: [
            { id: 'email1', type: 'email', label: 'Your email', mergeField: '{{client.email}}', required: true },
            { id: 'yesno1', type: 'yesno', label: 'Do you own a rental property?' },
            { id: 'taxnumber1', type: 'taxnumber', label: 'Your tax number', sensitive: true },
            {
              id: 'group1',
              label: 'Rental properties',
              questions: [
                {
                  id: 'textarea1',
                  type: 'textarea',
                  label: 'Property address',
                  showIf: { question: 'yesno1', operator: 'equals', value: true },
                },
              ],
            },
          ],
        },
      ],
    });
    await json.fill((await json.inputValue()).replace('"Your email"', '"Your email address"'));
    built = JSON.parse(await json.inputValue());
    await dialog().getByRole('tab', { name: 'Builder' }).click();
    expect(await dialog().getByLabel('Question 1.1 text').inputValue()).toBe('Your email address');

    await dialog().getByRole('button', { name: 'Save on this laptop' }).click();
    await dialog().getByText(`Saved “${FORM_NAME}” on this laptop.`).waitFor();
    const before = state().eforms.size;
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await expect.poll(() => state().eforms.size, { timeout: 30_000 }).toBe(before + 1);
    const received = [...state().eforms.values()].find((f) => f.name === FORM_NAME)!;
    expect(received).toMatchObject({ entityKey: client.entityKey, templateId: null, status: 'sent' });
    expect(received.schema).toEqual(built);
    expect(realProblems(problems)).toEqual([]);
  }, 120_000);

  it('a saved form is reused inside a stack, after a template', async () => {
    const client = clients()[1]!;
    await page.goto(`${server.url}#/clients/${client.entityKey}`);
    await page.getByRole('button', { name: 'Send eForm' }).click();
    await page.getByRole('radio', { name: 'Stack' }).click();
    await dialog()
      .getByLabel('Form 2', { exact: true })
      .selectOption({ label: `${FORM_NAME} (custom)` });
    const before = state().eforms.size;
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await expect.poll(() => state().eforms.size, { timeout: 30_000 }).toBe(before + 2);
    const stack = [...state().eforms.values()].filter((f) => f.entityKey === client.entityKey && f.stackKey);
    const second = stack.find((f) => f.stackPosition === 2)!;
    expect(second).toMatchObject({ name: FORM_NAME, templateId: null });
    expect(second.schema).toEqual(built);
    expect(stack.find((f) => f.stackPosition === 1)?.templateId).not.toBeNull();
  }, 90_000);

  it('a forged schema the guide forbids (a signature in a repeating group, a sensitive yes/no) is refused before it is queued', async () => {
    const client = clients()[2]!;
    await openCustomForm(client.entityKey);
    await dialog().getByLabel('Form name').fill('Forged form');
    // The guide's example opens in the builder as it is; a question is added from the keyboard alone.
    await dialog().getByRole('button', { name: 'Start from the schema guide’s example' }).click();
    expect(await dialog().getByLabel('Question 1.4 text').inputValue()).toBe('New postal address');
    await dialog().getByLabel('New question in Your details').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await dialog().getByLabel('Question 1.5 text').inputValue()).toBe('Information');
    await dialog().getByRole('tab', { name: 'Advanced' }).click();
    const forged = {
      sections: [
        {
          title: 'Directors',
          questions: [
            { id: 'owns', type: 'yesno', label: 'Do you own shares?', sensitive: true },
            { id: 'directors', label: 'Directors', questions: [{ id: 'sign', type: 'signature', label: 'Sign' }] },
          ],
        },
      ],
    };
    await dialog().getByLabel('Form schema (JSON)').fill(JSON.stringify(forged));
    const before = state().eforms.size;
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await dialog().getByText('"owns": a Yes / No question cannot be marked sensitive.').first().waitFor();
    await dialog().getByText('"sign": a Signature question cannot be in a repeating group.').first().waitFor();
    await page.waitForTimeout(1500);
    expect(await dialog().count()).toBe(1);
    expect(await pendingFor('Forged form')).toBe(0);
    expect(state().eforms.size).toBe(before);
    expect([...state().eforms.values()].some((f) => f.name === 'Forged form')).toBe(false);
  }, 90_000);

  it('names merge fields in words, keeps their templates, and starts tax numbers, bank details and identity numbers sensitive, saying why', async () => {
    const client = clients()[3]!;
    // The forged form's dialog, still open, is closed first.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await openCustomForm(client.entityKey);
    await dialog().getByLabel('Form name').fill('Details in words');

    await addQuestion('Short text');
    const name = await openDetails('1.1', 'Your name');
    const prefill = name.getByLabel('Pre-fill from');
    const offered = await prefill.locator('option').allTextContents();
    expect(offered).toEqual(expect.arrayContaining(["Client's full name", "Staff member's email", "Practice's name"]));
    expect(offered.filter((text) => text.includes('{{'))).toEqual([]);
    await prefill.selectOption({ label: "Client's full name" });
    // A short text holds nothing the guide calls sensitive, and cannot be marked so.
    expect(await name.getByRole('checkbox', { name: /Sensitive/ }).count()).toBe(0);

    await addQuestion('Short text');
    const staff = await openDetails('1.2', 'Prepared by');
    await staff.getByLabel('Pre-fill from').selectOption({ label: "Staff member's email" });

    const reasons: Record<string, string> = {
      'Tax number': 'a tax number',
      'Bank account': 'bank details',
      'Identity number': 'an identity number',
    };
    let position = 3;
    for (const [type, holds] of Object.entries(reasons)) {
      await addQuestion(type);
      const details = await openDetails(`1.${position}`, `Your ${type.toLowerCase()}`);
      const sensitive = details.getByRole('checkbox', { name: /Sensitive/ });
      expect(await sensitive.isChecked(), type).toBe(true);
      await details.getByText(`this type holds ${holds}`).waitFor();
      position += 1;
    }

    // The preview says in words what the practice fills in itself.
    await dialog().getByRole('tab', { name: 'Preview' }).click();
    const preview = dialog().getByRole('region', { name: 'Preview of the form as the client sees it' });
    await preview.getByText("The practice fills this in from the staff member's email.").waitFor();
    expect(await preview.getByText('{{').count()).toBe(0);

    // What is kept and sent is the guide's template, and the sensitive marks.
    await dialog().getByRole('tab', { name: 'Advanced' }).click();
    const schema = JSON.parse(await dialog().getByLabel('Form schema (JSON)').inputValue()) as {
      sections: { questions: { type: string; mergeField?: string; sensitive?: boolean }[] }[];
    };
    const questions = schema.sections[0]!.questions;
    expect(questions.map((q) => q.mergeField)).toEqual([
      '{{client.fullName}}',
      '{{staff.email}}',
      undefined,
      undefined,
      undefined,
    ]);
    expect(questions.filter((q) => q.sensitive).map((q) => q.type)).toEqual(['taxnumber', 'bankaccount', 'idnumber']);
    expect(realProblems(problems)).toEqual([]);
  }, 90_000);
});
