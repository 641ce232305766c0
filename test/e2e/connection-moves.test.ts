import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { enrolmentCode } from '../../src-main/hub/devices/devices';
import type { RunningHub } from '../../src-main/hub/start-hub';
import type { AppUnderTest } from './support/app-under-test';
import { useAppWithHub } from './support/app-with-hub';
import { setNetwork } from './support/preview';
import { realProblems } from './support/page-problems';

const bed = useAppWithHub('connection-moves-e2e-', 'readOnly');
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

const state = () => demo.runtime.practices[0]!;
const client = () => [...state().entities.values()].filter((e) => !e.entityTerminated)[3]!;
const contactsNamed = (surname: string) =>
  [...state().contacts.values()].filter((c) => c.entityKey === client().entityKey && c.contactSurname === surname);

/** Offline, a contact added to the client: it waits in the Outbox. Then the laptop is back online. */
async function queueContactOffline(surname: string) {
  await setNetwork(app.server, false);
  await page
    .getByTestId('online-indicator')
    .getByText(/Offline/)
    .waitFor();
  await page.goto(`${app.server.url}#/clients/${client().entityKey}`);
  await page.getByRole('heading', { level: 2, name: 'Actions' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByLabel('First name').fill('Moving');
  await page.getByLabel('Surname').fill(surname);
  await page.getByRole('dialog').getByRole('button', { name: 'Add contact' }).click();
  await page
    .getByTestId('contact-row')
    .filter({ hasText: `Moving ${surname}` })
    .getByText('pending')
    .waitFor();
  await setNetwork(app.server, true);
}

/** The address was confirmed once already; main may ask again for a practice moving back to it. */
async function confirmAddressIfAsked() {
  const dialog = page.getByRole('alertdialog', { name: /Send your credentials to this address\?|Send them/ });
  await dialog
    .getByRole('button', { name: /Connect to this address|Send them to this address/ })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
}

async function openConnection() {
  await page.goto(`${app.server.url}#/settings`);
  await page.getByRole('heading', { name: 'Connection' }).waitFor();
}

describe('Settings → Connection moves a laptop between direct and the hub without signing out', () => {
  it('connects directly, then moves to the hub and back, each queued action going out once', async () => {
    const practice = demo.practices[0]!;
    const form = page.getByRole('form', { name: 'Connect your practice' });
    await form.getByRole('combobox', { name: 'Region' }).selectOption('custom');
    await form.getByLabel('Address').fill(practice.baseUrl);
    await form.getByLabel('Client ID').fill(practice.readWrite.clientId);
    await form.getByLabel('Client secret').fill(practice.readWrite.secret);
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
      .waitFor({ timeout: 60_000 });

    // Direct → hub, with an action queued offline just before.
    await queueContactOffline('Beforehub');
    await openConnection();
    await page.getByRole('button', { name: 'Move to the practice hub…' }).click();
    const toHub = page.getByRole('form', { name: 'Move to the practice hub' });
    await toHub.getByLabel('Hub address').fill(hub.hubUrl);
    await toHub.getByLabel('Enrolment code').fill(enrolmentCode(await hub.devices.add('Moving laptop')));
    await toHub.getByRole('button', { name: 'Move to the hub' }).click();
    await page
      .getByTestId('connected-practice')
      .getByText(
        `Reads through the practice hub; sends with your own credentials (Client ID ${practice.readWrite.clientId})`,
      )
      .waitFor({ timeout: 30_000 });
    await page
      .getByTestId('status-practice')
      .getByText(/through the practice hub/)
      .waitFor({ timeout: 60_000 });
    // The local copy stayed: the clients are there without an import.
    await page.goto(`${app.server.url}#/clients`);
    await page
      .getByTestId('client-count')
      .getByText(/150 clients/)
      .waitFor();

    // Hub → direct, with another action queued offline just before.
    await queueContactOffline('Beforedirect');
    await openConnection();
    await page.getByRole('button', { name: 'Connect directly instead…' }).click();
    const toDirect = page.getByRole('form', { name: 'Connect directly to the Partner API' });
    await toDirect.getByRole('combobox', { name: 'Region' }).selectOption('custom');
    await toDirect.getByLabel('Address').fill(practice.baseUrl);
    await toDirect.getByLabel('Client ID').fill(practice.readWrite.clientId);
    await toDirect.getByLabel('Client secret').fill(practice.readWrite.secret);
    await toDirect.getByRole('button', { name: 'Connect directly' }).click();
    await confirmAddressIfAsked();
    await page
      .getByTestId('connected-practice')
      .getByText('Directly to the Partner API · Read and write')
      .waitFor({ timeout: 30_000 });
    await page.getByText(/is now read directly from the Partner API/).waitFor();

    // Every queued action went out, once, and nothing waits.
    await expect.poll(() => contactsNamed('Beforehub').length, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => contactsNamed('Beforedirect').length, { timeout: 60_000 }).toBe(1);
    await page.keyboard.press('Control+5');
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 60_000 });
    // Still one practice on this laptop, with its clients, synced again the direct way. That sync would wait
    // for the minute's share the first import used: nothing here is proven by sitting through it.
    app.aMinutePasses(demo);
    await page
      .getByTestId('status-practice')
      .getByText(/last synced/)
      .waitFor({ timeout: 90_000 });
    await openConnection();
    expect(await page.getByTestId('connected-practice').count()).toBe(1);
    await page.goto(`${app.server.url}#/clients`);
    await page
      .getByTestId('client-count')
      .getByText(/150 clients/)
      .waitFor();
    expect(contactsNamed('Beforehub')).toHaveLength(1);
    expect(contactsNamed('Beforedirect')).toHaveLength(1);
    expect(realProblems(app.problems)).toEqual([]);
  }, 300_000);
});
