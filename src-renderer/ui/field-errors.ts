export type FieldErrors = Record<string, string>;

/** A problem with what the form built: zod's issues, and the practice's rules (code 'custom'). */
export interface FormIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}
export interface FormIssues {
  issues: readonly FormIssue[];
}

/** zod issues → one message per top-level field ("" for the form as a whole). */
export function fieldErrors(error: FormIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The errors less one field's, once its text is changed: a number field reads its new text at once
 * (NumberInput), and a message about the old text would contradict what it shows.
 */
export const withoutError = (errors: FieldErrors, key: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));
