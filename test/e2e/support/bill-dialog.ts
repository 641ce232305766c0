import type { Page } from 'playwright-core';
import type { PreviewServer } from '../../../src-main/browser-preview/preview-server';
import { setNetwork } from './preview';

/** Cuts the network, opens the client and its Create bill dialog; answers the dialog's first line. */
export async function openBillDialogOffline(page: Page, server: PreviewServer, entityKey: string) {
  await setNetwork(server, false);
  await page
    .getByTestId('online-indicator')
    .getByText(/Offline/)
    .waitFor();
  await page.goto(`${server.url}#/clients/${entityKey}`);
  await page.getByRole('button', { name: 'Create bill' }).click();
  await page.getByRole('dialog').getByTestId('billed-notice').waitFor();
  return page.getByRole('dialog').getByTestId('bill-line-row').first();
}
