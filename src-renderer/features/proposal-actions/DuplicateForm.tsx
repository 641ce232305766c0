import { Text } from '@radix-ui/themes';
import { useState } from 'react';
import { duplicateSchema, type DuplicateBody, type ProposalSummary } from '../../../src-preload/contract/partner-api';
import { SchemaForm, type FieldErrors } from '../actions/form-kit';
import { UserSelect, useActingUser, useUsers } from '../actions/UserSelect';

/** Copy a proposal as a new draft for the same client (pricing, billings and jobs come with it). */
export function DuplicateForm(props: { proposal: ProposalSummary; disabledReason?: string | null; onSubmit(body: DuplicateBody): Promise<void>; onCancel(): void }) {
  const users = useUsers();
  const [acting, setActing] = useActingUser();
  const [user, setUser] = useState(acting);
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={duplicateSchema}
      build={() => ({ userKey: user })}
      onValid={async (body) => {
        setActing(user);
        await props.onSubmit(body);
      }}
      onErrors={setErrors}
      submitLabel="Queue copy"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <Text size="2">A new draft copying the pricing, billings and jobs of “{props.proposal.name}”. The original is not changed.</Text>
      <UserSelect label="Copied by" required users={users} value={user} onChange={setUser} error={errors['userKey'] && 'Choose which staff member is making the copy.'} />
    </SchemaForm>
  );
}
