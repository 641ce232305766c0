import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  onboardingDocumentsEntitySchema,
  type OnboardingDocumentsEntity,
} from '../../../../src-preload/contract/partner-api';
import { customFieldsReport, onboardingDocumentsReport } from '../../../../src-renderer/client-data/client-reads';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import { discardEntry, enqueue } from '../../../../src-renderer/outbox/outbox-db';
import { saveEntry } from '../../../support/save-entry';

const practiceKey = '44444444-4444-4444-8444-444444444444';
afterEach(() => deletePracticeDb(practiceKey));

const KEY = '33333333-3333-4333-8333-333333333333';
const ENTITY_A = '11111111-1111-4111-8111-111111111111';
const USER = '55555555-5555-4555-8555-555555555555';
const FETCHED = '2026-11-20T09:00:00.000Z';

const doc = (documentId: number, name: string) => ({
  documentId,
  name,
  description: null,
  isRequired: true,
  isUploaded: false,
  isBypassed: false,
  fileName: null,
  uploadedOn: null,
});
// Two client entities of one onboarding, both asked for document 60001 (the query names which one loses it).
const documents: OnboardingDocumentsEntity[] = [
  {
    entityOnboardingId: 40001,
    entityKey: ENTITY_A,
    entityName: 'Ana Ngata',
    documents: [doc(60001, 'Photo ID'), doc(60002, 'Proof of address')],
  },
  {
    entityOnboardingId: 40002,
    entityKey: null,
    entityName: 'Ngata Family Trust',
    documents: [doc(60001, 'Photo ID'), doc(60003, 'Trust deed')],
  },
];
const stored = { name: onboardingDocumentsReport(KEY), data: documents, fetchedAt: FETCHED };

const removeDocument = (documentId: number, entityOnboardingId?: number) => ({
  id: crypto.randomUUID(),
  operation: 'onboarding.removeDocument' as const,
  payload: {
    params: { key: KEY, documentId },
    query: { userKey: USER, ...(entityOnboardingId === undefined ? {} : { entityOnboardingId }) },
  },
  summary: 'Remove a requested document',
  entityKey: ENTITY_A,
  dependsOn: [],
});
const setCustomFields = (clientId: number) => ({
  id: crypto.randomUUID(),
  operation: 'onboarding.setCustomFields' as const,
  payload: {
    params: { key: KEY, clientId },
    body: { userKey: USER, fields: [{ customFieldID: 2, value: '30 June' }] },
  },
  summary: 'Set client custom fields',
  entityKey: ENTITY_A,
  dependsOn: [],
});

const documentIds = (data: unknown) =>
  z
    .array(onboardingDocumentsEntitySchema)
    .parse(data)
    .map((e) => [e.entityOnboardingId, e.documents.map((d) => d.documentId)]);

describe('removing a requested document: gone from the stored list at once, back on discard, the practice list once done', () => {
  it('the fixture is what the practice sends', () => {
    expect(z.array(onboardingDocumentsEntitySchema).safeParse(documents).success).toBe(true);
  });

  it('apply removes it only from the entity the query names, keeping the old list as undo; discard puts that back', async () => {
    const db = practiceDb(practiceKey);
    await db.reports.put(stored);
    const entry = await enqueue(db, removeDocument(60001, 40002));
    expect(documentIds((await db.reports.get(onboardingDocumentsReport(KEY)))!.data)).toEqual([
      [40001, [60001, 60002]],
      [40002, [60003]],
    ]);
    expect(entry.undo).toEqual(documents);
    expect((await db.outbox.get(entry.seq!))?.undo).toEqual(documents);
    await discardEntry(db, entry);
    expect(await db.reports.get(onboardingDocumentsReport(KEY))).toEqual(stored);
  });

  it("done: the practice's answer (the remaining requirements) is the stored list", async () => {
    const db = practiceDb(practiceKey);
    await db.reports.put(stored);
    const entry = await enqueue(db, removeDocument(60002, 40001));
    expect(documentIds((await db.reports.get(onboardingDocumentsReport(KEY)))!.data)).toEqual([
      [40001, [60001]],
      [40002, [60001, 60003]],
    ]);
    const answer = [
      {
        ...documents[0]!,
        documents: [
          { ...doc(60001, 'Photo ID'), isUploaded: true, fileName: 'id.pdf', uploadedOn: '2026-11-21T09:00:00.000Z' },
        ],
      },
      documents[1]!,
    ];
    const done = { ...entry, status: 'done' as const, result: answer, updatedAt: '2026-11-21T10:00:05.000Z' };
    await saveEntry(db, done);
    expect(await db.reports.get(onboardingDocumentsReport(KEY))).toEqual({
      name: onboardingDocumentsReport(KEY),
      data: answer,
      fetchedAt: '2026-11-21T10:00:05.000Z',
    });
  });

  it('no stored list: nothing happens on apply, discard or a malformed answer, and nothing throws', async () => {
    const db = practiceDb(practiceKey);
    const entry = await enqueue(db, removeDocument(60001, 40001));
    expect(entry.undo ?? null).toBeNull();
    expect(await db.reports.count()).toBe(0);
    await saveEntry(db, { ...entry, status: 'done', result: { not: 'a list' } });
    expect(await db.reports.count()).toBe(0);
    await discardEntry(db, await enqueue(db, removeDocument(60001, 40002)));
    expect(await db.reports.count()).toBe(0);
  });
});

describe("setting a client's custom fields: the practice's answer is kept for the form", () => {
  it('done: the values with their labels are stored under the client', async () => {
    const db = practiceDb(practiceKey);
    const entry = await enqueue(db, setCustomFields(40002));
    expect(await db.reports.count()).toBe(0); // nothing shown locally before the answer
    const answer = [
      { customFieldID: 2, label: 'Financial year end', value: '30 June' },
      { customFieldID: 1, label: 'Preferred contact method', value: 'Email' },
    ];
    await saveEntry(db, { ...entry, status: 'done', result: answer, updatedAt: '2026-11-21T10:00:05.000Z' });
    expect(await db.reports.get(customFieldsReport(KEY, 40002))).toEqual({
      name: customFieldsReport(KEY, 40002),
      data: answer,
      fetchedAt: '2026-11-21T10:00:05.000Z',
    });
    expect(customFieldsReport(KEY, 40002)).toBe(`customFields:${KEY}:40002`);
  });

  it('a malformed answer stores nothing', async () => {
    const db = practiceDb(practiceKey);
    const entry = await enqueue(db, setCustomFields(40001));
    await saveEntry(db, { ...entry, status: 'done', result: [{ customFieldID: 'two', label: 'Financial year end' }] });
    await saveEntry(db, { ...entry, status: 'done', result: null });
    expect(await db.reports.count()).toBe(0);
  });
});
