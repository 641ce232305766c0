import { describe, expect, it } from 'vitest';
import { customEformSchemaIssues } from '../../../src-preload/contract/partner-api';
import { schemaGuide } from '../../../src-main/demo-practice/data/schema-guide';

const form = (questions: unknown[], section: Record<string, unknown> = {}) => ({
  title: 'Rental property',
  sections: [{ title: 'Property', ...section, questions }],
});
const messages = (schema: unknown, guide = schemaGuide) => customEformSchemaIssues(schema, guide).map((i) => i.message);

describe('a custom eForm schema, as the schema guide documents it', () => {
  it("accepts the guide's own example", () => {
    expect(customEformSchemaIssues(schemaGuide.exampleSchema, schemaGuide)).toEqual([]);
    expect(customEformSchemaIssues(schemaGuide.exampleSchema)).toEqual([]);
  });

  it('refuses what is not a form: text, a list, an object without sections, an empty section', () => {
    expect(messages('1. Address\n2. Rent')[0]).toMatch(/must be a JSON object with "sections"/);
    expect(messages([{ id: 'a' }])[0]).toMatch(/JSON object/);
    expect(customEformSchemaIssues({ __invalidJson: '1. Address' })).toEqual([
      { path: ['sections'], message: expect.stringMatching(/needs "sections"/) as unknown as string },
    ]);
    expect(messages({ sections: [{ title: 'Empty', questions: [] }] })[0]).toMatch(/Section 1 needs "questions"/);
  });

  it('each question has an id of its own, a type and a label; a condition names another question', () => {
    expect(messages(form([{ type: 'text', label: 'A' }]))).toEqual(['Question 1 of section 1 needs an "id".']);
    expect(messages(form([{ id: 'a', label: 'A' }]))).toEqual(['Question 1 of section 1 ("a") needs a "type".']);
    expect(messages(form([{ id: 'a', type: 'text' }]))).toEqual(['Question 1 of section 1 ("a") needs a "label".']);
    const twice = form([
      { id: 'a', type: 'text', label: 'A' },
      { id: 'a', type: 'text', label: 'B' },
    ]);
    expect(messages(twice)[0]).toMatch(/repeats the id "a"/);
    const dangling = form([{ id: 'a', type: 'text', label: 'A', showIf: { question: 'b', operator: 'equals' } }]);
    expect(messages(dangling)[0]).toMatch(/there is no "b"/);
  });

  it('with the guide: only its types, sensitive and merge fields where allowed, its operators and access values', () => {
    expect(messages(form([{ id: 'a', type: 'essay', label: 'A' }]))).toEqual([
      '"a" has the type "essay", which the schema guide does not list.',
    ]);
    expect(messages(form([{ id: 'a', type: 'text', label: 'A', sensitive: true }]))[0]).toMatch(
      /Short text question cannot be marked sensitive/,
    );
    expect(messages(form([{ id: 't', type: 'taxnumber', label: 'TFN', sensitive: true }]))).toEqual([]);
    expect(messages(form([{ id: 'y', type: 'yesno', label: 'Y', mergeField: '{{client.email}}' }]))[0]).toMatch(
      /cannot be pre-filled/,
    );
    expect(messages(form([{ id: 'e', type: 'email', label: 'E', mergeField: '{{client.fax}}' }]))[0]).toMatch(
      /not one of the practice's merge fields/,
    );
    expect(messages(form([{ id: 'e', type: 'email', label: 'E', clientAccess: 'hidden' }]))[0]).toMatch(
      /client access is "view", "edit" or "none"/,
    );
    const sign = form([{ id: 's', type: 'signature', label: 'Sign here' }], { repeating: true });
    expect(messages(sign)).toEqual(['"s": a Signature question cannot be in a repeating section.']);
    const operator = form([
      { id: 'y', type: 'yesno', label: 'Y' },
      { id: 'n', type: 'text', label: 'N', showIf: { question: 'y', operator: 'greaterThan', value: 1 } },
    ]);
    expect(messages(operator)).toEqual(['A "yesno" question can be tested with "equals", not "greaterThan".']);
    // Without the guide only the shape is checked.
    expect(customEformSchemaIssues(form([{ id: 'a', type: 'essay', label: 'A' }]))).toEqual([]);
  });
});
