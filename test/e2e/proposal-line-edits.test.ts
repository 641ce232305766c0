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
const linesOf = (proposalKey: string) => state().proposals.get(proposalKey)!.pricing.services;

/** Someone at the practice changes a line, through the practice's own API (not this app). */
async function changeLineAtPractice(proposalKey: string, serviceID: number, quantity: number) {
  const practiceKey = await page.evaluate(async () => (await window.companion!.practice.list()).activePracticeKey);
  const practice = app.demo().practices.find((p) => p.practiceKey === practiceKey)!;
  const response = await fetch(`${practice.baseUrl}/api/v1/proposals/${proposalKey}/services`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      'X-Svc-Auth-ID': practice.readWrite.clientId,
      'X-Svc-Auth-Key': practice.readWrite.secret,
    },
    body: JSON.stringify({ userKey: [...state().users.values()][0]!.userKey, services: [{ serviceID, quantity }] }),
  });
  expect(response.status).toBe(200);
}

/** Two Draft proposals of active clients, each with at least two lines. */
function draftsWithTwoLines() {
  const drafts = [...state().proposals.values()].filter(
    (p) =>
      p.statusName === 'Draft' &&
      p.pricing.services.length >= 2 &&
      new Set(p.pricing.services.map((l) => l.serviceID)).size === p.pricing.services.length &&
      state().entities.get(p.entityKey)?.entityTerminated === false,
  );
  const [first, second] = drafts.filter((p, i) => drafts.findIndex((d) => d.entityKey === p.entityKey) === i);
  if (!first || !second) throw new Error('The demo has too few draft proposals with two lines.');
  return [first, second] as const;
}

/** Opens the proposal's pricing online (so it is stored), then edits its first line's quantity offline. */
async function editFirstLineOffline(proposal: { proposalKey: string; entityKey: string; name: string }, to: number) {
  await page.goto(`${server.url}#/clients/${proposal.entityKey}?tab=proposals`);
  const row = page.getByTestId('proposal-row').filter({ hasText: proposal.name }).first();
  await row.getByRole('button', { name: 'Pricing' }).click();
  await row.getByTestId('proposal-pricing').waitFor({ timeout: 30_000 });
  await setNetwork(server, false);
  await page
    .getByTestId('online-indicator')
    .getByText(/Offline/)
    .waitFor();
  await row.getByRole('button', { name: 'Edit services' }).click();
  await dialog().getByTestId('service-edit-row').first().getByLabel('Quantity').fill(String(to));
  await dialog()
    .getByRole('combobox', { name: /Changed by/ })
    .selectOption([...state().users.values()][0]!.userKey);
  await dialog().getByRole('button', { name: 'Queue new services' }).click();
  await row
    .getByTestId('proposal-pending-actions')
    .getByText(/Edit the service lines/)
    .waitFor();
  return row;
}

describe('proposal lines edited as lines', () => {
  it('a line edited offline while another line changes at the practice: after reconnecting, both changes are there', async () => {
    const [proposal] = draftsWithTwoLines();
    const [lineA, lineB] = proposal.pricing.services;
    const mine = lineA!.quantity + 7;
    const theirs = lineB!.quantity + 5;
    await editFirstLineOffline(proposal, mine);
    await changeLineAtPractice(proposal.proposalKey, lineB!.serviceID, theirs);

    await setNetwork(server, true);
    await app.waitForAnswered('editProposalServices', 2); // the practice's own edit, then the app's
    const lines = linesOf(proposal.proposalKey);
    expect(lines.find((l) => l.serviceID === lineA!.serviceID)?.quantity).toBe(mine);
    // A PUT of the whole list would have put line B back as it was read offline.
    expect(lines.find((l) => l.serviceID === lineB!.serviceID)?.quantity).toBe(theirs);
    expect(app.answered('replaceProposalServices')).toBe(0);
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 150_000);

  it('the same line changed at the practice meanwhile: held with both versions, never resolved silently; keep mine sends it', async () => {
    const [, proposal] = draftsWithTwoLines();
    const [lineA] = proposal.pricing.services;
    const mine = lineA!.quantity + 3;
    const theirs = lineA!.quantity + 9;
    const row = await editFirstLineOffline(proposal, mine);
    await changeLineAtPractice(proposal.proposalKey, lineA!.serviceID, theirs);
    const before = app.answered('editProposalServices');

    await setNetwork(server, true);
    // Shown where the proposal is, with both versions …
    const onProposal = row.getByTestId('line-conflict');
    await onProposal.waitFor({ timeout: 30_000 });
    await onProposal
      .getByTestId('line-conflict-theirs')
      .getByText(new RegExp(`^${theirs} ×`))
      .waitFor();
    await onProposal
      .getByTestId('line-conflict-mine')
      .getByText(new RegExp(`^${mine} ×`))
      .waitFor();
    // … and nothing was sent over the practice's change.
    expect(app.answered('editProposalServices')).toBe(before);
    expect(linesOf(proposal.proposalKey).find((l) => l.serviceID === lineA!.serviceID)?.quantity).toBe(theirs);

    // In the Outbox the user chooses: keep mine.
    await page.keyboard.press('Control+5');
    const entry = page.getByTestId('outbox-entry').filter({ hasText: /Edit the service lines/ });
    await entry.getByTestId('line-conflict').waitFor();
    await entry.getByRole('button', { name: 'Keep mine' }).click();
    await app.waitForAnswered('editProposalServices', before + 1);
    expect(linesOf(proposal.proposalKey).find((l) => l.serviceID === lineA!.serviceID)?.quantity).toBe(mine);
    await page.getByTestId('outbox-open-count').getByText('0 waiting').waitFor({ timeout: 30_000 });
    expect(realProblems(problems), problems.join('\n')).toEqual([]);
  }, 150_000);
});
