/**
 * The eForm builder's model of a custom schema, as the practice's schema guide documents it: sections of
 * questions, where an item with its own `questions` is a repeating group. The builder edits only the fields it
 * knows; every other field (a form's title, a question's options or placeholder, anything a newer guide adds)
 * is carried in `extra` and written back as it was, so a schema opened in the builder comes out unchanged.
 * Whether the schema is one the practice accepts is the contract's rule (customEformSchemaIssues), not this.
 */

export interface ShowIf {
  question: string;
  operator: string;
  value?: unknown;
}
export interface BuilderQuestion {
  kind: 'question';
  id: string;
  type: string;
  label: string;
  required?: boolean;
  sensitive?: boolean;
  mergeField?: string;
  showIf?: ShowIf;
  extra: Record<string, unknown>;
}
export interface BuilderGroup {
  kind: 'group';
  id: string;
  label: string;
  questions: BuilderQuestion[];
  extra: Record<string, unknown>;
}
export type BuilderItem = BuilderQuestion | BuilderGroup;
export interface BuilderSection {
  title?: string;
  repeating?: boolean;
  items: BuilderItem[];
  extra: Record<string, unknown>;
}
export interface BuilderForm {
  sections: BuilderSection[];
  extra: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Splits the fields the builder edits (when of the type it edits) from the rest, which are kept as they are. */
function take<K extends string>(raw: Json, fields: Record<K, 'string' | 'boolean' | 'object'>) {
  const known: Partial<Record<K, unknown>> = {};
  const extra: Json = {};
  for (const [key, value] of Object.entries(raw)) {
    const wanted = (fields as Record<string, string>)[key];
    const fits = wanted === 'object' ? isObject(value) : typeof value === wanted;
    if (wanted && fits) known[key as K] = value;
    else extra[key] = value;
  }
  return { known, extra };
}

function readShowIf(value: unknown): ShowIf | null {
  if (!isObject(value) || typeof value['question'] !== 'string' || typeof value['operator'] !== 'string') return null;
  const keys = Object.keys(value).filter((k) => !['question', 'operator', 'value'].includes(k));
  if (keys.length > 0) return null;
  return 'value' in value
    ? { question: value['question'], operator: value['operator'], value: value['value'] }
    : { question: value['question'], operator: value['operator'] };
}

function readQuestion(raw: Json): BuilderQuestion | null {
  const fields = {
    id: 'string',
    type: 'string',
    label: 'string',
    required: 'boolean',
    sensitive: 'boolean',
    mergeField: 'string',
    showIf: 'object',
  } as const;
  const { known, extra } = take(raw, fields);
  if (typeof known.id !== 'string' || typeof known.type !== 'string') return null;
  const question: BuilderQuestion = { kind: 'question', id: known.id, type: known.type, label: '', extra };
  if (typeof known.label === 'string') question.label = known.label;
  else if ('label' in raw) extra['label'] = raw['label'];
  if (typeof known.required === 'boolean') question.required = known.required;
  if (typeof known.sensitive === 'boolean') question.sensitive = known.sensitive;
  if (typeof known.mergeField === 'string') question.mergeField = known.mergeField;
  if (known.showIf !== undefined) {
    const showIf = readShowIf(known.showIf);
    if (showIf) question.showIf = showIf;
    else extra['showIf'] = known.showIf;
  }
  return question;
}

function readItem(raw: unknown): BuilderItem | null {
  if (!isObject(raw)) return null;
  if (!Array.isArray(raw['questions'])) return readQuestion(raw);
  const { known, extra } = take(raw, { id: 'string', label: 'string' });
  delete extra['questions'];
  if (typeof known.id !== 'string' || typeof known.label !== 'string') return null;
  const questions = (raw['questions'] as unknown[]).map((q) => (isObject(q) ? readQuestion(q) : null));
  if (questions.some((q) => q === null)) return null;
  return { kind: 'group', id: known.id, label: known.label, questions: questions as BuilderQuestion[], extra };
}

/**
 * The builder's model of a schema, or null when the builder cannot show it faithfully (not an object with a list
 * of sections, or a question without an id and a type): such a schema is left to the Advanced JSON, untouched.
 */
export function readBuilderForm(schema: unknown): BuilderForm | null {
  if (!isObject(schema) || !Array.isArray(schema['sections'])) return null;
  const { sections: rawSections, ...extra } = schema;
  const sections: BuilderSection[] = [];
  for (const rawSection of rawSections as unknown[]) {
    if (!isObject(rawSection) || !Array.isArray(rawSection['questions'])) return null;
    const { known, extra: sectionExtra } = take(rawSection, { title: 'string', repeating: 'boolean' });
    delete sectionExtra['questions'];
    const items = (rawSection['questions'] as unknown[]).map(readItem);
    if (items.some((i) => i === null)) return null;
    sections.push({
      ...(known as { title?: string; repeating?: boolean }),
      items: items as BuilderItem[],
      extra: sectionExtra,
    });
  }
  return { sections, extra };
}

const writeQuestion = (q: BuilderQuestion): Json => ({
  id: q.id,
  type: q.type,
  label: q.label,
  ...(q.mergeField !== undefined ? { mergeField: q.mergeField } : {}),
  ...(q.required !== undefined ? { required: q.required } : {}),
  ...(q.sensitive !== undefined ? { sensitive: q.sensitive } : {}),
  ...(q.showIf !== undefined ? { showIf: q.showIf } : {}),
  ...q.extra,
});

/** The schema the builder's model stands for: what is queued and what the Advanced JSON shows. */
export function writeBuilderForm(form: BuilderForm): Json {
  return {
    ...form.extra,
    sections: form.sections.map((section) => ({
      ...(section.title !== undefined ? { title: section.title } : {}),
      ...(section.repeating !== undefined ? { repeating: section.repeating } : {}),
      ...section.extra,
      questions: section.items.map((item) =>
        item.kind === 'question'
          ? writeQuestion(item)
          : { id: item.id, label: item.label, ...item.extra, questions: item.questions.map(writeQuestion) },
      ),
    })),
  };
}

/** Every question of the form, in order, groups included: what a condition can test, and ids must not repeat. */
export const allQuestions = (form: BuilderForm): BuilderQuestion[] =>
  form.sections.flatMap((s) => s.items.flatMap((i) => (i.kind === 'question' ? [i] : i.questions)));

/** An id no question or group of the form has yet: the type and a number ("text3"). */
export function freshId(form: BuilderForm, base: string): string {
  const taken = new Set(
    form.sections.flatMap((s) =>
      s.items.flatMap((i) => [i.id, ...(i.kind === 'group' ? i.questions.map((q) => q.id) : [])]),
    ),
  );
  let n = 1;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

export const emptyBuilderForm = (): BuilderForm => ({
  sections: [{ title: 'Your details', items: [], extra: {} }],
  extra: {},
});
