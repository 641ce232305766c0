import { describe, expect, it } from 'vitest';
import { customEformSchemaIssues } from '../../../../../../src-preload/contract/partner-api';
import { schemaGuide } from '../../../../../../src-main/demo-practice/data/schema-guide';
import {
  readBuilderForm,
  writeBuilderForm,
  type BuilderForm,
} from '../../../../../../src-renderer/operations/eforms/builder/builder-model';
import {
  addGroup,
  addQuestion,
  editQuestion,
  editSection,
  moveItem,
  placeQuestion,
  removeItem,
} from '../../../../../../src-renderer/operations/eforms/builder/builder-edits';

const issues = (form: BuilderForm) =>
  customEformSchemaIssues(writeBuilderForm(form), schemaGuide).map((i) => i.message);
const example = () => readBuilderForm(structuredClone(schemaGuide.exampleSchema))!;

describe('the eForm builder model', () => {
  it("opens the guide's example schema and writes it back unchanged", () => {
    const model = readBuilderForm(schemaGuide.exampleSchema);
    expect(model).not.toBeNull();
    expect(writeBuilderForm(model!)).toEqual(schemaGuide.exampleSchema);
    // What it does not edit (a title, options, a field a newer guide adds) is kept as it was.
    const richer = {
      title: 'T',
      version: 2,
      sections: [
        {
          title: 'S',
          repeating: true,
          intro: 'x',
          questions: [
            { id: 'c', type: 'select', label: 'C', options: ['a', 'b'], clientAccess: 'view', required: false },
            { id: 'g', label: 'G', note: 'n', questions: [{ id: 'n', type: 'text', label: 'N', placeholder: 'p' }] },
            { id: 'weird', type: 'text', label: 7, showIf: { question: 'c', operator: 'equals', value: 'a', x: 1 } },
          ],
        },
      ],
    };
    expect(writeBuilderForm(readBuilderForm(richer)!)).toEqual(richer);
  });

  it('leaves to the Advanced JSON what it cannot show: not a form, a question without an id or type', () => {
    expect(readBuilderForm('text')).toBeNull();
    expect(readBuilderForm({ questions: [] })).toBeNull();
    expect(readBuilderForm({ sections: [{ questions: [{ label: 'no id' }] }] })).toBeNull();
  });

  it('builds a form the guide accepts: add, edit, move, place in a group, remove (and the conditions on it)', () => {
    let form = example();
    form = addQuestion(form, { section: 0 }, 'taxnumber', 'Tax number');
    form = editQuestion(form, { section: 0, item: 4 }, { sensitive: true, required: true });
    form = addGroup(form, 0, 'Rental properties');
    form = addQuestion(form, { section: 0, group: 5 }, 'textarea', 'Property address');
    form = moveItem(form, { section: 0, item: 5 }, -1);
    expect(form.sections[0]!.items.map((i) => i.id)).toEqual([
      'preferredName',
      'email',
      'hasNewAddress',
      'address',
      'group1',
      'taxnumber1',
    ]);
    form = placeQuestion(form, { section: 0, item: 1 }, { section: 0, group: 4 });
    const group = form.sections[0]!.items[3];
    expect(group?.kind === 'group' && group.questions.map((q) => q.id)).toEqual(['textarea1', 'email']);
    expect(issues(form)).toEqual([]);
    form = removeItem(form, { section: 0, item: 1 });
    expect(writeBuilderForm(form).sections).toEqual([
      expect.objectContaining({
        questions: expect.not.arrayContaining([expect.objectContaining({ showIf: expect.anything() as unknown })]),
      }),
    ]);
    expect(issues(form)).toEqual([]);
    // Removing a field sets it to nothing, not to false or an empty string.
    form = editQuestion(form, { section: 0, item: 0 }, { mergeField: undefined });
    const first = (writeBuilderForm(form) as { sections: { questions: object[] }[] }).sections[0]!.questions[0];
    expect(first).toEqual({ id: 'preferredName', type: 'text', label: 'Preferred name', required: true });
  });
});

describe('what the guide forbids is refused, whichever way it was built', () => {
  it('a signature in a repeating group', () => {
    let form = addGroup(example(), 0, 'Directors');
    form = addQuestion(form, { section: 0, group: 4 }, 'signature', 'Sign here');
    expect(issues(form)).toEqual(['"signature1": a Signature question cannot be in a repeating group.']);
  });

  it('a signature in a repeating section', () => {
    const form = editSection(addQuestion(example(), { section: 0 }, 'signature', 'Sign'), 0, { repeating: true });
    expect(issues(form)).toEqual(['"signature1": a Signature question cannot be in a repeating section.']);
  });

  it('a sensitive yes/no', () => {
    const form = editQuestion(example(), { section: 0, item: 2 }, { sensitive: true });
    expect(issues(form)).toEqual(['"hasNewAddress": a Yes / No question cannot be marked sensitive.']);
  });

  it('a merge field on a type that cannot use one', () => {
    const form = editQuestion(example(), { section: 0, item: 2 }, { mergeField: '{{client.email}}' });
    expect(issues(form)).toEqual(['"hasNewAddress": a Yes / No question cannot be pre-filled from a merge field.']);
  });

  it('a group that holds a group, or has no questions', () => {
    const nested = {
      sections: [{ questions: [{ id: 'g', label: 'G', questions: [{ id: 'h', label: 'H', questions: [] }] }] }],
    };
    expect(customEformSchemaIssues(nested, schemaGuide).map((i) => i.message)).toEqual([
      'The repeating group at question 1 of section 1 cannot hold another group.',
    ]);
    const empty = { sections: [{ questions: [{ id: 'g', label: 'G', questions: [] }] }] };
    expect(customEformSchemaIssues(empty).map((i) => i.message)).toEqual([
      'The repeating group at question 1 of section 1 needs at least one question.',
    ]);
  });
});
