import { TextField } from '@radix-ui/themes';
import { Field } from './form-kit';

/**
 * A secret typed into a form (a passphrase, a PIN), never shown. `autoComplete` names what it is, so a
 * password manager fills a 'current-password' and offers to save a 'new-password' rather than mixing them.
 * The label, the error and their ties to the input are the form kit's one `Field`.
 */
export function PasswordField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  /** A PIN: the laptop's number pad, or a phone's digit keyboard. */
  digits?: boolean;
  required?: boolean;
  error?: string | undefined;
}) {
  return (
    <Field
      label={props.label}
      error={props.error}
      control={(a11y) => (
        <TextField.Root
          {...a11y}
          type="password"
          {...(props.digits ? { inputMode: 'numeric' as const } : {})}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          autoComplete={props.autoComplete}
          required={props.required ?? false}
        />
      )}
    />
  );
}
