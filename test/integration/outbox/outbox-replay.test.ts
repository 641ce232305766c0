import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Companion } from '../../../src-preload/contract/companion';
import { readEntries, resubmit } from '../../../src-renderer/outbox/outbox-db';
import { SETTLE_MARGIN_MS } from '../../../src-preload/contract/outbox/send-evidence';
import { outboxScenarioPerTest, queueEntry as queue } from '../../support/outbox-scenario';

const setup = outboxScenarioPerTest();

describe('outbox replay against the demo practice (renderer code in Node, main through the real registry)', () => {
  it('50 mixed writes queued offline go out exactly once after reconnecting, with dependencies resolved', async () => {
    const t = await setup();
    t.app.network.setOnline(false);
    const template = t.state.eformTemplates[0]!.templateId;
    const leadIds: string[] = [];
    for (let i = 0; i < 15; i++) {
      const client = t.clients[i]!;
      await queue(
        t.db,
        'contact.create',
        {
          params: { entityKey: client.entityKey },
          body: { contactName: `Offline${i}`, contactSurname: 'Contact', email: `offline${i}@example.com` },
        },
        { entityKey: client.entityKey },
      );
    }
    for (let i = 0; i < 10; i++) {
      const lead = await queue(t.db, 'lead.create', {
        params: {},
        body: { name: `Lead${i}`, surname: 'Offline', email: `lead${i}@example.com` },
      });
      leadIds.push(lead.id);
      await queue(
        t.db,
        'lead.addNote',
        { params: { leadKey: { outboxRef: lead.id, field: 'leadKey' } }, body: { text: `Met at the office (${i})` } },
        { dependsOn: [lead.id] },
      );
    }
    for (let i = 0; i < 10; i++) {
      const client = t.clients[20 + i]!;
      await queue(
        t.db,
        'eform.create',
        {
          params: {},
          body: {
            templateId: template,
            entityKey: client.entityKey,
            recipientName: 'Client',
            recipientEmail: `client${i}@example.com`,
            emailSubject: 'Please fill in',
            emailContent: 'Here is the form: [Link]',
            sendNow: true,
          },
        },
        { entityKey: client.entityKey },
      );
    }
    for (let i = 0; i < 5; i++) {
      const contact = [...t.state.contacts.values()].find(
        (c) => c.entityKey === t.clients[40 + i]!.entityKey && !c.isDeleted,
      )!;
      await queue(
        t.db,
        'contact.update',
        {
          params: { entityKey: contact.entityKey, entityContactID: contact.entityContactID },
          body: { position: `Director ${i}` },
        },
        { entityKey: contact.entityKey },
      );
    }
    expect((await readEntries(t.db)).entries).toHaveLength(50);
    // Optimistic effects are already visible locally: placeholder contacts and leads.
    expect(
      await t.db.contacts.filter((c) => (c as { pendingOutboxId?: string }).pendingOutboxId !== undefined).count(),
    ).toBe(15);
    expect(await t.db.leads.count()).toBe(10);

    const offline = await t.replayer().drain();
    expect(offline).toMatchObject({ delivered: 0, stopped: true });
    expect(t.posts(/./)).toBe(0);

    t.app.network.setOnline(true);
    const report = await t.replayer().drain();
    expect(report).toMatchObject({ delivered: 50, failed: 0, needsReview: 0 });
    const { entries } = await readEntries(t.db);
    expect(entries.every((e) => e.status === 'done')).toBe(true);

    // Counted on the server: each exactly once.
    for (let i = 0; i < 15; i++)
      expect([...t.state.contacts.values()].filter((c) => c.contactName === `Offline${i}`)).toHaveLength(1);
    for (let i = 0; i < 10; i++) {
      const leads = [...t.state.leads.values()].filter((l) => l.name === `Lead${i}`);
      expect(leads).toHaveLength(1);
      expect(
        t.state.leadNotes.get(leads[0]!.leadKey)!.filter((note) => note.text === `Met at the office (${i})`),
      ).toHaveLength(1);
    }
    expect([...t.state.eforms.values()].filter((f) => f.recipientEmail?.startsWith('client'))).toHaveLength(10);
    expect(t.posts(/\/contacts$/)).toBe(15);
    expect(t.posts(/\/leads$/)).toBe(10);
    expect(t.posts(/\/notes$/)).toBe(10);
    expect(t.posts(/\/eforms$/)).toBe(10);
    expect(t.posts(/\/contacts\/\d+$/)).toBe(5);

    // Placeholders gave way to the practice's records.
    expect(
      await t.db.contacts.filter((c) => (c as { pendingOutboxId?: string }).pendingOutboxId !== undefined).count(),
    ).toBe(0);
    expect(await t.db.leads.count()).toBe(10);
    expect((await t.db.leads.toArray()).every((l) => l.leadID > 0)).toBe(true);
  });

  it('a crash between "sending" and the answer: idempotent writes are retried once, creates are settled by a read, billable ones wait for review — none lost, none sent twice', async () => {
    const t = await setup();
    const client = t.clients[3]!;
    const contact = [...t.state.contacts.values()].find((c) => c.entityKey === client.entityKey && !c.isDeleted)!;
    const update = await queue(t.db, 'contact.update', {
      params: { entityKey: client.entityKey, entityContactID: contact.entityContactID },
      body: { position: 'Partner' },
    });
    const create = await queue(t.db, 'contact.create', {
      params: { entityKey: client.entityKey },
      body: { contactName: 'Crash', contactSurname: 'Test', email: 'crash@example.com' },
    });
    const lead = await queue(t.db, 'lead.create', { params: {}, body: { name: 'Crashy', surname: 'Lead' } });
    const eform = await queue(t.db, 'eform.create', {
      params: {},
      body: {
        templateId: t.state.eformTemplates[0]!.templateId,
        entityKey: client.entityKey,
        recipientName: 'Client',
        recipientEmail: 'crash-eform@example.com',
        sendNow: true,
      },
    });

    // The window dies after main sent the request and before the renderer stored the answer — once per entry.
    const { companion: crashing, crashed: crashedOnce } = t.crashingOncePerEntry();
    // Each drain stops at its crash; the next one (a restart) first settles what was left `sending`.
    let crashed = { needsReview: 0 };
    while (crashedOnce.size < 4) {
      const before = crashedOnce.size;
      crashed = await t.replayer(crashing).drain();
      expect(crashedOnce.size).toBe(before + 1);
    }
    const restarted = await t.replayer().drain();
    const byId = new Map((await readEntries(t.db)).entries.map((e) => [e.id, e]));
    expect(byId.get(update.id)!.status).toBe('done');
    expect(byId.get(create.id)!.status).toBe('done');
    expect(byId.get(lead.id)!.status).toBe('done');
    expect(byId.get(eform.id)!.status).toBe('needs-review');
    expect(byId.get(eform.id)!.review).toMatch(/billed per use/);
    expect(restarted.needsReview + crashed.needsReview).toBe(1);

    expect(t.posts(/\/contacts\/\d+$/)).toBe(2); // the idempotent PUT: sent, then retried once
    expect(t.posts(/\/contacts$/)).toBe(1); // found by a read: not sent again
    expect(t.posts(/\/leads$/)).toBe(1);
    expect(t.posts(/\/eforms$/)).toBe(1); // billable: never resent on a guess
    expect(t.state.contacts.get(contact.entityContactID)!.position).toBe('Partner');

    // The user checks and decides: discard keeps it from ever going out; nothing was lost meanwhile.
    expect(byId.get(eform.id)!.payload.body).toMatchObject({ recipientEmail: 'crash-eform@example.com' });
  });

  it('a create interrupted before it reached the practice is proven absent by a read and sent exactly once', async () => {
    const t = await setup();
    const client = t.clients[4]!;
    const entry = await queue(t.db, 'contact.create', {
      params: { entityKey: client.entityKey },
      body: { contactName: 'Never', contactSurname: 'Arrived' },
    });
    const dying: Pick<Companion, 'outbox'> = {
      outbox: {
        send: async () => {
          throw new Error('renderer crashed before main sent it');
        },
        verify: t.app.companion.outbox.verify,
      },
    };
    await t.replayer(dying).drain();
    expect((await readEntries(t.db)).entries[0]!.status).toBe('sending');
    // The first read finds nothing, but the practice may still be working on it: nothing is sent yet.
    await t.replayer().drain();
    expect((await readEntries(t.db)).entries[0]).toMatchObject({ status: 'sending', checks: [{ found: 'not-yet' }] });
    expect(t.posts(/\/contacts$/)).toBe(0);
    // A read once the practice's clock is well past the send still finds nothing: only then is it sent.
    await t.replayer(t.app.companion, () => Date.now() + SETTLE_MARGIN_MS).drain();
    expect((await readEntries(t.db)).entries.find((e) => e.id === entry.id)!.status).toBe('done');
    expect([...t.state.contacts.values()].filter((c) => c.contactName === 'Never')).toHaveLength(1);
    expect(t.posts(/\/contacts$/)).toBe(1);
  });

  it('a 400 leaves the entry failed with the server message and editable; the fixed entry goes out', async () => {
    const t = await setup();
    const noMobile = t.clients.find((c) => !c.entityMobile)!;
    const entry = await queue(t.db, 'eform.create', {
      params: {},
      body: {
        templateId: t.state.eformTemplates[0]!.templateId,
        entityKey: noMobile.entityKey,
        recipientName: 'Client',
        recipientEmail: 'sms@example.com',
        sendSms: true,
        sendNow: true,
      },
    });
    const first = await t.replayer().drain();
    expect(first.failed).toBe(1);
    const failed = (await readEntries(t.db)).entries.find((e) => e.id === entry.id)!;
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatchObject({ status: 400, message: expect.stringMatching(/sendSms needs a mobile/) });
    expect(t.posts(/\/eforms$/)).toBe(1);

    await resubmit(t.db, failed, {
      payload: { ...failed.payload, body: { ...(failed.payload.body as object), sendSms: false } },
      summary: failed.summary,
    });
    const second = await t.replayer().drain();
    expect(second.delivered).toBe(1);
    expect((await readEntries(t.db)).entries.find((e) => e.id === entry.id)!.status).toBe('done');
  });

  it('read-only credentials: main refuses to send, and the entry explains why', async () => {
    const t = await setup();
    const practice = t.demo.practices[1]!; // another practice: the connected one is bound to its read-write Client ID
    const readOnly = await t.app.companion.practice.connect({
      region: 'custom',
      customUrl: practice.baseUrl,
      clientId: practice.readOnly.clientId,
      secret: practice.readOnly.secret,
      remember: false,
      acceptWeakStorage: false,
      confirmAddress: true,
    });
    expect(readOnly).toMatchObject({ ok: true, practice: { canWrite: false } });
    const outcome = await t.app.companion.outbox.send({
      practiceKey: readOnly.ok ? readOnly.practice.practiceKey : '',
      entryId: crypto.randomUUID(),
      operation: 'lead.create',
      payload: { params: {}, body: { name: 'Nope' } },
    });
    expect(outcome).toMatchObject({ kind: 'forbidden', problem: { message: expect.stringMatching(/read-only/) } });
    expect(t.posts(/\/leads$/)).toBe(0);
  });
});
