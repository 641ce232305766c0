import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { enrolmentCode } from '../../src-main/hub/devices/devices';
import type { RunningHub } from '../../src-main/hub/start-hub';
import type { AppUnderTest } from './support/app-under-test';
import { useAppWithHub } from './support/app-with-hub';

const bed = useAppWithHub('hub-writes-e2e-');
let app: AppUnderTest;
let demo: DemoPractice;
let hub: RunningHub;
let page: Page;
beforeAll(() => {
  app = bed.app();
  demo = bed.demo();
  hub = bed.hub();
  ({ page } = app);
});

describe('a laptop reading through the hub and sending with its own credentials', () => {
  it('connects with the hub and own credentials, then a contact added reaches the practice once', async () => {
    const practice = demo.practices[0]!;
    const form = page.getByRole('form', { name: 'Connect through the practice hub' });
    await form.getByLabel('Hub address').fill(hub.hubUrl);
    await form.getByLabel('Enrolment code').fill(enrolmentCode(await hub.devices.add('Partner laptop')));
    await form.getByText('Send changes with your own Partner API credentials').click();
    await form.getByLabel('Region').selectOption('custom');
    await form.getByLabel('Partner API address').fill(practice.baseUrl);
    await form.getByLabel('Your Client ID').fill(practice.readWrite.clientId);
    await form.getByLabel('Your client secret').fill(practice.readWrite.secret);
    await form.getByRole('button', { name: 'Connect through the hub' }).click();
    // The address is new to this laptop: asked once before the secret goes there.
    await form.getByRole('button', { name: 'Send them to this address' }).click();
    await page
      .getByTestId('status-practice')
      .getByText(/through the practice hub/)
      .waitFor({ timeout: 60_000 });

    await page.goto(`${app.server.url}#/settings`);
    await page
      .getByTestId('connected-practice')
      .getByText(
        `Reads through the practice hub; sends with your own credentials (Client ID ${practice.readWrite.clientId})`,
      )
      .waitFor();

    const client = [...demo.runtime.practices[0]!.entities.values()].find((e) => !e.entityTerminated)!;
    await page.goto(`${app.server.url}#/clients/${client.entityKey}`);
    await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('First name').fill('Hub');
    await page.getByLabel('Surname').fill('Sender');
    await page.getByRole('dialog').getByRole('button', { name: 'Add contact' }).click();
    const arrived = () =>
      [...demo.runtime.practices[0]!.contacts.values()].filter(
        (c) => c.entityKey === client.entityKey && c.contactName === 'Hub' && c.contactSurname === 'Sender',
      ).length;
    await expect.poll(arrived, { timeout: 30_000 }).toBe(1);
    const posts = demo.runtime.requestLog.filter(
      (r) => r.method === 'POST' && r.url.includes(`/entities/${client.entityKey}/contacts`),
    );
    expect(posts.map((r) => r.clientId)).toEqual([practice.readWrite.clientId]);
  }, 180_000);
});
