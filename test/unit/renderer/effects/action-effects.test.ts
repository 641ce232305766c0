import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Onboarding, OnboardingRecipient } from '../../../../src-preload/contract/partner-api';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import { completedStatus } from '../../../../src-renderer/effects/onboarding-effects';
import { discardEntry, enqueue } from '../../../../src-renderer/outbox/outbox-db';
import { saveEntry } from '../../../support/save-entry';

const practiceKey = '44444444-4444-4444-8444-444444444444';
afterEach(() => deletePracticeDb(practiceKey));

const K1 = '11111111-1111-4111-8111-111111111111';
const K2 = '22222222-2222-4222-8222-222222222222';
const K3 = '33333333-3333-4333-8333-333333333333';
const USER = '55555555-5555-4555-8555-555555555555';
const r = (recipientKey: string, name: string, sendOrder: number): OnboardingRecipient => ({
  recipientKey,
  name,
  surname: 'S',
  email: `${name}@example.com`,
  mobile: null,
  sendOrder,
  sentOn: null,
  submittedOn: null,
});
const onboarding: Onboarding = {
  onboardingKey: K3,
  onboardingID: 9,
  entityKey: null,
  statusID: 2,
  statusName: 'In progress',
  createdOn: '2026-11-01T00:00:00.000Z',
  sentOn: '2026-11-02T00:00:00.000Z',
  submittedOn: null,
  completedOn: null,
  updatedOn: '2026-11-02T00:00:00.000Z',
  createdByKey: USER,
  approverKey: null,
  engagementKey: K1,
  formKey: K2,
  recipients: [r(K1, 'ana', 1), r(K2, 'ben', 2)],
};

describe('the completed status', () => {
  it('the completed status is the final one named Completed, when the statuses are known', () => {
    expect(
      completedStatus([
        { statusID: 4, statusName: 'Completed', isFinal: true },
        { statusID: 5, statusName: 'Cancelled', isFinal: true },
      ]),
    ).toEqual({ statusID: 4, statusName: 'Completed', isFinal: true });
    expect(completedStatus([{ statusID: 5, statusName: 'Cancelled', isFinal: true }])).toBeNull();
  });
});

describe('onboarding and lead-note writes: local effect with the entry, undone on discard, replaced by the answer', () => {
  it('edit recipients: shown at once and marked pending; discard puts the row back as it was', async () => {
    const db = practiceDb(practiceKey);
    await db.onboardings.put(onboarding);
    const entry = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'onboarding.editRecipients',
      payload: { params: { key: K3 }, body: { userKey: USER, recipients: [{ name: 'cy', email: 'cy@example.com' }] } },
      summary: 's',
      entityKey: null,
      dependsOn: [],
    });
    const shown = await db.onboardings.get(K3);
    expect(shown!.recipients.map((x) => x.name)).toEqual(['ana', 'ben', 'cy']);
    expect(shown).toMatchObject({ pendingOutboxId: entry.id });
    await discardEntry(db, entry);
    expect(await db.onboardings.get(K3)).toEqual(onboarding);
  });

  it('complete: the completed status and approver at once; once done, the practice record replaces it', async () => {
    const db = practiceDb(practiceKey);
    await db.onboardings.put(onboarding);
    await db.onboardingStatuses.bulkPut([{ statusID: 4, statusName: 'Completed', isFinal: true }]);
    const entry = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'onboarding.complete',
      payload: {
        params: { key: K3 },
        body: { userKey: USER, approverUserKey: USER, paused: false, engagementKey: K1 },
      },
      summary: 's',
      entityKey: null,
      dependsOn: [],
    });
    expect(await db.onboardings.get(K3)).toMatchObject({
      statusID: 4,
      statusName: 'Completed',
      approverKey: USER,
      pendingOutboxId: entry.id,
    });
    const answer = {
      ...onboarding,
      statusID: 4,
      statusName: 'Completed',
      approverKey: USER,
      completedOn: '2026-11-21T10:00:05.000Z',
    };
    await saveEntry(db, { ...entry, status: 'done', result: answer });
    expect(await db.onboardings.get(K3)).toEqual(answer);
  });

  it('a note added to a lead: once done, the practice note is in the cache at once', async () => {
    const db = practiceDb(practiceKey);
    const entry = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'lead.addNote',
      payload: { params: { leadKey: K1 }, body: { text: 'hello' } },
      summary: 's',
      entityKey: null,
      dependsOn: [],
    });
    expect(await db.leadNotes.count()).toBe(0);
    await saveEntry(db, {
      ...entry,
      status: 'done',
      result: { noteID: 77, leadKey: K1, text: 'hello', createdByKey: null, createdOn: '2026-11-21T10:00:00.000Z' },
    });
    expect(await db.leadNotes.get(77)).toMatchObject({ leadKey: K1, text: 'hello' });
  });
});
