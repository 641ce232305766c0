import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { OutboxOutcome } from '../../../../src-preload/contract/outbox/outbox-entry';
import { enqueue, readEntries } from '../../../../src-renderer/outbox/outbox-db';
import { createOutboxReplayer } from '../../../../src-renderer/outbox/outbox-replayer';
import { heldBehindBackoff, waitReason, type WaitContext } from '../../../../src-renderer/outbox/wait-reason';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';

const practiceKey = '88888888-8888-4888-8888-888888888888';
const ENTITY = '11111111-1111-4111-8111-111111111111';
const FORM = '22222222-2222-4222-8222-222222222222';
const T0 = Date.parse('2026-11-02T09:00:00Z');
const RESET = Date.parse('2026-11-03T00:00:00Z');
afterEach(() => deletePracticeDb(practiceKey));

const eformBody = {
  templateId: 101,
  entityKey: ENTITY,
  recipientName: 'Client',
  recipientEmail: 'client@example.com',
  emailSubject: 'Please fill in',
  emailContent: 'Here is the form: [Link]',
  sendNow: true,
};

const quotaRefusal = (now: number): OutboxOutcome => ({
  kind: 'retry',
  problem: {
    status: 429,
    title: 'Daily eForm quota used up',
    message: "The practice's daily eForm quota is used up; this goes out after 2026-11-03 00:00 UTC.",
    waitsFor: 'eform-quota',
  },
  retryAfterMs: RESET - now,
});

/** Queues an eForm, a contact, a second eForm and a draft send that needs the first eForm's result. */
async function queue() {
  const db = practiceDb(practiceKey);
  const add = (operation: Parameters<typeof enqueue>[1]['operation'], payload: object, dependsOn: string[] = []) =>
    enqueue(
      db,
      { id: crypto.randomUUID(), operation, payload: payload as never, summary: operation, entityKey: null, dependsOn },
      T0,
    );
  const first = await add('eform.create', { params: {}, body: eformBody });
  const contact = await add('contact.create', {
    params: { entityKey: ENTITY },
    body: { contactName: 'A', contactSurname: 'B' },
  });
  const second = await add('eform.create', { params: {}, body: eformBody });
  const dependent = await add('eform.sendDraft', { params: { formKey: { outboxRef: first.id, field: 'formKey' } } }, [
    first.id,
  ]);
  return { db, first, contact, second, dependent };
}

describe('an eForm waiting for the practice’s daily eForm quota holds eForms only', () => {
  it('later entries go on; other eForms and what needs its result wait; after the reset all go, in order', async () => {
    const { db, first, contact, second, dependent } = await queue();
    let now = T0;
    let quotaUsedUp = true;
    const sent: string[] = [];
    const companion: Pick<Companion, 'outbox'> = {
      outbox: {
        send: async (input) => {
          sent.push(input.entryId);
          if (input.operation === 'eform.create' && quotaUsedUp) return quotaRefusal(now);
          return { kind: 'done', result: input.operation === 'eform.create' ? { formKey: FORM } : null };
        },
        verify: async () => ({ verdict: 'unknown', reason: 'not used' }),
      },
    };
    const replayer = createOutboxReplayer({
      db,
      practiceKey,
      companion,
      canSend: () => true,
      onUnauthorized: () => undefined,
      now: () => now,
      locks: null,
    });

    const report = await replayer.drain();
    expect(sent).toEqual([first.id, contact.id]); // one POST for the quota; the contact still goes
    expect(report.nextAttemptAt).toBe(RESET);
    now = T0 + 3_600_000;
    await replayer.drain();
    expect(sent).toEqual([first.id, contact.id]); // nothing more before the reset

    const { entries } = await readEntries(db);
    const open = entries.filter((e) => e.status === 'pending');
    const behind = heldBehindBackoff(open, now);
    const ctx = (id: string): WaitContext => ({
      now,
      online: true,
      canWrite: true,
      pausedForCredentials: false,
      budget: null,
      byId: (key) => entries.find((e) => e.id === key),
      behind: behind.get(id),
      time: (ms) => new Date(ms).toISOString().slice(11, 16),
    });
    const reason = (id: string) =>
      waitReason(
        entries.find((e) => e.id === id)!,
        ctx(id),
      );
    const quotaText = "The practice's daily eForm quota is used up; this goes out after 00:00";
    expect(reason(first.id)).toMatchObject({ kind: 'eform-quota', text: quotaText, canRetry: false });
    expect(reason(second.id)).toMatchObject({ kind: 'eform-quota', text: quotaText });
    expect(reason(dependent.id)?.kind).toBe('dependency');

    now = RESET + 1_000;
    quotaUsedUp = false;
    await replayer.drain();
    expect(sent).toEqual([first.id, contact.id, first.id, second.id, dependent.id]);
    expect((await readEntries(db)).entries.every((e) => e.status === 'done')).toBe(true);
  });
});
