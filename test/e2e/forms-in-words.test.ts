import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewServer } from '../../src-main/browser-preview/preview-server';
import { setNetwork } from './support/preview';
import { openApp, type AppUnderTest } from './support/app-under-test';
import { realProblems } from './support/page-problems';

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
/** Distinct active clients, one per test, so one test's pending entries never meet another's. */
const clients = () => [...state().entities.values()].filter((e) => !e.entityTerminated);

async function openClient(entityKey: string) {
  await page.goto(`${server.url}#/clients/${entityKey}`);
  await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor();
}

/** The accessible name of the element that has focus (its label), or its tag when it has none. */
const focusedLabel = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (label ?? el.tagName).replace(/\s*\*$/, '').trim();
  });

describe('forms answer in words and queue nothing the practice would refuse', () => {
  it('a custom eForm schema typed as plain text is refused, with focus on it, and nothing is queued or sent', async () => {
    const client = clients()[0]!;
    const eformsBefore = state().eforms.size;
    await openClient(client.entityKey);
    await page.getByRole('button', { name: 'Send eForm' }).click();
    await page.getByRole('radio', { name: 'Custom form' }).click();
    await dialog().getByLabel('Form name').fill('Rental property questions');
    await dialog().getByRole('tab', { name: 'Advanced' }).click();
    const schema = dialog().getByLabel('Form schema (JSON)');
    await schema.fill('1. Address of the rental property\n2. Weekly rent');
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await dialog()
      .getByText(/This is not valid JSON, so the practice could not read it as a form/)
      .waitFor();
    expect(await focusedLabel()).toBe('Form schema (JSON)');

    // JSON that is not a form as the schema guide describes one is refused too.
    await schema.fill('{"questions": ["Address", "Rent"]}');
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await dialog()
      .getByText(/needs "sections"/)
      .waitFor();

    // With the practice's schema guide (read when the custom form opens online, kept for offline), its rules too.
    await app.waitForAnswered('getEformSchemaGuide');
    await schema.fill(JSON.stringify({ sections: [{ questions: [{ id: 'rent', type: 'essay', label: 'Rent' }] }] }));
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await dialog()
      .getByText(/"rent" has the type "essay", which the schema guide does not list/)
      .waitFor();

    // Still open, nothing pending for the client, nothing at the practice.
    await page.waitForTimeout(1500);
    expect(await dialog().count()).toBe(1);
    expect(
      await page
        .getByTestId('client-pending-actions')
        .getByText(/Rental property questions/)
        .count(),
    ).toBe(0);
    expect(state().eforms.size).toBe(eformsBefore);

    // A schema shaped as the guide shows is queued and sent.
    await schema.fill(
      JSON.stringify({
        sections: [{ title: 'Property', questions: [{ id: 'address', type: 'textarea', label: 'Address' }] }],
      }),
    );
    await dialog().getByRole('button', { name: 'Queue to send' }).click();
    await expect.poll(() => state().eforms.size, { timeout: 30_000 }).toBe(eformsBefore + 1);
  }, 90_000);

  it('an empty Add contact says what to enter in plain words, with focus on the first field', async () => {
    await openClient(clients()[1]!.entityKey);
    await page.getByRole('button', { name: 'Add contact' }).click();
    await dialog().getByRole('button', { name: 'Add contact' }).click();
    await dialog().getByText('Enter a first name.').waitFor();
    await dialog().getByText('Enter a surname.').waitFor();
    expect(
      await dialog()
        .getByText(/Too small|expected string/)
        .count(),
    ).toBe(0);
    expect(await focusedLabel()).toBe('First name');
    await dialog().getByLabel('Email').fill('not an address');
    await dialog().getByLabel('First name').fill('Ada');
    await dialog().getByLabel('Surname').fill('Lovelace');
    await dialog().getByRole('button', { name: 'Add contact' }).click();
    await dialog().getByText('Enter an email address like name@example.com.').waitFor();
    expect(await focusedLabel()).toBe('Email');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  }, 60_000);

  it('a name that looks like an email address or a phone number is warned about and queued only once confirmed', async () => {
    const client = clients()[2]!;
    await openClient(client.entityKey);
    await page.getByRole('button', { name: 'Add contact' }).click();
    await dialog().getByLabel('First name').fill('oliver.white@ 0412 34');
    await dialog().getByLabel('Surname').fill('White');
    await dialog().getByRole('button', { name: 'Add contact' }).click();
    await dialog()
      .getByText(/looks like an email address, not a name/)
      .waitFor();
    expect(await focusedLabel()).toBe('First name');
    await page.waitForTimeout(1000);
    expect(
      await page
        .getByTestId('client-pending-actions')
        .getByText(/oliver\.white@/)
        .count(),
    ).toBe(0);
    // Pressed again with the same values: the user has seen the warning and keeps it.
    await dialog().getByRole('button', { name: 'Add contact' }).click();
    await page.getByTestId('contact-row').filter({ hasText: 'oliver.white@ 0412 34 White' }).waitFor();
    expect(await dialog().count()).toBe(0);
  }, 60_000);

  it("the contact's relationship is asked for and reaches the practice as its position", async () => {
    const client = clients()[3]!;
    await openClient(client.entityKey);
    await page.getByRole('button', { name: 'Add contact' }).click();
    await dialog().getByLabel('First name').fill('Grace');
    await dialog().getByLabel('Surname').fill('Hopper');
    await dialog().getByLabel('Relationship or position').fill('Daughter');
    await dialog().getByRole('button', { name: 'Add contact' }).click();
    await expect
      .poll(
        () =>
          [...state().contacts.values()].find((c) => c.entityKey === client.entityKey && c.contactName === 'Grace')
            ?.position,
        { timeout: 30_000 },
      )
      .toBe('Daughter');
    await page.getByTestId('contact-row').filter({ hasText: 'Grace Hopper' }).getByText('Daughter').waitFor();
  }, 60_000);

  it('an outbox entry edited before it is sent is described by what it will now send, in the Outbox and on the client', async () => {
    const client = clients()[4]!;
    await setNetwork(server, false);
    try {
      await page
        .getByTestId('online-indicator')
        .getByText(/Offline/)
        .waitFor();
      await openClient(client.entityKey);
      await page.getByRole('button', { name: 'Add contact' }).click();
      await dialog().getByLabel('First name').fill('Olivr');
      await dialog().getByLabel('Surname').fill('Whyte');
      await dialog().getByRole('button', { name: 'Add contact' }).click();
      const pending = page.getByTestId('client-pending-actions');
      await pending.getByText(`Add contact Olivr Whyte to ${client.fullEntityName}`).waitFor();

      await page.keyboard.press('Control+5');
      const entry = page.getByTestId('outbox-entry').filter({ hasText: 'Olivr Whyte' });
      await entry.getByRole('button', { name: 'Edit' }).click();
      await dialog().getByLabel('First name').fill('Oliver');
      await dialog().getByLabel('Surname').fill('White');
      await dialog().getByRole('button', { name: 'Save and resubmit' }).click();
      const summaries = page.getByTestId('outbox-summary');
      await summaries.getByText(`Add contact Oliver White to ${client.fullEntityName}`).waitFor();
      expect(await summaries.getByText(/Olivr Whyte/).count()).toBe(0);

      await openClient(client.entityKey);
      await pending.getByText(`Add contact Oliver White to ${client.fullEntityName}`).waitFor();
      expect(await pending.getByText(/Olivr/).count()).toBe(0);
    } finally {
      await setNetwork(server, true);
    }
    // What goes out is what the line says.
    await expect
      .poll(
        () =>
          [...state().contacts.values()]
            .filter((c) => c.entityKey === client.entityKey && c.contactSurname === 'White')
            .map((c) => c.contactName),
        { timeout: 30_000 },
      )
      .toEqual(['Oliver']);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 90_000);
});
