import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnboardingDocumentsEntity } from '../../../../../src-preload/contract/partner-api';
import { customFieldsReport } from '../../../../../src-renderer/client-data/client-reads';
import { deletePracticeDb } from '../../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../../support/practice-db';
import {
  customFieldNames,
  storedCustomFieldNames,
} from '../../../../../src-renderer/operations/onboardings/custom-field-names';
import { outstandingRequired } from '../../../../../src-renderer/operations/onboardings/onboarding-documents';

const doc = (
  documentId: number,
  name: string,
  state: Partial<{ isRequired: boolean; isUploaded: boolean; isBypassed: boolean }> = {},
) => ({
  documentId,
  name,
  description: null,
  isRequired: true,
  isUploaded: false,
  isBypassed: false,
  fileName: null,
  uploadedOn: null,
  ...state,
});
const entity = (
  entityOnboardingId: number,
  entityName: string,
  documents: ReturnType<typeof doc>[],
): OnboardingDocumentsEntity => ({
  entityOnboardingId,
  entityKey: null,
  entityName,
  documents,
});

describe('required documents still waiting when an onboarding is completed', () => {
  const entities = [
    entity(1, 'Harper Pty Ltd', [
      doc(10, 'Trust deed'),
      doc(11, 'Bank statement', { isUploaded: true }),
      doc(12, 'Old ID', { isBypassed: true }),
      doc(13, 'Brochure', { isRequired: false }),
    ]),
    entity(2, 'Jo Harper', [doc(10, 'Passport'), doc(14, 'Tax file number')]),
    entity(3, 'Sam Harper', [doc(15, 'Licence', { isUploaded: true })]),
  ];

  it('lists only required documents neither uploaded nor bypassed, per client, leaving out clients with none', () => {
    expect(outstandingRequired(entities)).toEqual([
      { entityName: 'Harper Pty Ltd', documents: ['Trust deed'] },
      { entityName: 'Jo Harper', documents: ['Passport', 'Tax file number'] },
    ]);
  });

  it('leaves out a request being removed, for that client only', () => {
    expect(outstandingRequired(entities, [{ entityOnboardingId: 2, documentId: 10 }])).toEqual([
      { entityName: 'Harper Pty Ltd', documents: ['Trust deed'] },
      { entityName: 'Jo Harper', documents: ['Tax file number'] },
    ]);
  });
});

describe('custom fields by name', () => {
  it('gathers each labelled field once from every answer, sorted by name, skipping unreadable answers', () => {
    expect(
      customFieldNames([
        [
          { customFieldID: 2, label: 'Financial year end', value: '31 March' },
          { customFieldID: 7, label: '', value: 'x' },
        ],
        [
          { customFieldID: 2, label: 'Financial year end', value: '30 June' },
          { customFieldID: 5, label: 'Agent number', value: '' },
        ],
        { not: 'an answer' },
        undefined,
      ]),
    ).toEqual([
      { customFieldID: 5, label: 'Agent number' },
      { customFieldID: 2, label: 'Financial year end' },
    ]);
  });

  const practiceKey = '44444444-4444-4444-8444-444444444444';
  afterEach(() => deletePracticeDb(practiceKey));

  it('reads the names from the answers stored for any onboarding of the practice, and nothing else', async () => {
    const db = practiceDb(practiceKey);
    const at = '2026-11-20T09:00:00.000Z';
    await db.reports.bulkPut([
      {
        name: customFieldsReport('onboarding-a', 1),
        data: [{ customFieldID: 2, label: 'Financial year end', value: '' }],
        fetchedAt: at,
      },
      {
        name: customFieldsReport('onboarding-b', 9),
        data: [{ customFieldID: 3, label: 'Entity type', value: 'Trust' }],
        fetchedAt: at,
      },
      {
        name: 'onboardingDocuments:onboarding-a',
        data: [{ customFieldID: 4, label: 'Not a field', value: '' }],
        fetchedAt: at,
      },
    ]);
    expect(await storedCustomFieldNames(db)).toEqual([
      { customFieldID: 3, label: 'Entity type' },
      { customFieldID: 2, label: 'Financial year end' },
    ]);
  });
});
