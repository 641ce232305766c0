import { Box, Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import { useState } from 'react';
import {
  recipientsPatchIssues,
  recipientsPatchSchema,
  type Onboarding,
  type RecipientsPatch,
} from '../../../src-preload/contract/partner-api';
import { CheckInput, SchemaForm, SelectInput, TextInput, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { useOnboardingDocuments } from './onboarding-documents';
import { buildRecipientsPatch, newRow, recipientErrors, rowsOf, type RecipientRow } from './recipients-edit';

/**
 * Add, change and remove an onboarding's recipients in one PATCH. Only what changed is sent; the
 * contract's schema plus the practice's rules (recipients-patch.ts, as the demo practice checks them) are checked before it is queued.
 */
export function RecipientsForm(props: {
  onboarding: Onboarding;
  disabledReason?: string | null;
  onSubmit(body: RecipientsPatch): Promise<void>;
  onCancel(): void;
}) {
  const { entities } = useOnboardingDocuments(props.onboarding.onboardingKey);
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [rows, setRows] = useState<RecipientRow[]>(() => rowsOf(props.onboarding.recipients));
  const [errors, setErrors] = useState<FieldErrors>({});
  const patch = buildRecipientsPatch(props.onboarding.recipients, rows);
  const update = (index: number, change: Partial<RecipientRow>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const err = (index: number, field: string) => errors[`row.${index}.${field}`];
  const nameOf = (key: string) => {
    const r = props.onboarding.recipients.find((x) => x.recipientKey === key);
    return r ? `${r.name} ${r.surname}`.trim() : 'Recipient';
  };

  return (
    <SchemaForm
      schema={recipientsPatchSchema}
      rules={() =>
        recipientsPatchIssues(props.onboarding.recipients, patch.recipients).map(({ path, message }) => ({
          path,
          message,
        }))
      }
      build={() => ({ userKey: user, recipients: patch.recipients })}
      errorsOf={(error) => recipientErrors(error, patch.rowOf, rows)}
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      submitLabel="Queue changes"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <UserSelect
        label="Changed by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey']}
        hint="The practice records which staff member made the change."
      />
      {rows.map((row, index) => (
        <Card key={row.recipientKey ?? `new-${index}`} data-testid="recipient-edit-row">
          <Flex justify="between" align="center" mb="2">
            <Text size="2" weight="medium">
              {row.recipientKey ? nameOf(row.recipientKey) : 'New recipient'}
            </Text>
            {row.recipientKey ? (
              <CheckInput label="Remove" checked={row.remove} onChange={(remove) => update(index, { remove })} />
            ) : (
              <RemoveRowButton onRemove={() => setRows(withoutRow(index))}>Drop this row</RemoveRowButton>
            )}
          </Flex>
          {row.remove ? (
            <Text size="2" color="gray">
              {row.name} {row.surname} will be removed from the onboarding.
            </Text>
          ) : (
            <Grid columns="2" gap="2">
              <TextInput
                label="First name"
                value={row.name}
                onChange={(name) => update(index, { name })}
                error={err(index, 'name')}
                required={!row.recipientKey}
              />
              <TextInput
                label="Surname"
                value={row.surname}
                onChange={(surname) => update(index, { surname })}
                error={err(index, 'surname')}
              />
              <TextInput
                label="Email"
                type="email"
                value={row.email}
                onChange={(email) => update(index, { email })}
                error={err(index, 'email')}
                required={!row.recipientKey}
              />
              <TextInput
                label="Mobile"
                type="tel"
                value={row.mobile}
                onChange={(mobile) => update(index, { mobile })}
                error={err(index, 'mobile')}
              />
              {row.recipientKey ? null : (
                <Box>
                  <CheckInput
                    label="Also send by SMS"
                    checked={row.sendSms}
                    onChange={(sendSms) => update(index, { sendSms })}
                  />
                </Box>
              )}
              {(entities ?? []).map((entity) => (
                <SelectInput
                  key={entity.entityOnboardingId}
                  label={`Access to ${entity.entityName}`}
                  value={row.access[entity.entityOnboardingId] ?? ''}
                  onChange={(right) =>
                    update(index, { access: withAccess(row.access, entity.entityOnboardingId, right) })
                  }
                  error={err(index, 'access')}
                >
                  <option value="">{row.recipientKey ? 'Leave as it is' : 'The practice’s default'}</option>
                  <option value="edit">Can edit</option>
                  <option value="view">Can view only</option>
                </SelectInput>
              ))}
            </Grid>
          )}
        </Card>
      ))}
      <Flex>
        <Button type="button" variant="soft" onClick={() => setRows((all) => [...all, newRow()])}>
          Add a recipient
        </Button>
      </Flex>
      {entities ? null : (
        <Text size="1" color="gray">
          Which client entities each recipient may edit refers to the onboarding&apos;s document list, which has not
          been read on this laptop yet: open the onboarding while online to set access here.
        </Text>
      )}
    </SchemaForm>
  );
}

function withAccess(access: RecipientRow['access'], entityOnboardingId: number, right: string): RecipientRow['access'] {
  const next = { ...access };
  if (right === 'edit' || right === 'view') next[entityOnboardingId] = right;
  else delete next[entityOnboardingId];
  return next;
}
