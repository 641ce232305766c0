import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppUnderTest } from './support/app-under-test';

/**
 * Menu commands and deep links as main sends them: through the preview's event hub, the same hub the
 * Electron menu and the deep-link glue emit on.
 */
let app: AppUnderTest;

beforeAll(async () => {
  app = await openApp({ connectDemo: true });
});
afterAll(async () => {
  await app?.close();
  expect(app?.problems ?? []).toEqual([]);
});

const emit = (...args: Parameters<AppUnderTest['server']['services']['events']['emit']>) =>
  app.server.services.events.emit(...args);

describe('desktop commands in the window', () => {
  it('opens a screen, then the client a link names', async () => {
    emit('desktop.command', { command: 'open-screen', screen: 'debtors' });
    await app.page.getByRole('heading', { level: 1, name: 'Debtors' }).waitFor();
    expect(new URL(app.page.url()).hash).toBe('#/debtors');

    const client = [...app.practice().entities.values()].find((e) => !e.entityTerminated)!;
    emit('desktop.openRecord', { kind: 'client', key: client.entityKey });
    await app.page.getByRole('heading', { level: 1, name: client.fullEntityName }).waitFor();
    expect(new URL(app.page.url()).hash).toBe(`#/clients/${client.entityKey}`);
  });

  it('says plainly when a linked record is not on this laptop', async () => {
    emit('desktop.openRecord', { kind: 'onboarding', key: '00000000-0000-4000-8000-000000000000' });
    await app.page.getByText('This onboarding is not on this laptop').waitFor();
  });

  it('takes Sign out to the practice’s button without signing out', async () => {
    emit('desktop.command', { command: 'sign-out' });
    const button = app.page.getByTestId('connected-practice').first().getByRole('button', { name: 'Sign out' });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    await expect(app.page.getByRole('dialog').count()).resolves.toBe(0);
  });
});
