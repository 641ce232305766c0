import { Button, Callout, Flex } from '@radix-ui/themes';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { RuleIssue } from '../../src-preload/contract/partner-api';
import { fieldErrors, type FieldErrors, type FormIssue, type FormIssues } from './field-errors';
import { plainErrors, type FieldLabels } from './plain-issues';
import { describeFailure } from './words/describe-failure';

/**
 * A form that validates against a contract schema before anything is queued: the same schema main
 * checks and the server enforces. Nothing typed is lost on an error; the submit button says what it does.
 */
export function SchemaForm<S extends z.ZodType>(props: {
  schema: S;
  build(): unknown;
  onValid(value: z.output<S>): Promise<void>;
  onErrors(errors: FieldErrors): void;
  /** Maps the issues to the form's fields when they are not all top-level (rows of a list). */
  errorsOf?(error: FormIssues): FieldErrors;
  /**
   * The practice's rules beyond the schema. Run on every submit, beside the schema rather than inside it
   * (zod skips a refinement while any field is invalid), so every problem shows at once.
   */
  rules?(): RuleIssue[];
  /**
   * Typed text that cannot be read as what it should be (an amount in the practice's layout). Listed
   * first, so its message (what to type instead) is the one its field shows.
   */
  inputIssues?(): RuleIssue[];
  /** The fields' names as labelled, for the schema's complaints in words (plain-issues.ts); else from the keys. */
  labels?: FieldLabels;
  /**
   * What looks wrong but may be right (a name that reads like an email address). Said under the fields on
   * the first submit, with focus on the first; the same values submitted again are queued as they are.
   */
  warnings?(): RuleIssue[];
  onWarnings?(warnings: FieldErrors): void;
  submitLabel: string;
  disabledReason?: string | null | undefined;
  children: ReactNode;
  onCancel?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Bumped when a submit finds something to fix: focus then goes to the first field that says so.
  const [focusRequest, setFocusRequest] = useState(0);
  const confirmed = useRef<string | null>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-warning]');
    (field ?? form.current?.querySelector<HTMLElement>('[data-form-message]'))?.focus();
  }, [focusRequest]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (props.disabledReason) return;
    setFormError(null);
    setNotice(null);
    const built = props.build();
    const parsed = props.schema.safeParse(built, { error: plainErrors(props.labels) });
    const broken = (props.rules?.() ?? []).map((issue): FormIssue => ({ code: 'custom', ...issue }));
    const unreadable = (props.inputIssues?.() ?? []).map((issue): FormIssue => ({ code: 'custom', ...issue }));
    if (!parsed.success || broken.length > 0 || unreadable.length > 0) {
      const errors = (props.errorsOf ?? fieldErrors)({
        issues: [...unreadable, ...(parsed.success ? [] : parsed.error.issues), ...broken],
      });
      props.onErrors(errors);
      props.onWarnings?.({});
      setFormError(errors[''] ?? 'Some fields need attention.');
      setFocusRequest((n) => n + 1);
      return;
    }
    props.onErrors({});
    const warnings = fieldErrors({ issues: (props.warnings?.() ?? []).map((i) => ({ code: 'custom', ...i })) });
    props.onWarnings?.(warnings);
    const values = JSON.stringify(built) ?? '';
    if (Object.keys(warnings).length > 0 && confirmed.current !== values) {
      confirmed.current = values;
      setNotice(`Please check what is said under the fields. If it is right, press “${props.submitLabel}” again.`);
      setFocusRequest((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await props.onValid(parsed.data);
    } catch (error) {
      setFormError(describeFailure(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
      <Flex direction="column" gap="3">
        {props.disabledReason ? (
          <Callout.Root color="amber" role="status">
            <Callout.Text>{props.disabledReason}</Callout.Text>
          </Callout.Root>
        ) : null}
        {props.children}
        {formError ? (
          <Callout.Root color="red" role="alert" tabIndex={-1} data-form-message>
            <Callout.Text>{formError}</Callout.Text>
          </Callout.Root>
        ) : notice ? (
          <Callout.Root color="amber" role="status" tabIndex={-1} data-form-message>
            <Callout.Text>{notice}</Callout.Text>
          </Callout.Root>
        ) : null}
        {/* In a dialog this row stays at the dialog's foot while its body scrolls (app.css, small windows). */}
        <Flex gap="3" justify="end" className="form-actions">
          {props.onCancel ? (
            <Button type="button" variant="soft" color="gray" onClick={props.onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || Boolean(props.disabledReason)}>
            {props.submitLabel}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
