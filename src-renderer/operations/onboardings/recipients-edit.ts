import type { OnboardingRecipient, RecipientsPatch } from '../../../src-preload/contract/partner-api';
import type { FieldErrors, FormIssues } from '../../ui/form-kit';

/** One line of the recipients form: a recipient of the onboarding (recipientKey) or a new one (null). */
export interface RecipientRow {
  recipientKey: string | null;
  name: string;
  surname: string;
  email: string;
  mobile: string;
  sendSms: boolean;
  remove: boolean;
  /** Access to each client entity of the onboarding (by entityOnboardingId), only where the form set it. */
  access: Record<number, 'edit' | 'view'>;
}

export const rowsOf = (recipients: readonly OnboardingRecipient[]): RecipientRow[] =>
  recipients.map((r) => ({
    recipientKey: r.recipientKey,
    name: r.name,
    surname: r.surname,
    email: r.email ?? '',
    mobile: r.mobile ?? '',
    sendSms: false,
    remove: false,
    access: {},
  }));

export const newRow = (): RecipientRow => ({
  recipientKey: null,
  name: '',
  surname: '',
  email: '',
  mobile: '',
  sendSms: false,
  remove: false,
  access: {},
});

/** Access as the PATCH says it; left out when the form did not touch it (the practice keeps or defaults it). */
const accessOf = (row: RecipientRow) => {
  const entries = Object.entries(row.access);
  return entries.length
    ? { access: entries.map(([id, right]) => ({ entityOnboardingId: Number(id), canEdit: right === 'edit' })) }
    : {};
};

type Edit = RecipientsPatch['recipients'][number];
const textFields = ['name', 'surname', 'email', 'mobile'] as const;

/**
 * The PATCH for what the form changed, and for each edit the form row it came from (to show the
 * practice's or the schema's objection next to the right row). Unchanged recipients are left out so an
 * edit made at the practice meanwhile is not overwritten; an empty text on a new row is left out rather
 * than sent as "".
 */
export function buildRecipientsPatch(
  original: readonly OnboardingRecipient[],
  rows: readonly RecipientRow[],
): { recipients: Edit[]; rowOf: number[] } {
  const recipients: Edit[] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    const before = row.recipientKey ? original.find((r) => r.recipientKey === row.recipientKey) : undefined;
    let edit: Edit | null = null;
    if (before && row.remove) edit = { recipientKey: before.recipientKey, remove: true };
    else if (before) {
      const changed: Edit = { recipientKey: before.recipientKey };
      for (const field of textFields)
        if (row[field].trim() !== (before[field] ?? '')) changed[field] = row[field].trim();
      Object.assign(changed, accessOf(row));
      if (Object.keys(changed).length > 1) edit = changed;
    } else if (!row.remove) {
      edit = {};
      for (const field of textFields) if (row[field].trim() !== '') edit[field] = row[field].trim();
      if (row.sendSms) edit.sendSms = true;
      Object.assign(edit, accessOf(row));
    }
    if (edit) {
      recipients.push(edit);
      rowOf.push(index);
    }
  });
  return { recipients, rowOf };
}

/**
 * zod's issues on the PATCH → errors keyed `row.<form row>.<field>` (and '' for the whole form). An
 * emptied email on a recipient who had one gets its own sentence: the practice cannot clear it.
 */
export function recipientErrors(
  error: FormIssues,
  rowOf: readonly number[],
  rows: readonly RecipientRow[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [top, index, field] = issue.path;
    if (top === 'recipients' && typeof index === 'number' && typeof field === 'string') {
      const row = rowOf[index] ?? 0;
      const emptied = field === 'email' && rows[row]?.recipientKey && rows[row]?.email.trim() === '';
      errors[`row.${row}.${field}`] ??= emptied
        ? 'An email cannot be removed, only changed: enter one, or remove the recipient.'
        : issue.message;
    } else if (top === 'recipients' && index === undefined) {
      errors[''] ??= rowOf.length === 0 ? 'Nothing was changed.' : issue.message;
    } else {
      errors[String(top ?? '')] ??= issue.message;
    }
  }
  return errors;
}
