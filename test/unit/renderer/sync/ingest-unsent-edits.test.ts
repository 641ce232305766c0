import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Contact, Onboarding } from '../../../../src-preload/contract/partner-api';
import type { SyncPageEvent } from '../../../../src-preload/contract/practice';
import type { SyncCursor } from '../../../../src-preload/contract/sync';
import { ingestPage } from '../../../../src-renderer/sync/ingest';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import { discardEntry, enqueue, readEntries } from '../../../../src-renderer/outbox/outbox-db';
import { saveEntry } from '../../../support/save-entry';

const practiceKey = '66666666-6666-4666-8666-666666666666';
afterEach(() => deletePracticeDb(practiceKey));

const CLIENT = '11111111-1111-4111-8111-111111111111';
const USER = '55555555-5555-4555-8555-555555555555';
const cursor = (resource: string): SyncCursor => ({
  resource,
  mode: 'incremental',
  watermark: null,
  nextPage: 1,
  passServerTime: null,
  largestPage: 2,
  lastCompletedAt: '2026-11-21T09:00:00.000Z',
  recordsThisPass: 2,
});
const page = (resource: 'contacts' | 'onboardings', records: unknown[]): SyncPageEvent => ({
  pageId: 'p',
  practiceKey,
  resource,
  records,
  replaceAll: false,
  cursor: cursor(resource),
});
const contact = (id: number, position: string, updatedOn = '2026-11-20T00:00:00.000Z'): Contact => ({
  entityContactID: id,
  contactID: id,
  entityKey: CLIENT,
  contactName: 'Jane',
  contactSurname: `Smith${id}`,
  email: null,
  mobile: null,
  position,
  isPrimary: false,
  isDeleted: false,
  updatedOn,
});

describe('a sync page for a record with an unsent local edit', () => {
  it('keeps the edit on screen, marked not yet sent; the practice answer replaces both; a discard goes back to the newest practice copy', async () => {
    const db = practiceDb(practiceKey);
    await db.contacts.bulkPut([contact(1, 'Clerk'), contact(2, 'Clerk')]);
    const edit = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'contact.update',
      payload: { params: { entityKey: CLIENT, entityContactID: 1 }, body: { position: 'Director' } },
      summary: 's',
      entityKey: CLIENT,
      dependsOn: [],
    });

    // The practice's copy arrives (changed there meanwhile: a new mobile), with another contact beside it.
    const theirs = { ...contact(1, 'Clerk', '2026-11-21T08:00:00.000Z'), mobile: '0400 000 001' };
    await ingestPage(db, page('contacts', [theirs, contact(2, 'Partner')]));
    expect(await db.contacts.get(1)).toMatchObject({
      position: 'Director',
      mobile: '0400 000 001',
      pendingOutboxId: edit.id,
    });
    expect(await db.contacts.get(2)).toMatchObject({ position: 'Partner' });
    expect((await db.contacts.get(2))!).not.toHaveProperty('pendingOutboxId');
    const stored = (await readEntries(db)).entries[0]!;
    expect(stored).toMatchObject({ status: 'pending', payload: { body: { position: 'Director' } }, undo: theirs });

    // Discarded: back to the practice's newest copy, not the one from before the sync.
    await discardEntry(db, stored);
    expect(await db.contacts.get(1)).toEqual(theirs);
  });

  it('once the practice answered, its record stands and a later page is stored as it comes', async () => {
    const db = practiceDb(practiceKey);
    await db.contacts.put(contact(3, 'Clerk'));
    const edit = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'contact.update',
      payload: { params: { entityKey: CLIENT, entityContactID: 3 }, body: { position: 'Director' } },
      summary: 's',
      entityKey: CLIENT,
      dependsOn: [],
    });
    await saveEntry(db, { ...edit, status: 'done', result: contact(3, 'Director', '2026-11-21T10:00:00.000Z') });
    await ingestPage(db, page('contacts', [contact(3, 'Manager', '2026-11-21T11:00:00.000Z')]));
    expect(await db.contacts.get(3)).toEqual(contact(3, 'Manager', '2026-11-21T11:00:00.000Z'));
  });

  it('an onboarding completed offline stays completed when a page with the practice copy arrives', async () => {
    const db = practiceDb(practiceKey);
    const onboarding: Onboarding = {
      onboardingKey: CLIENT,
      onboardingID: 9,
      entityKey: null,
      statusID: 2,
      statusName: 'In progress',
      createdOn: '2026-11-01T00:00:00.000Z',
      sentOn: null,
      submittedOn: null,
      completedOn: null,
      updatedOn: '2026-11-02T00:00:00.000Z',
      createdByKey: USER,
      approverKey: null,
      engagementKey: USER,
      formKey: USER,
      recipients: [],
    };
    await db.onboardings.put(onboarding);
    await db.onboardingStatuses.put({ statusID: 4, statusName: 'Completed', isFinal: true });
    const complete = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'onboarding.complete',
      payload: {
        params: { key: CLIENT },
        body: { userKey: USER, approverUserKey: USER, paused: false, engagementKey: USER },
      },
      summary: 's',
      entityKey: null,
      dependsOn: [],
    });
    await ingestPage(db, page('onboardings', [{ ...onboarding, updatedOn: '2026-11-21T00:00:00.000Z' }]));
    expect(await db.onboardings.get(CLIENT)).toMatchObject({ statusName: 'Completed', pendingOutboxId: complete.id });
  });
});
