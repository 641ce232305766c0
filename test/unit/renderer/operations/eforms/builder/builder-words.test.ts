import { describe, expect, it } from 'vitest';
import { schemaGuide } from '../../../../../../src-main/demo-practice/data/schema-guide';
import type { SchemaGuide } from '../../../../../../src-preload/contract/partner-api';
import { addQuestion } from '../../../../../../src-renderer/operations/eforms/builder/builder-edits';
import {
  emptyBuilderForm,
  writeBuilderForm,
} from '../../../../../../src-renderer/operations/eforms/builder/builder-model';
import {
  mergeFieldName,
  mergeFieldPhrase,
} from '../../../../../../src-renderer/operations/eforms/builder/merge-field-words';
import { sensitiveByDefault } from '../../../../../../src-renderer/operations/eforms/builder/sensitive-types';

type QuestionType = SchemaGuide['questionTypes'][number];
const type = (fields: Partial<QuestionType>): QuestionType => ({
  type: 'x',
  label: 'X',
  description: '',
  answerFormat: 'string',
  conditionalOperators: [],
  canBeSensitive: true,
  canUseMergeField: true,
  allowedInRepeatingGroup: true,
  allowedInRepeatingSection: true,
  notes: '',
  ...fields,
});

describe('the builder in words', () => {
  it('names every merge field of the demo guide in words, never as its template', () => {
    const names = schemaGuide.mergeFields.map(mergeFieldName);
    expect(names).toEqual([
      "Practice's name",
      "Practice's email",
      "Practice's phone",
      "Staff member's first name",
      "Staff member's last name",
      "Staff member's email",
      "Client's full name",
      "Client's preferred name",
      "Client's email",
      "Client's mobile",
      "Client's code",
    ]);
    expect(mergeFieldPhrase('{{staff.email}}')).toBe("the staff member's email");
    // A field named another way than a guide's template, or a new one, is shown as written or split, not guessed.
    expect(mergeFieldName('{{client.dateOfBirth}}')).toBe("Client's date of birth");
    expect(mergeFieldName('{{ledger.code}}')).toBe('{{ledger.code}}');
    expect(mergeFieldName('[[client.fullName]]')).toBe('[[client.fullName]]');
  });

  it('starts a tax number, bank details and an identity number sensitive, from the guide’s words for the type', () => {
    const byType = Object.fromEntries(schemaGuide.questionTypes.map((t) => [t.type, sensitiveByDefault(t)]));
    expect(Object.entries(byType).filter(([, holds]) => holds !== null)).toEqual([
      ['taxnumber', 'a tax number'],
      ['idnumber', 'an identity number'],
      ['bankaccount', 'bank details'],
    ]);
    // Another practice's guide may name them otherwise.
    expect(sensitiveByDefault(type({ type: 'tfn', label: 'Tax file number' }))).toBe('a tax number');
    expect(sensitiveByDefault(type({ type: 'ni', label: 'National Insurance number' }))).toBe('a tax number');
    expect(sensitiveByDefault(type({ type: 'bsb', label: 'BSB and account number' }))).toBe('bank details');
    expect(sensitiveByDefault(type({ type: 'passport', label: 'Passport number' }))).toBe('an identity number');
    // Never a type the guide does not let be sensitive, and not an identity *verification*.
    expect(sensitiveByDefault(type({ type: 'tfn', label: 'Tax file number', canBeSensitive: false }))).toBeNull();
    expect(sensitiveByDefault(type({ type: 'identity', label: 'Identity verification' }))).toBeNull();
    expect(sensitiveByDefault(type({ type: 'email', label: 'Email address' }))).toBeNull();
  });

  it('a question added ticked is written sensitive; one added plain is not', () => {
    let form = addQuestion(emptyBuilderForm(), { section: 0 }, 'taxnumber', 'Tax number', { sensitive: true });
    form = addQuestion(form, { section: 0 }, 'text', 'Short text');
    expect(writeBuilderForm(form)).toEqual({
      sections: [
        {
          title: 'Your details',
          questions: [
            { id: 'taxnumber1', type: 'taxnumber', label: 'Tax number', sensitive: true },
            { id: 'text1', type: 'text', label: 'Short text' },
          ],
        },
      ],
    });
  });
});
