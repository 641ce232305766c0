import type { RuleIssue } from './common';
import { eformCreateSchema, type SchemaGuide } from './eforms';

/**
 * What a custom eForm's `schema` must be before the app queues it. The contract lets `schema` hold any
 * JSON ("see the schema guide"), and the demo practice accepts any; the app is stricter for itself,
 * because a form the practice cannot read is still sent to the client and billed. The form's shape is
 * the one the practice's schema guide documents in its `exampleSchema`: sections, each with questions,
 * each question with an id, a type and a label; `showIf` names another question of the form.
 * With the guide at hand (`GET /eforms/schema-guide`), its per-type rules are checked too: the type is
 * one the guide lists, `sensitive` only where the type can be, a merge field only where the type can use
 * one and only one the guide lists, conditions only with the operators of the question they test, client
 * access only with the guide's values, and a repeating section or group only with types allowed in one.
 * A repeating group is an item of a section's `questions` that has its own `questions` (and an id and a
 * label): its questions are answered once per repetition. Groups do not nest.
 */
export function customEformSchemaIssues(schema: unknown, guide: SchemaGuide | null = null): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  if (!isObject(schema)) {
    add([], 'The form schema must be a JSON object with "sections", as in the schema guide.');
    return issues;
  }
  const sections = schema['sections'];
  if (!Array.isArray(sections) || sections.length === 0) {
    add(['sections'], 'The form schema needs "sections": a list of at least one section with its questions.');
    return issues;
  }
  const questions = new Map<string, { type: string; path: (string | number)[] }>();
  const conditions: { showIf: unknown; path: (string | number)[] }[] = [];
  sections.forEach((section, s) => {
    const at = ['sections', s];
    if (!isObject(section) || !Array.isArray(section['questions']) || section['questions'].length === 0) {
      add(at, `Section ${s + 1} needs "questions": a list of at least one question.`);
      return;
    }
    const repeating = section['repeating'] === true;
    const checkQuestion = (question: unknown, path: (string | number)[], where: string, inGroup: boolean) => {
      if (!isObject(question)) return add(path, `${where} must be an object with an id, a type and a label.`);
      const { id, type, label } = question;
      if (typeof id !== 'string' || id.trim() === '') return add(path, `${where} needs an "id".`);
      if (questions.has(id)) add(path, `${where} repeats the id "${id}": each question needs its own.`);
      if (typeof type !== 'string' || type.trim() === '') return add(path, `${where} ("${id}") needs a "type".`);
      if (typeof label !== 'string' || label.trim() === '') add(path, `${where} ("${id}") needs a "label".`);
      questions.set(id, { type, path });
      if (question['showIf'] !== undefined) conditions.push({ showIf: question['showIf'], path });
      if (guide) guideIssues(guide, question, { id, type, repeating, inGroup }).forEach((m) => add(path, m));
    };
    (section['questions'] as unknown[]).forEach((item, q) => {
      const path = [...at, 'questions', q];
      const where = `Question ${q + 1} of section ${s + 1}`;
      if (!isObject(item) || !Array.isArray(item['questions'])) return checkQuestion(item, path, where, false);
      const groupWhere = `The repeating group at question ${q + 1} of section ${s + 1}`;
      if (typeof item['id'] !== 'string' || item['id'].trim() === '') add(path, `${groupWhere} needs an "id".`);
      if (typeof item['label'] !== 'string' || item['label'].trim() === '') add(path, `${groupWhere} needs a "label".`);
      if (item['questions'].length === 0) add(path, `${groupWhere} needs at least one question.`);
      (item['questions'] as unknown[]).forEach((question, g) => {
        const inner = [...path, 'questions', g];
        if (isObject(question) && Array.isArray(question['questions']))
          return add(inner, `${groupWhere} cannot hold another group.`);
        checkQuestion(question, inner, `Question ${g + 1} of that group`, true);
      });
    });
  });
  for (const { showIf, path } of conditions) {
    const tested = isObject(showIf) && typeof showIf['question'] === 'string' ? showIf['question'] : null;
    const target = tested === null ? undefined : questions.get(tested);
    if (!target) {
      add(
        path,
        `"showIf" must name another question of this form by its id${tested ? ` (there is no "${tested}")` : ''}.`,
      );
      continue;
    }
    const operators = guide?.questionTypes.find((t) => t.type === target.type)?.conditionalOperators;
    const operator = isObject(showIf) ? showIf['operator'] : undefined;
    if (operators && !operators.includes(String(operator)))
      add(path, `A "${target.type}" question can be tested with ${listOr(operators)}, not "${String(operator)}".`);
  }
  return issues;
}

function guideIssues(
  guide: SchemaGuide,
  question: Record<string, unknown>,
  { id, type, repeating, inGroup }: { id: string; type: string; repeating: boolean; inGroup: boolean },
): string[] {
  const kind = guide.questionTypes.find((t) => t.type === type);
  if (!kind) return [`"${id}" has the type "${type}", which the schema guide does not list.`];
  const problems: string[] = [];
  if (question['sensitive'] === true && !kind.canBeSensitive)
    problems.push(`"${id}": a ${kind.label} question cannot be marked sensitive.`);
  const mergeField = question['mergeField'];
  if (mergeField !== undefined && !kind.canUseMergeField)
    problems.push(`"${id}": a ${kind.label} question cannot be pre-filled from a merge field.`);
  else if (mergeField !== undefined && !guide.mergeFields.includes(String(mergeField)))
    problems.push(`"${id}": "${String(mergeField)}" is not one of the practice's merge fields.`);
  const access = question['clientAccess'];
  if (access !== undefined && !guide.clientAccessValues.includes(String(access)))
    problems.push(`"${id}": client access is ${listOr(guide.clientAccessValues)}, not "${String(access)}".`);
  if (repeating && !kind.allowedInRepeatingSection)
    problems.push(`"${id}": a ${kind.label} question cannot be in a repeating section.`);
  if (inGroup && !kind.allowedInRepeatingGroup)
    problems.push(`"${id}": a ${kind.label} question cannot be in a repeating group.`);
  return problems;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOr = (values: string[]) =>
  values
    .map((v) => `"${v}"`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');

/**
 * The app's own rule for an eForm it sends (the outbox's strict schema for `eform.create`): the contract's
 * body, and every custom schema in it (the form's own, each stack item's) shaped as the guide documents.
 * Main and the replayer check it before anything goes out, so a body that slipped past a form (an older
 * build's entry, a hand-edited database) is refused, not sent and billed.
 */
export const eformCreateClientSchema = eformCreateSchema.superRefine((body, ctx) => {
  const report = (prefix: (string | number)[], schema: unknown) => {
    for (const issue of customEformSchemaIssues(schema))
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...prefix, ...issue.path] });
  };
  if (body.schema != null) report(['schema'], body.schema);
  body.forms?.forEach((form, i) => {
    if (form.schema != null) report(['forms', i, 'schema'], form.schema);
  });
});
