import {
  customEformSchemaIssues,
  type RuleIssue,
  type SchemaGuide,
} from '../../../../src-preload/contract/partner-api';

/** A stack item that is a custom form, named after the prefix; any other item is a template's id. */
export const SAVED = 'custom:';

export interface CustomStackForm {
  name: string;
  schema: unknown;
}

/** How a queued stack item is chosen again in the form (resubmitting an entry). */
export const stackValueOf = (form: { templateId?: number | null | undefined; name?: string | null | undefined }) =>
  form.templateId != null ? String(form.templateId) : `${SAVED}${form.name ?? ''}`;

/** The stack's `forms` as the contract takes them: `{templateId}` or `{name, schema}` in the chosen order. */
export function stackBody(items: string[], customs: CustomStackForm[]) {
  return items.map((item) => {
    if (!item.startsWith(SAVED)) return { templateId: Number(item) };
    const name = item.slice(SAVED.length);
    const form = customs.find((f) => f.name === name);
    // A form no longer on this laptop stays a name without a schema: the contract's check refuses it.
    return form ? { name: form.name, schema: form.schema } : { name, schema: null };
  });
}

/** Each custom form in the stack checked by the one custom-schema rule, with the guide's rules when at hand. */
export function stackProblems(items: string[], customs: CustomStackForm[], guide: SchemaGuide | null): RuleIssue[] {
  return stackBody(items, customs).flatMap((form, i) =>
    'schema' in form && form.schema != null
      ? customEformSchemaIssues(form.schema, guide).map((issue) => ({
          path: ['forms'],
          message: `Form ${i + 1} (“${form.name}”): ${issue.message}`,
        }))
      : [],
  );
}
