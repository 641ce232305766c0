import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { onboardingDocumentsReport } from '../../../src-renderer/client-data/client-reads';
import { outboxScenarioPerTest, queueEntry as queue } from '../../support/outbox-scenario';

const startScenario = outboxScenarioPerTest();

async function setup() {
  const t = await startScenario();
  const user = [...t.state.users.values()][0]!.userKey;
  const [key, entities] = [...t.state.onboardingDocuments.entries()].find(([, list]) =>
    list[0]!.documents.some((d) => !d.isUploaded),
  )!;
  const entity = entities[0]!;
  const document = entity.documents.find((d) => !d.isUploaded)!;
  return { ...t, user, key, entity, document };
}

describe('onboarding document actions through the outbox', () => {
  it('remove a requested document and set custom fields: queued offline with the list as read, sent once online, local list replaced by the answer', async () => {
    const t = await setup();
    // The list as read online earlier (what the screen stores), so the removal shows at once offline.
    await t.db.reports.put({
      name: onboardingDocumentsReport(t.key),
      data: structuredClone(t.state.onboardingDocuments.get(t.key)),
      fetchedAt: new Date().toISOString(),
    });
    t.app.network.setOnline(false);
    await queue(t.db, 'onboarding.removeDocument', {
      params: { key: t.key, documentId: t.document.documentId },
      query: { userKey: t.user, entityOnboardingId: t.entity.entityOnboardingId },
    });
    await queue(t.db, 'onboarding.setCustomFields', {
      params: { key: t.key, clientId: t.entity.entityOnboardingId },
      body: { userKey: t.user, fields: [{ customFieldID: 2, value: '31 March' }] },
    });
    const shown = (await t.db.reports.get(onboardingDocumentsReport(t.key)))!.data as (typeof t.entity)[];
    expect(shown[0]!.documents.some((d) => d.documentId === t.document.documentId)).toBe(false);
    expect(await t.replayer().drain()).toMatchObject({ delivered: 0, stopped: true });

    t.app.network.setOnline(true);
    expect(await t.replayer().drain()).toMatchObject({ delivered: 2, failed: 0 });
    expect(t.requests('DELETE', /\/documents\/\d+\?/)).toBe(1);
    expect(t.requests('PUT', /\/custom-fields$/)).toBe(1);
    expect(
      t.state.onboardingDocuments.get(t.key)![0]!.documents.some((d) => d.documentId === t.document.documentId),
    ).toBe(false);
    expect(t.state.customFields.get(`${t.key}/${t.entity.entityOnboardingId}`)?.get(2)).toBe('31 March');
    const stored = (await t.db.reports.get(onboardingDocumentsReport(t.key)))!.data;
    expect(stored).toEqual(JSON.parse(JSON.stringify(t.state.onboardingDocuments.get(t.key))));
    expect((await t.db.reports.get(`customFields:${t.key}:${t.entity.entityOnboardingId}`))!.data).toContainEqual({
      customFieldID: 2,
      label: 'Financial year end',
      value: '31 March',
    });
  });

  it('a crash after the removal reached the practice: sent again, the practice has nothing left to remove, and the entry is done — not failed', async () => {
    const t = await setup();
    const entry = await queue(t.db, 'onboarding.removeDocument', {
      params: { key: t.key, documentId: t.document.documentId },
      query: { userKey: t.user, entityOnboardingId: t.entity.entityOnboardingId },
    });
    const { companion } = t.crashingOncePerEntry();
    await t.replayer(companion).drain();
    expect((await readEntries(t.db)).entries[0]!.status).toBe('sending');
    await t.replayer().drain();
    expect((await readEntries(t.db)).entries.find((e) => e.id === entry.id)).toMatchObject({
      status: 'done',
      lastError: null,
    });
    expect(t.requests('DELETE', /\/documents\/\d+\?/)).toBe(2);
  });

  it('recipients with access to a client of the onboarding: the practice records the right', async () => {
    const t = await setup();
    await queue(t.db, 'onboarding.editRecipients', {
      params: { key: t.key },
      body: {
        userKey: t.user,
        recipients: [
          {
            name: 'Ari',
            email: 'ari.access@example.com',
            access: [{ entityOnboardingId: t.entity.entityOnboardingId, canEdit: false }],
          },
        ],
      },
    });
    expect(await t.replayer().drain()).toMatchObject({ delivered: 1 });
    const added = t.state.onboardings.get(t.key)!.recipients.find((r) => r.email === 'ari.access@example.com')!;
    expect(t.state.recipientAccess.get(added.recipientKey)?.get(t.entity.entityOnboardingId)).toBe(false);
  });
});
