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

async function openClient(entityKey: string) {
  await page.goto(`${server.url}#/clients/${entityKey}`);
  await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor();
}

describe('the outbox: prepared offline, sent exactly once online', () => {
  it('offline: add a contact and send an eForm stack; both pending, still pending after a restart; online: both done, on the server and in the app', async () => {
    const client = [...state().entities.values()].find((e) => !e.entityTerminated)!;
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    await openClient(client.entityKey);

    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('First name').fill('Meeting');
    await page.getByLabel('Surname').fill('Contact');
    await page.getByLabel('Email').fill('meeting.contact@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Add contact' }).click();
    await page.getByTestId('contact-row').filter({ hasText: 'Meeting Contact' }).getByText('pending').waitFor();

    await page.getByRole('button', { name: 'Send eForm' }).click();
    await page.getByRole('radio', { name: 'Stack' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Queue to send' }).click();
    await page
      .getByTestId('client-pending-actions')
      .getByText(/stack of 2 eForms/)
      .waitFor();
    await page.getByTestId('outbox-badge').getByText('2').waitFor();

    await app.reload(); // the app restarts with the network still gone
    await page.keyboard.press('Control+5');
    await page.getByTestId('outbox-open-count').getByText('2 waiting').waitFor();
    expect(await page.getByTestId('outbox-entry').count()).toBe(2);
    // Each says why it waits; "Retry now" is not offered, since nothing would change offline.
    await page
      .getByTestId('outbox-wait')
      .first()
      .getByText('Offline — it goes out when this laptop is back online.')
      .waitFor();
    expect(
      await page
        .getByTestId('outbox-wait')
        .filter({ hasText: /^Offline — / })
        .count(),
    ).toBe(2);
    expect(await page.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
    const eformsBefore = state().eforms.size;

    await setNetwork(server, true);
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 30_000 });
    expect([...state().contacts.values()].filter((c) => c.email === 'meeting.contact@example.com')).toHaveLength(1);
    expect(state().eforms.size - eformsBefore).toBe(2); // one stack of two forms, sent once
    // The Outbox shows what the practice did with the eForm stack: sent, and the client's access link.
    await page
      .getByTestId('eform-result')
      .first()
      .getByText(/^Sent\./)
      .waitFor();
    expect(await page.getByTestId('eform-access-link').first().textContent()).toMatch(/^https?:\/\//);
    await openClient(client.entityKey);
    const row = page.getByTestId('contact-row').filter({ hasText: 'Meeting Contact' });
    await row.waitFor();
    expect(await row.getByText('pending').count()).toBe(0);
  });

  it('a write the practice refuses shows its message, and can be fixed and resubmitted', async () => {
    const client = [...state().entities.values()].find(
      (e) =>
        !e.entityTerminated &&
        !e.entityMobile &&
        [...state().contacts.values()].every((c) => c.entityKey !== e.entityKey || !c.mobile),
    )!;
    await openClient(client.entityKey);
    await page.getByRole('button', { name: 'Send eForm' }).click();
    await page.getByLabel('Recipient mobile').fill('');
    await page.getByText('Also send by SMS').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Queue to send' }).click();
    await page.keyboard.press('Control+5');
    await page
      .getByTestId('outbox-error')
      .getByText(/sendSms needs a mobile/)
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByText('Also send by SMS').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Queue to send' }).click();
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 30_000 });
  });

  it('an eForm saved as a draft shows "kept as a draft", and "Send draft" sends it once', async () => {
    const client = [...state().entities.values()].filter((e) => !e.entityTerminated)[2]!;
    await openClient(client.entityKey);
    await page.getByRole('button', { name: 'Send eForm' }).click();
    await page.getByText('Save as a draft (send it later)').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Queue as draft' }).click();
    await page.keyboard.press('Control+5');
    const draft = page.getByTestId('eform-result').filter({ hasText: 'Kept as a draft' });
    await draft.waitFor({ timeout: 30_000 });
    const drafts = () =>
      [...state().eforms.values()].filter((f) => f.entityKey === client.entityKey && f.status === 'draft');
    expect(drafts()).toHaveLength(1);
    const formKey = drafts()[0]!.formKey;
    await draft.getByRole('button', { name: 'Send draft' }).click();
    await page
      .getByTestId('outbox-entry')
      .filter({ hasText: 'Send the draft of' })
      .and(page.locator('[data-status="done"]'))
      .waitFor({ timeout: 30_000 });
    expect(state().eforms.get(formKey)!.status).toBe('sent');
    expect(drafts()).toHaveLength(0);
  });

  it('signing out warns about actions not yet sent', async () => {
    await setNetwork(server, false);
    await page
      .getByTestId('online-indicator')
      .getByText(/Offline/)
      .waitFor();
    const client = [...state().entities.values()].filter((e) => !e.entityTerminated)[1]!;
    await openClient(client.entityKey);
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('First name').fill('Unsent');
    await page.getByLabel('Surname').fill('Person');
    await page.getByRole('dialog').getByRole('button', { name: 'Add contact' }).click();
    await page.keyboard.press('Control+6');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page
      .getByTestId('unsent-warning')
      .getByText(/1 action has not been sent/)
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await setNetwork(server, true);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  });

  it('when the practice asks for a pause (429), an entry says it waits for the request budget and for how long, with no retry', async () => {
    await page.keyboard.press('Control+5');
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 30_000 });
    const faults = app.demo().runtime.options.faults;
    faults.stormUntil = new Date(Date.now() + 40_000);
    try {
      const client = [...state().entities.values()].filter((e) => !e.entityTerminated)[3]!;
      await openClient(client.entityKey);
      await page.getByRole('button', { name: 'Add contact' }).click();
      await page.getByLabel('First name').fill('Budget');
      await page.getByLabel('Surname').fill('Wait');
      await page.getByRole('dialog').getByRole('button', { name: 'Add contact' }).click();
      await page.keyboard.press('Control+5');
      const entry = page.getByTestId('outbox-entry').filter({ hasText: 'Budget Wait' });
      await entry
        .getByTestId('outbox-wait')
        .getByText(/waiting for the request budget — about \d+ (s|min)/i)
        .waitFor({ timeout: 30_000 });
      expect(await entry.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
    } finally {
      faults.stormUntil = null;
    }
    // What is proven is the wait shown, not its length: the practice's pause (about 40 s) is over at once,
    // and the entry then goes by itself.
    app.aMinutePasses();
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 90_000 });
  }, 150_000);
});
