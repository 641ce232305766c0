import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SETTLE_MARGIN_MS } from '../../../src-preload/contract/outbox/send-evidence';
import { enqueue, readEntries, resubmit } from '../../../src-renderer/outbox/outbox-db';
import { ConsentRequiredError } from '../../../src-renderer/outbox/outbox-state';
import { outboxScenarioPerTest, queueEntry as queue, type OutboxScenario } from '../../support/outbox-scenario';

/**
 * Writes the practice applied and then answered in a way that proves nothing — a redirect, 408, 409, 401
 * from whatever stands in front of it, a practice slower than the client, a laptop whose clock runs
 * ahead — against the demo practice: none is sent twice by the app, and nothing is called absent that
 * exists.
 */
const startScenario = outboxScenarioPerTest();
const only = async (t: OutboxScenario) => (await readEntries(t.db)).entries[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const billBody = (t: OutboxScenario, reference: string) => ({
  entityKey: t.clients[5]!.entityKey,
  dueDate: '2099-01-31',
  reference,
  sendBill: false,
  syncNow: false,
  lines: [
    {
      description: 'Advice',
      quantity: 2,
      unitPrice: 150,
      extAccountID: t.state.ledger.accounts.find((a) => a.type === 'REVENUE')!.extAccountID,
      extTaxID: 'OUTPUT',
    },
  ],
});
const billsWith = (t: OutboxScenario, reference: string) =>
  [...t.state.bills.values()].filter((b) => b.reference === reference);

describe('a bill the practice applied, then answered with a status that proves nothing', () => {
  it.each([303, 408, 409])('%i: checked by a read, found, done — one bill, one request', async (status) => {
    const t = await startScenario();
    const reference = `PO-after-${status}`;
    t.demo.injectFault({ match: { method: 'POST', path: /\/bills$/ }, fault: 'status-after-apply', status });
    await queue(t.db, 'bill.createAdhoc', { params: {}, body: billBody(t, reference) });
    await t.replayer().drain();
    const entry = await only(t);
    expect(entry).toMatchObject({ status: 'done', result: { billingId: billsWith(t, reference)[0]!.billingId } });
    expect(t.posts(/\/bills$/)).toBe(1);
    expect(billsWith(t, reference)).toHaveLength(1);
  });

  it('401: the outbox pauses, and once the credentials are back the bill is checked, not sent again', async () => {
    const t = await startScenario();
    t.demo.injectFault({ match: { method: 'POST', path: /\/bills$/ }, fault: 'status-after-apply', status: 401 });
    await queue(t.db, 'bill.createAdhoc', { params: {}, body: billBody(t, 'PO-after-401') });
    expect(await t.replayer().drain()).toMatchObject({ stopped: true });
    expect(await only(t)).toMatchObject({ status: 'sending', lastError: { status: 401 } });
    t.resume();
    await t.replayer().drain();
    expect(await only(t)).toMatchObject({ status: 'done' });
    expect(t.posts(/\/bills$/)).toBe(1);
    expect(billsWith(t, 'PO-after-401')).toHaveLength(1);
  });

  it('an eForm (no way to read it back) answered 409 after it was created: in review, and "Retry now" is refused', async () => {
    const t = await startScenario();
    t.demo.injectFault({ match: { method: 'POST', path: /\/eforms$/ }, fault: 'status-after-apply', status: 409 });
    const client = t.clients[11]!;
    const body = {
      templateId: t.state.eformTemplates[0]!.templateId,
      entityKey: client.entityKey,
      recipientName: 'Client',
      recipientEmail: 'after-409@example.com',
      sendNow: true,
    };
    await queue(t.db, 'eform.create', { params: {}, body });
    await t.replayer().drain();
    const entry = await only(t);
    expect(entry).toMatchObject({ status: 'needs-review', lastError: { status: 409 } });
    await expect(resubmit(t.db, entry)).rejects.toBeInstanceOf(ConsentRequiredError);
    await t.replayer(t.app.companion, () => Date.now() + 2 * SETTLE_MARGIN_MS).drain();
    expect([...t.state.eforms.values()].filter((f) => f.recipientEmail === 'after-409@example.com')).toHaveLength(1);
    expect(t.posts(/\/eforms$/)).toBe(1);
  });
});

describe('a practice that applies a write long after it received it (virtual time on the laptop)', () => {
  /** The practice starts on the write 1.5 s after it arrives; the client gives up after 0.3 s. */
  const slowPractice = async (path: RegExp) => {
    const t = await startScenario({ apiTimeoutMs: 300 });
    t.demo.injectFault({ match: { method: 'POST', path }, fault: 'slow-before-apply', delayMs: 1_500 });
    return t;
  };

  it('a contact applied "55 s" after it arrived: reads 48 s after the send find nothing and send nothing; found later', async () => {
    const t = await slowPractice(/\/contacts$/);
    const client = t.clients[3]!;
    const body = { contactName: 'Slowly', contactSurname: 'Applied', email: 'slowly@example.com' };
    await queue(t.db, 'contact.create', { params: { entityKey: client.entityKey }, body });
    const start = Date.now();
    await t.replayer().drain();
    // 48 s later by the laptop's clock, before the practice has applied it.
    await t.replayer(t.app.companion, () => start + 48_000).drain();
    expect(await only(t)).toMatchObject({ status: 'sending', attempts: 1 });
    await sleep(1_700);
    await t.replayer(t.app.companion, () => start + SETTLE_MARGIN_MS + 1_000).drain();
    expect(await only(t)).toMatchObject({ status: 'done', attempts: 1 });
    const contacts = [...t.state.contacts.values()].filter((c) => c.contactName === 'Slowly');
    expect(contacts).toHaveLength(1);
    // (The practice logs a request when it answers; one whose client had gone is not in its log.)
  });

  it('a lead applied late is never called absent: its checks say what was read and when, and it is found', async () => {
    const t = await slowPractice(/\/leads$/);
    await queue(t.db, 'lead.create', { params: {}, body: { name: 'Latecomer', surname: 'Lead' } });
    const start = Date.now();
    await t.replayer().drain();
    await t.replayer(t.app.companion, () => start + 48_000).drain();
    const waiting = await only(t);
    expect(waiting).toMatchObject({ status: 'sending', review: null });
    expect(waiting.checks!.at(-1)!.note).toMatch(
      /by the practice's clock, \d+ s after it was sent: No lead with this name.*read again, not sent again/,
    );
    await sleep(1_700);
    await t.replayer(t.app.companion, () => start + SETTLE_MARGIN_MS + 1_000).drain();
    expect(await only(t)).toMatchObject({ status: 'done', attempts: 1 });
    expect([...t.state.leads.values()].filter((l) => l.name === 'Latecomer')).toHaveLength(1);
  });

  it('a lead that never arrived: in review only once the practice is minutes past the send, saying what was read then', async () => {
    const t = await startScenario();
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'reset-before-apply' });
    await queue(t.db, 'lead.create', { params: {}, body: { name: 'Never', surname: 'Arrived' } });
    const start = Date.now();
    await t.replayer().drain();
    expect(await only(t)).toMatchObject({ status: 'sending' });
    await t.replayer(t.app.companion, () => start + SETTLE_MARGIN_MS + 60_000).drain();
    const entry = await only(t);
    expect(entry.status).toBe('needs-review');
    expect(entry.review).toMatch(
      /by the practice's clock, 6 min after it was sent: No lead with this name at the practice/,
    );
    expect(entry.review).not.toMatch(/twice/);
    expect(entry.attempts).toBe(1);
  });
});

describe("a laptop clock 15 minutes fast: the check reads the practice's clock, not the laptop's", () => {
  const FAST = 15 * 60_000;

  it.each([
    ['a 502 after the bill was made (the answer gives the time)', 'fail-after-apply' as const],
    ['a reset after the bill was made (the read gives the time)', 'reset-after-apply' as const],
  ])('%s: the bill is found, done, made once', async (_name, fault) => {
    const t = await startScenario();
    const reference = `PO-fast-${fault}`;
    t.demo.injectFault({ match: { method: 'POST', path: /\/bills$/ }, fault, status: 502 });
    const input = {
      id: crypto.randomUUID(),
      operation: 'bill.createAdhoc' as const,
      summary: 'Bill',
      entityKey: null,
      dependsOn: [],
    };
    await enqueue(t.db, { ...input, payload: { params: {}, body: billBody(t, reference) } }, Date.now() + FAST);
    await t.replayer(t.app.companion, () => Date.now() + FAST).drain();
    expect(await only(t)).toMatchObject({
      status: 'done',
      result: { billingId: billsWith(t, reference)[0]!.billingId },
    });
    expect(await only(t)).toMatchObject({ attempts: 1 });
    expect(billsWith(t, reference)).toHaveLength(1);
  });
});
