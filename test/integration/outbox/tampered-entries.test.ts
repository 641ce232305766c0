import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { changedOutsideTheApp, type StoredPayload } from '../../../src-preload/contract/outbox/payload-check';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { markSending } from '../../../src-renderer/outbox/outbox-state';
import { outboxScenarioPerTest, queueEntry as queue, type OutboxScenario } from '../../support/outbox-scenario';

const setup = outboxScenarioPerTest();

/** Changes a stored entry behind the app's back, as a hand-edited IndexedDB would: no validation, no effect. */
async function tamper(t: OutboxScenario, id: string, change: (entry: OutboxEntry) => void): Promise<void> {
  const raw = (await t.db.outbox.where('id').equals(id).first())!;
  change(raw);
  await t.db.outbox.put(raw);
}

const stored = async (t: OutboxScenario, id: string) => (await t.db.outbox.where('id').equals(id).first())!;
const body = (entry: OutboxEntry) => entry.payload.body as Record<string, unknown>;

describe('an outbox entry changed outside the app is refused, kept, and never sent (demo practice)', () => {
  it('an extra body key, a query on an operation without one, a parameter that is not a key: no request reaches the practice', async () => {
    const t = await setup();
    t.app.network.setOnline(false);
    const [a, b] = [t.clients[0]!, t.clients[1]!];
    const contact = [...t.state.contacts.values()].find((c) => c.entityKey === b.entityKey && !c.isDeleted)!;
    const ofA = { entityKey: a.entityKey };
    const extraKey = await queue(
      t.db,
      'contact.create',
      { params: ofA, body: { contactName: 'Tampered', contactSurname: 'Body' } },
      ofA,
    );
    const withQuery = await queue(t.db, 'lead.create', { params: {}, body: { name: 'Tampered', surname: 'Query' } });
    const contactOfB = { entityKey: b.entityKey, entityContactID: contact.entityContactID };
    const badParam = await queue(
      t.db,
      'contact.update',
      { params: contactOfB, body: { position: 'Tampered' } },
      { entityKey: b.entityKey },
    );
    const lines = [{ description: 'Advice', quantity: 1, unitPrice: 10 }];
    const nested = await queue(
      t.db,
      'bill.createAdhoc',
      { params: {}, body: { ...ofA, dueDate: '2099-01-31', sendBill: false, syncNow: false, lines } },
      ofA,
    );
    const clean = await queue(
      t.db,
      'contact.create',
      { params: ofA, body: { contactName: 'Clean', contactSurname: 'Contact' } },
      ofA,
    );

    await tamper(t, extraKey.id, (e) => void ((body(e)['isPrimary'] = true), (body(e)['entityKey'] = b.entityKey)));
    await tamper(t, withQuery.id, (e) => void (e.payload.query = { assignTo: 'everyone' }));
    await tamper(
      t,
      badParam.id,
      (e) => void (e.payload.params['entityContactID'] = `${contact.entityContactID}/../../1`),
    );
    await tamper(t, nested.id, (e) => void ((body(e)['lines'] as Record<string, unknown>[])[0]!['discount'] = 100));

    const before = t.demo.runtime.requestLog.length;
    t.app.network.setOnline(true);
    const report = await t.replayer().drain();
    expect(report).toMatchObject({ delivered: 1, failed: 4, needsReview: 0 });

    // Only the clean entry reached the practice, once; nothing of the changed ones.
    const sent = t.demo.runtime.requestLog.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      expect.stringMatching(new RegExp(`^POST .*/entities/${a.entityKey}/contacts$`)),
    ]);
    expect([...t.state.contacts.values()].filter((c) => c.contactName === 'Tampered')).toHaveLength(0);
    expect([...t.state.leads.values()].filter((l) => l.name === 'Tampered')).toHaveLength(0);
    expect(t.state.contacts.get(contact.entityContactID)!.position).not.toBe('Tampered');

    // Refused before anything went out (no attempt counted), in plain words, and kept for the export.
    const { entries } = await readEntries(t.db);
    for (const id of [extraKey.id, withQuery.id, badParam.id, nested.id]) {
      const entry = entries.find((e) => e.id === id)!;
      expect(entry).toMatchObject({
        status: 'failed',
        attempts: 0,
        lastError: { status: null, message: changedOutsideTheApp },
      });
      expect(entry.lastError!.fields!.length).toBeGreaterThan(0);
    }
    expect(entries.find((e) => e.id === extraKey.id)!.lastError!.fields).toContainEqual({
      path: 'body',
      message: 'Unrecognized key: "entityKey"',
    });
    expect(body(entries.find((e) => e.id === extraKey.id)!)).toMatchObject({ isPrimary: true, entityKey: b.entityKey }); // exported as it was found
    expect(entries.find((e) => e.id === clean.id)!.status).toBe('done');

    // Draining again sends nothing: the refusal is where it stays until a person edits or discards it.
    expect(await t.replayer().drain()).toMatchObject({ delivered: 0, failed: 0 });
    expect(t.demo.runtime.requestLog.length).toBe(before + 1);
  });

  it('main refuses it too when the renderer is bypassed, and a verification read is not made for it', async () => {
    const t = await setup();
    const client = t.clients[2]!;
    const before = t.demo.runtime.requestLog.length;
    const input = (payload: StoredPayload, operation: 'contact.create' | 'lead.create' = 'contact.create') => ({
      practiceKey: t.practiceKey,
      entryId: crypto.randomUUID(),
      operation,
      payload,
    });
    const extra: StoredPayload = {
      params: { entityKey: client.entityKey },
      body: { contactName: 'Bypass', contactSurname: 'Main', isAdmin: true },
    };

    expect(await t.app.companion.outbox.send(input(extra))).toMatchObject({
      kind: 'rejected',
      problem: { message: changedOutsideTheApp },
    });
    const withQuery = input({ params: {}, body: { name: 'Bypass' }, query: { x: 1 } }, 'lead.create');
    expect(await t.app.companion.outbox.send(withQuery)).toMatchObject({ kind: 'rejected' });
    const notAKey = input({ params: { entityKey: 'not-a-key' }, body: { contactName: 'A', contactSurname: 'B' } });
    expect(await t.app.companion.outbox.send(notAKey)).toMatchObject({ kind: 'rejected' });
    expect(await t.app.companion.outbox.verify(input(extra))).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringMatching(/changed outside the app/),
    });
    expect(t.demo.runtime.requestLog.length).toBe(before);
  });

  it('an entry interrupted while sending and then changed is not read for and not resent', async () => {
    const t = await setup();
    const client = t.clients[3]!;
    const ofClient = { entityKey: client.entityKey };
    const entry = await queue(
      t.db,
      'contact.create',
      { params: ofClient, body: { contactName: 'Interrupted', contactSurname: 'Then changed' } },
      ofClient,
    );
    // As after a crash between "sending" and the answer, then a hand edit.
    await t.db.outbox.put(markSending(await stored(t, entry.id), Date.now()));
    await tamper(t, entry.id, (e) => void (body(e)['contactName'] = 'Someone else'));
    await tamper(t, entry.id, (e) => void (body(e)['isDeleted'] = false));
    const before = t.demo.runtime.requestLog.length;

    await t.replayer().drain();
    expect(t.demo.runtime.requestLog.length).toBe(before);
    const after = await stored(t, entry.id);
    expect(after.status).toBe('needs-review');
    expect(after.checks!.at(-1)!.note).toMatch(/changed outside the app/);
  });
});
