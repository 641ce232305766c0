import { useState } from 'react';
import {
  onboardingCompleteSchema,
  type Onboarding,
  type OnboardingComplete,
} from '../../../src-preload/contract/partner-api';
import { CheckInput, SchemaForm, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';

/** Complete an onboarding: who approves it (any synced staff member) and who is completing it. */
export function CompleteForm(props: {
  onboarding: Onboarding;
  disabledReason?: string | null;
  onSubmit(body: OnboardingComplete): Promise<void>;
  onCancel(): void;
}) {
  const { users, user, setUser, remember } = useActingUserChoice();
  const [approver, setApprover] = useState(props.onboarding.approverKey ?? '');
  const [paused, setPaused] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={onboardingCompleteSchema}
      build={() => ({
        userKey: user,
        approverUserKey: approver,
        paused,
        engagementKey: props.onboarding.engagementKey,
      })}
      onValid={async (body) => {
        remember();
        await props.onSubmit(body);
      }}
      onErrors={setErrors}
      submitLabel="Complete onboarding"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <UserSelect
        label="Approver"
        required
        users={users}
        value={approver}
        onChange={setApprover}
        error={errors['approverUserKey'] && 'Choose who approves the onboarding.'}
      />
      <UserSelect
        label="Completed by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && 'Choose which staff member is completing it.'}
      />
      <CheckInput
        label="Pause what follows completion"
        checked={paused}
        onChange={setPaused}
        hint="the practice holds its follow-up steps"
      />
    </SchemaForm>
  );
}
