import { Button, Callout, Checkbox, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { RuleIssue } from '../../src-preload/contract/partner-api';
import { parseNumberInput } from './regional/money-input';

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

/** Empty text becomes "not given" rather than an empty string the server would store. */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

/** Label above, hint and error below, the control tied to both (id, aria-invalid, aria-describedby). */
function Field(
  props: Omit<FieldProps, 'value' | 'onChange'> & {
    note?: ReactNode;
    control(a11y: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }): ReactNode;
  },
) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {props.label}
        {props.required ? ' *' : ''}
      </Text>
      {props.control({
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': props.error ? `${id}-error` : undefined,
      })}
      {props.note}
      {props.hint ? (
        <Text size="1" color="gray">
          {props.hint}
        </Text>
      ) : null}
      {props.error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {props.error}
        </Text>
      ) : null}
    </Flex>
  );
}

export function TextInput(props: FieldProps & { type?: 'text' | 'email' | 'tel' | 'date'; inputMode?: 'decimal' }) {
  return (
    <Field
      {...props}
      control={(a11y) => (
        <TextField.Root
          {...a11y}
          type={props.type ?? 'text'}
          {...(props.inputMode ? { inputMode: props.inputMode } : {})}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}

/**
 * An amount, quantity or rate, read in the practice's locale while it is typed (money-input). Money shows
 * what it was read as right under it ("R 1 234,50", as the app will show it), so a misread is seen before
 * anything is queued; text that cannot be read is the field's error at once. The form checks the same
 * reading again on submit (its inputIssues), which is what blocks queueing.
 */
export function NumberInput(props: FieldProps & { locale: string; currency?: string; show?(value: number): string }) {
  const read = parseNumberInput(props.value, {
    locale: props.locale,
    ...(props.currency ? { currency: props.currency } : {}),
  });
  const error = props.error ?? (read.ok ? undefined : read.message);
  const shown = read.ok && read.value !== undefined && props.show ? props.show(read.value) : null;
  return (
    <Field
      {...props}
      error={error}
      note={
        shown === null ? null : (
          <Text size="1" data-testid="amount-read" aria-live="polite">
            Reads as {shown}
          </Text>
        )
      }
      control={(a11y) => (
        <TextField.Root
          {...a11y}
          type="text"
          inputMode="decimal"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}

export function LongTextInput(props: Omit<FieldProps, 'required'> & { rows?: number }) {
  return (
    <Field
      {...props}
      control={(a11y) => (
        <TextArea
          {...a11y}
          rows={props.rows ?? 4}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}

/** A native select (not Radix Select: see components/LabelledSelect.tsx) with its label above and its error below. */
export function SelectInput(props: FieldProps & { children: ReactNode }) {
  return (
    <Field
      {...props}
      control={(a11y) => (
        <select
          {...a11y}
          className="native-select"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        >
          {props.children}
        </select>
      )}
    />
  );
}

export function CheckInput(props: { label: string; checked: boolean; onChange(value: boolean): void; hint?: string }) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Checkbox checked={props.checked} onCheckedChange={(v) => props.onChange(v === true)} /> {props.label}
        {props.hint ? (
          <Text size="1" color="gray">
            ({props.hint})
          </Text>
        ) : null}
      </Flex>
    </Text>
  );
}

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
  submitLabel: string;
  disabledReason?: string | null | undefined;
  children: ReactNode;
  onCancel?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (props.disabledReason) return;
    setFormError(null);
    const parsed = props.schema.safeParse(props.build());
    const broken = (props.rules?.() ?? []).map((issue): FormIssue => ({ code: 'custom', ...issue }));
    const unreadable = (props.inputIssues?.() ?? []).map((issue): FormIssue => ({ code: 'custom', ...issue }));
    if (!parsed.success || broken.length > 0 || unreadable.length > 0) {
      const errors = (props.errorsOf ?? fieldErrors)({
        issues: [...unreadable, ...(parsed.success ? [] : parsed.error.issues), ...broken],
      });
      props.onErrors(errors);
      setFormError(errors[''] ?? 'Some fields need attention.');
      return;
    }
    props.onErrors({});
    setBusy(true);
    try {
      await props.onValid(parsed.data);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Flex direction="column" gap="3">
        {props.disabledReason ? (
          <Callout.Root color="amber" role="status">
            <Callout.Text>{props.disabledReason}</Callout.Text>
          </Callout.Root>
        ) : null}
        {props.children}
        {formError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{formError}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end">
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

/**
 * Said in the form itself, before anything is queued: a billed action costs the practice each time, and a
 * bill created twice reaches the client twice. The outbox never resends a billed action on a guess (an interrupted send waits for a person to check).
 */
export function BilledNotice({ children }: { children: string }) {
  return (
    <Callout.Root color="amber" data-testid="billed-notice">
      <Callout.Text>
        {children} If the app is interrupted while sending it, it is not sent again until you have checked.
      </Callout.Text>
    </Callout.Root>
  );
}

/** Why an action cannot be queued now (read-only credentials), or null. */
export function writeBlockedReason(canWrite: boolean | undefined): string | null {
  return canWrite === false
    ? 'These credentials are read-only: the practice does not let them make changes, so this action is not available. Connect with read-write credentials to use it.'
    : null;
}
