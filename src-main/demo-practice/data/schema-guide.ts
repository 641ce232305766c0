import type { SchemaGuide } from '../../../src-preload/contract/partner-api';

const question = (
  type: string,
  label: string,
  description: string,
  answerFormat: string,
  extra: Partial<SchemaGuide['questionTypes'][number]> = {},
): SchemaGuide['questionTypes'][number] => ({
  type,
  label,
  description,
  answerFormat,
  conditionalOperators: ['equals', 'notEquals', 'isAnswered', 'isNotAnswered'],
  canBeSensitive: false,
  canUseMergeField: true,
  allowedInRepeatingGroup: true,
  allowedInRepeatingSection: true,
  notes: '',
  ...extra,
});

/** `GET /api/v1/eforms/schema-guide`: the question types, merge fields and an example a form builder needs. */
export const schemaGuide: SchemaGuide = {
  questionTypes: [
    question('text', 'Short text', 'A single line of text.', 'string'),
    question('textarea', 'Long text', 'Several lines of text.', 'string'),
    question('email', 'Email address', 'An email address, validated.', 'string (email)'),
    question('phone', 'Phone number', 'A phone number in national or international format.', 'string'),
    question('number', 'Number', 'A whole or decimal number.', 'number', {
      conditionalOperators: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'isAnswered'],
    }),
    question('date', 'Date', 'A calendar date.', 'string (YYYY-MM-DD)', {
      conditionalOperators: ['equals', 'before', 'after', 'isAnswered'],
    }),
    question('select', 'Choice', 'One option from a list.', 'string (one of options)'),
    question('multiselect', 'Multiple choice', 'Any number of options from a list.', 'string[]', {
      conditionalOperators: ['contains', 'notContains', 'isAnswered'],
    }),
    question('yesno', 'Yes / No', 'A yes or no answer.', 'boolean', {
      canUseMergeField: false,
      conditionalOperators: ['equals'],
    }),
    question('taxnumber', 'Tax number', 'A personal tax number; stored encrypted.', 'string', { canBeSensitive: true }),
    question(
      'idnumber',
      'Identity number',
      'A passport, driver licence or national identity card number; stored encrypted.',
      'string',
      { canBeSensitive: true },
    ),
    question('bankaccount', 'Bank account', 'Account name, number and branch code.', 'object', {
      canBeSensitive: true,
      allowedInRepeatingGroup: false,
    }),
    question('file', 'File upload', 'One or more documents.', 'file[]', {
      canUseMergeField: false,
      notes: 'Maximum 20 MB per file.',
    }),
    question('signature', 'Signature', 'A drawn or typed signature.', 'image', {
      canUseMergeField: false,
      allowedInRepeatingGroup: false,
      allowedInRepeatingSection: false,
    }),
    question('identity', 'Identity verification', 'Starts an identity check inside the form.', 'object', {
      canUseMergeField: false,
      allowedInRepeatingGroup: false,
      allowedInRepeatingSection: false,
      notes: 'Billed per verification.',
    }),
    question('info', 'Information', 'Read-only text shown to the client; staff may pre-fill it with answers.', 'none', {
      canUseMergeField: true,
      conditionalOperators: [],
    }),
  ],
  clientAccessValues: ['view', 'edit', 'none'],
  mergeFields: [
    '{{practice.name}}',
    '{{practice.email}}',
    '{{practice.phone}}',
    '{{staff.firstName}}',
    '{{staff.lastName}}',
    '{{staff.email}}',
    '{{client.fullName}}',
    '{{client.preferredName}}',
    '{{client.email}}',
    '{{client.mobile}}',
    '{{client.code}}',
  ],
  identityVerificationMethods: [
    { value: 'document-biometric', label: 'Document and biometric check' },
    { value: 'document-only', label: 'Document check' },
    { value: 'electronic', label: 'Electronic database check' },
  ],
  exampleSchema: {
    title: 'Contact details update',
    sections: [
      {
        title: 'Your details',
        questions: [
          {
            id: 'preferredName',
            type: 'text',
            label: 'Preferred name',
            mergeField: '{{client.preferredName}}',
            required: true,
          },
          { id: 'email', type: 'email', label: 'Email address', mergeField: '{{client.email}}', required: true },
          { id: 'hasNewAddress', type: 'yesno', label: 'Has your postal address changed?' },
          {
            id: 'address',
            type: 'textarea',
            label: 'New postal address',
            showIf: { question: 'hasNewAddress', operator: 'equals', value: true },
          },
        ],
      },
    ],
  },
};
