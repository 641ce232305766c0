import { Callout, Text } from '@radix-ui/themes';
import { useState } from 'react';
import {
  onboardingCompleteSchema,
  type Onboarding,
  type OnboardingComplete,
} from '../../../src-preload/contract/partner-api';
import { CheckInput, SchemaForm, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import type { OutstandingDocuments } from './onboarding-documents';
import { countOf } from '../../ui/regional/counts';

const count = (n: number) => countOf(n, 'required document is', undefined, 'required documents are');

/**
 * Complete an onboarding: who approves it (any synced staff member) and who is completing it. Required
 * documents still waiting are listed, and the first press asks before completing without them: after
 * completion the practice stops asking the client for them.
 */
export function CompleteForm(props: {
  onboarding: Onboarding;
  /** Required documents still waiting, per client; null while the document list has not been read here. */
  outstanding: OutstandingDocuments[] | null;
  disabledReason?: string | null;
  onSubmit(body: OnboardingComplete): Promise<void>;
  onCancel(): void;
}) {
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [approver, setApprover] = useState(props.onboarding.approverKey ?? '');
  const [paused, setPaused] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asked, setAsked] = useState<FieldErrors>({});
  const waiting = (props.outstanding ?? []).reduce((n, entity) => n + entity.documents.length, 0);
  return (
    <SchemaForm
      schema={onboardingCompleteSchema}
      build={() => ({
        userKey: user,
        approverUserKey: approver,
        paused,
        engagementKey: props.onboarding.engagementKey,
      })}
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      warnings={() =>
        waiting > 0 ? [{ path: ['outstanding'], message: `${count(waiting)} still waiting. Complete anyway?` }] : []
      }
      onWarnings={setAsked}
      submitLabel="Complete onboarding"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      {waiting > 0 ? (
        <Callout.Root
          color="amber"
          role={asked['outstanding'] ? 'alert' : 'note'}
          tabIndex={-1}
          data-warning={asked['outstanding'] ? true : undefined}
          data-testid="outstanding-documents"
        >
          <Callout.Text weight="bold">{asked['outstanding'] ?? `${count(waiting)} still waiting:`}</Callout.Text>
          {props.outstanding!.map((entity) => (
            <Callout.Text key={entity.entityName}>
              {entity.entityName}: {entity.documents.join(', ')}
            </Callout.Text>
          ))}
        </Callout.Root>
      ) : props.outstanding === null ? (
        <Text size="1" color="gray" data-testid="outstanding-unknown">
          The document list of this onboarding has not been read on this laptop, so whether required documents are still
          waiting is not known here.
        </Text>
      ) : null}
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
