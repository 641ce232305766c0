import { Callout, Checkbox, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import { parseNumberInput } from './regional/money-input';

export { fieldErrors, withoutError, type FieldErrors, type FormIssue, type FormIssues } from './field-errors';
export { SchemaForm } from './SchemaForm';

/** Empty text becomes "not given" rather than an empty string the server would store. */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** Something that looks wrong but may be right (a name like an email address): said, not blocking. */
  warning?: string | undefined;
  hint?: string;
  required?: boolean;
}

/** Label above, hint and error below, the control tied to both (id, aria-invalid, aria-describedby). */
export function Field(
  props: Omit<FieldProps, 'value' | 'onChange'> & {
    note?: ReactNode;
    control(a11y: {
      id: string;
      'aria-invalid': true | undefined;
      'aria-describedby': string | undefined;
      'data-warning'?: true;
    }): ReactNode;
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
        ...(props.warning && !props.error ? { 'data-warning': true as const } : {}),
        'aria-describedby': props.error || props.warning ? `${id}-error` : undefined,
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
      ) : props.warning ? (
        <Text id={`${id}-error`} size="1" color="amber" role="status" data-testid="field-warning">
          {props.warning}
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

export const hubReadOnlyText =
  'Connected through the practice hub with read access only: add your own Partner API credentials in Settings → Connection to send changes.';

/**
 * Why an action cannot be queued now, or null: read-only credentials, or a practice read through the hub
 * (whose device access only reads) without own credentials to send with, or with own ones that only read.
 */
export function writeBlockedReason(
  canWrite: boolean | undefined,
  through?: 'partner-api' | 'hub',
  sendsWith?: { clientId: string },
): string | null {
  if (canWrite !== false) return null;
  if (through === 'hub' && !sendsWith) return hubReadOnlyText;
  return through === 'hub'
    ? `Your own Partner API credentials (Client ID ${sendsWith?.clientId}) are read-only: the practice does not let them make changes, so this action is not available. Add read-write credentials in Settings → Connection to use it.`
    : 'These credentials are read-only: the practice does not let them make changes, so this action is not available. Connect with read-write credentials to use it.';
}
