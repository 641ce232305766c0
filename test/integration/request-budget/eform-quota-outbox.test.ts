import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { outboxScenarioPerTest, queueEntry as queue } from '../../support/outbox-scenario';

const setup = outboxScenarioPerTest();

describe('the daily eForm quota through the whole outbox (renderer replayer in Node, main, demo practice)', () => {
  it('a quota of 0: one POST, the eForm waits until midnight UTC, the contact after it and the budget go on', async () => {
    const t = await setup();
    t.demo.configure({ eformDailyQuota: 0 });
    const client = t.clients[0]!;
    const eform = await queue(t.db, 'eform.create', {
      params: {},
      body: {
        templateId: t.state.eformTemplates[0]!.templateId,
        entityKey: client.entityKey,
        recipientName: 'Client',
        recipientEmail: 'client@example.com',
        emailSubject: 'Please fill in',
        emailContent: 'Here is the form: [Link]',
        sendNow: true,
      },
    });
    await queue(t.db, 'contact.create', {
      params: { entityKey: client.entityKey },
      body: { contactName: 'After', contactSurname: 'Quota', email: 'after.quota@example.com' },
    });
    const report = await t.replayer().drain();
    expect(t.posts(/\/api\/v1\/eforms$/)).toBe(1);
    expect(report.delivered).toBe(1); // the contact
    const { entries } = await readEntries(t.db);
    const waiting = entries.find((e) => e.id === eform.id)!;
    expect(waiting).toMatchObject({ status: 'pending', lastError: { status: 429, waitsFor: 'eform-quota' } });
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(Math.abs(Date.parse(waiting.notBefore!) - midnight)).toBeLessThan(5_000);
    expect(report.nextAttemptAt).toBe(Date.parse(waiting.notBefore!));

    // Nothing paused the budget: reads go on, and another drain sends nothing before the reset.
    const budget = await t.app.companion.practice.budget({ practiceKey: t.practiceKey });
    expect(budget?.pausedUntil ?? null).toBeNull();
    const read = await t.app.companion.practice.read({
      practiceKey: t.practiceKey,
      request: { kind: 'proposals.list', entityKey: client.entityKey },
      priority: 'interactive',
    });
    expect(read).toMatchObject({ ok: true });
    await t.replayer().drain();
    expect(t.posts(/\/api\/v1\/eforms$/)).toBe(1);
  }, 60_000);
});
