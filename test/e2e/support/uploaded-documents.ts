import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PracticeState } from '../../../src-main/demo-practice/state/practice-state';

/** A client who uploaded both a bank statement and a photo ID to one onboarding, with the fewest bills. */
export function clientWithUploads(state: PracticeState) {
  const candidates = [...state.onboardingDocuments].flatMap(([onboardingKey, entries]) => {
    const uploaded = entries.flatMap((e) => e.documents.filter((d) => d.isUploaded));
    const statement = uploaded.find((d) => d.name === 'Bank statement');
    const photo = uploaded.find((d) => d.name === 'Photo identification');
    const entity = state.entities.get(state.onboardings.get(onboardingKey)?.entityKey ?? '');
    if (!statement || !photo || !entity || entity.entityTerminated) return [];
    const bills = [...state.bills.values()].filter((b) => b.entityKey === entity.entityKey).length;
    return [{ onboardingKey, entity, uploads: uploaded.length, bills }];
  });
  const chosen = candidates.sort((a, b) => a.bills - b.bills)[0];
  if (!chosen) throw new Error('The demo has no client who uploaded a bank statement and a photo ID.');
  return chosen;
}

const go = (page: Page, hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** From the onboarding's documents, the bank statement opens in the PDF viewer: page 1 painted, its words in the text layer. */
export async function expectBankStatementOpens(page: Page, onboardingKey: string, clientName: string): Promise<void> {
  await go(page, `/onboardings/${onboardingKey}`);
  await page.getByRole('link', { name: 'Open bank-statement.pdf (Bank statement)' }).click();
  await page.getByRole('heading', { level: 1, name: `Bank statement — ${clientName}` }).waitFor();
  const pages = page.getByTestId('pdf-pages');
  await pages.getByText('BANK STATEMENT', { exact: false }).first().waitFor({ timeout: 20_000 });
  await pages.getByText(clientName, { exact: false }).first().waitFor();
  const painted = await page
    .locator('.pdf-page canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let ink = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 200) ink++;
      return ink;
    });
  expect(painted).toBeGreaterThan(100);
  await page.getByText('bank-statement.pdf ·').waitFor();
}

/** From the onboarding's documents, the photo ID shows as a decoded picture of the card (540 × 340). */
export async function expectPhotoIdShows(page: Page, onboardingKey: string, clientName: string): Promise<void> {
  await go(page, `/onboardings/${onboardingKey}`);
  await page.getByRole('link', { name: 'Open photo-id.png (Photo identification)' }).click();
  const image = page.getByTestId('uploaded-image');
  await image.waitFor({ timeout: 20_000 });
  expect(await image.getAttribute('alt')).toBe(`Photo identification — ${clientName}`);
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="uploaded-image"]') as HTMLImageElement | null)?.complete === true,
  );
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([540, 340]);
  // No system viewer for a picture.
  expect(await page.getByRole('button', { name: 'Open in system viewer' }).count()).toBe(0);
}
