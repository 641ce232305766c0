import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readEntries, resubmit } from '../../../src-renderer/outbox/outbox-db';
import { SETTLE_MARGIN_MS } from '../../../src-preload/contract/outbox/send-evidence';
import { ConsentRequiredError } from '../../../src-renderer/outbox/outbox-state';
import { electronShapedFetch } from '../../support/electron-net-errors';
import { queueEntry as queue, startOutboxScenario, type OutboxScenario } from '../../support/outbox-scenario';

/**
 * The three ways a billable write used to reach the practice twice, each in the error shape that did it:
 * a 5xx answered after the practice applied it, a reset after it applied it as Electron's net.fetch
 * reports it, and a practice slower than the client's timeout with a verification read too early.
 */
let current: OutboxScenario | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const eformBody = (t: OutboxScenario, email: string) => {
  const client = t.clients[11]!;
  return {
    templateId: t.state.eformTemplates[0]!.templateId,
    entityKey: client.entityKey,
    recipientName: 'Client',
    recipientEmail: email,
    sendNow: true,
  };
};
const eformsTo = (t: OutboxScenario, email: string) =>
  [...t.state.eforms.values()].filter((f) => f.recipientEmail === email);
const only = async (t: OutboxScenario) => (await readEntries(t.db)).entries[0]!;

describe('a billable write with no clear answer is never sent twice by the app', () => {
  it('a 502 after the practice created the eForm: in review, not retried; sent again only with consent', async () => {
    const t = (current = await startOutboxScenario());
    t.demo.injectFault({ match: { method: 'POST', path: /\/eforms$/ }, fault: 'fail-after-apply', status: 502 });
    await queue(t.db, 'eform.create', { params: {}, body: eformBody(t, 'once-502@example.com') });
    await t.replayer().drain();
    await t.replayer(t.app.companion, () => Date.now() + 2 * SETTLE_MARGIN_MS).drain();
    const entry = await only(t);
    expect(entry).toMatchObject({ status: 'needs-review', lastError: { status: 502 } });
    expect(entry.checks?.[0]?.note).toMatch(/no way to check/i);
    expect(t.posts(/\/eforms$/)).toBe(1);
    expect(eformsTo(t, 'once-502@example.com')).toHaveLength(1);
    // "Retry now" without consent is refused; with it, the user knowingly sends a second one.
    await expect(resubmit(t.db, entry)).rejects.toBeInstanceOf(ConsentRequiredError);
    await resubmit(t.db, entry, undefined, Date.now(), { sendAgain: true });
    await t.replayer().drain();
    expect((await only(t)).status).toBe('done');
    expect(eformsTo(t, 'once-502@example.com')).toHaveLength(2);
  });

  it('a reset after the practice created the eForm, as Electron reports it (net::ERR_CONNECTION_RESET): in review, sent once', async () => {
    const t = (current = await startOutboxScenario({ wrapFetch: (fetch) => electronShapedFetch(fetch) }));
    t.demo.injectFault({ match: { method: 'POST', path: /\/eforms$/ }, fault: 'reset-after-apply' });
    await queue(t.db, 'eform.create', { params: {}, body: eformBody(t, 'once-reset@example.com') });
    for (let i = 0; i < 3; i++) await t.replayer(t.app.companion, () => Date.now() + i * SETTLE_MARGIN_MS).drain();
    expect(await only(t)).toMatchObject({ status: 'needs-review', attempts: 1 });
    expect(eformsTo(t, 'once-reset@example.com')).toHaveLength(1);
  });

  it('a practice slower than the timeout: the lead is not declared absent by an early read, and is created once', async () => {
    const t = (current = await startOutboxScenario({ apiTimeoutMs: 300 }));
    // The practice starts on the create only after 600 ms: the client has timed out by then.
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'slow-before-apply', delayMs: 600 });
    await queue(t.db, 'lead.create', { params: {}, body: { name: 'Slowly', surname: 'Created' } });
    await t.replayer().drain();
    // The read right after the timeout finds nothing; that alone must not send it again.
    expect(await only(t)).toMatchObject({ status: 'sending', checks: [{ found: 'not-yet' }] });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await t.replayer(t.app.companion, () => Date.now() + SETTLE_MARGIN_MS).drain();
    expect([...t.state.leads.values()].filter((l) => l.name === 'Slowly')).toHaveLength(1);
    // The practice logs a request when it answers, and this one's client had gone: the entry counts its sends.
    expect(await only(t)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a note on a lead created offline, interrupted after it was sent, is found by its check (which names the lead created)', async () => {
    const t = (current = await startOutboxScenario());
    const lead = await queue(t.db, 'lead.create', { params: {}, body: { name: 'Noted', surname: 'Lead' } });
    const note = await queue(
      t.db,
      'lead.addNote',
      { params: { leadKey: { outboxRef: lead.id, field: 'leadKey' } }, body: { text: 'Asked about payroll.' } },
      { dependsOn: [lead.id] },
    );
    const { companion, crashed } = t.crashingOncePerEntry();
    while (crashed.size < 2) await t.replayer(companion).drain();
    await t.replayer().drain();
    const entries = new Map((await readEntries(t.db)).entries.map((e) => [e.id, e]));
    expect(entries.get(lead.id)).toMatchObject({ status: 'done' });
    expect(entries.get(note.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect([...t.state.leadNotes.values()].flat().filter((n) => n.text === 'Asked about payroll.')).toHaveLength(1);
  });
});
