import { Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { z } from 'zod';
import { SchemaForm, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from './UserSelect';

/**
 * An action that needs nothing but a confirmation and who does it (copy a proposal, stop asking for a
 * document): says what will happen, asks for the staff member, and checks `{ userKey }` against the
 * action's own schema.
 */
export function ActingUserForm<S extends z.ZodType>(props: {
  schema: S;
  what: string;
  userLabel: string;
  missingUser: string;
  submitLabel: string;
  disabledReason?: string | null;
  onSubmit(value: z.output<S>): Promise<void>;
  onCancel(): void;
}) {
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={props.schema}
      build={() => ({ userKey: user })}
      onValid={rememberThen((value) => props.onSubmit(value))}
      onErrors={setErrors}
      submitLabel={props.submitLabel}
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <Text size="2">{props.what}</Text>
      <UserSelect
        label={props.userLabel}
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && props.missingUser}
      />
    </SchemaForm>
  );
}
