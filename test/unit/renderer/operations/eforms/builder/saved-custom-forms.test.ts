import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaGuide } from '../../../../../../src-main/demo-practice/data/schema-guide';
import { eformCreateClientSchema } from '../../../../../../src-preload/contract/partner-api';
import { deletePracticeDb } from '../../../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../../../support/practice-db';
import { savedCustomForms } from '../../../../../../src-renderer/operations/eforms/builder/saved-custom-forms';
import {
  stackBody,
  stackProblems,
  stackValueOf,
  SAVED,
} from '../../../../../../src-renderer/operations/eforms/builder/stack-items';

const practiceKey = 'p-saved-custom-forms';
afterEach(async () => {
  await deletePracticeDb(practiceKey);
});

describe('custom eForms kept on this laptop', () => {
  it('are saved under their name (saving again replaces), listed by name, removed, and survive a reopen', async () => {
    const db = practiceDb(practiceKey);
    const store = savedCustomForms(db);
    await store.save('Rental', { sections: [] }, new Date('2026-01-01T00:00:00Z'));
    await store.save('AML', schemaGuide.exampleSchema);
    await store.save(' Rental ', schemaGuide.exampleSchema, new Date('2026-01-02T00:00:00Z'));
    // Another preference of the same practice is not a saved form.
    await db.preferences.put({ name: 'me', value: { userKey: 'x' } });
    db.close();
    const again = savedCustomForms(practiceDb(practiceKey));
    expect(await again.list()).toEqual([
      { name: 'AML', schema: schemaGuide.exampleSchema, savedAt: expect.any(String) as unknown as string },
      { name: 'Rental', schema: schemaGuide.exampleSchema, savedAt: '2026-01-02T00:00:00.000Z' },
    ]);
    await again.remove('AML');
    expect((await again.list()).map((f) => f.name)).toEqual(['Rental']);
  });
});

describe('a stack with custom forms in it', () => {
  const customs = [{ name: 'Contact details', schema: schemaGuide.exampleSchema }];

  it('sends each custom form as {name, schema} in its place, templates as {templateId}', () => {
    const forms = stackBody(['12', `${SAVED}Contact details`], customs);
    expect(forms).toEqual([{ templateId: 12 }, { name: 'Contact details', schema: schemaGuide.exampleSchema }]);
    expect(forms.map(stackValueOf)).toEqual(['12', `${SAVED}Contact details`]);
    expect(eformCreateClientSchema.safeParse({ forms }).success).toBe(true);
  });

  it('refuses a form no longer on the laptop, and one the guide forbids, before it is queued', () => {
    const gone = stackBody(['12', `${SAVED}Deleted`], customs);
    expect(eformCreateClientSchema.safeParse({ forms: gone }).success).toBe(false);
    const forged = [
      {
        name: 'Forged',
        schema: { sections: [{ questions: [{ id: 'y', type: 'yesno', label: 'Y', sensitive: true }] }] },
      },
    ];
    expect(stackProblems(['12', `${SAVED}Forged`], forged, schemaGuide)).toEqual([
      { path: ['forms'], message: 'Form 2 (“Forged”): "y": a Yes / No question cannot be marked sensitive.' },
    ]);
  });
});
