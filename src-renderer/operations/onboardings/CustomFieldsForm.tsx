import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { customFieldsPutSchema, type CustomFieldsPut } from '../../../src-preload/contract/partner-api';
import { SchemaForm, TextInput, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import type { CustomFieldValue } from './onboarding-documents';

interface FieldRow {
  customFieldID: string;
  value: string;
}

const fieldHelp: Record<string, string> = {
  customFieldID: 'Enter the field’s number as set up at the practice.',
  value: 'At most 2,000 characters.',
};

/**
 * Set a client's custom fields for this onboarding. The Partner API lists no catalogue of a practice's
 * custom fields, so a field is named by its number; fields the practice has answered for before (from
 * this laptop) are listed with their labels and current values.
 */
export function CustomFieldsForm(props: {
  known: CustomFieldValue[];
  disabledReason?: string | null;
  onSubmit(body: CustomFieldsPut): Promise<void>;
  onCancel(): void;
}) {
  const { users, user, setUser, remember } = useActingUserChoice();
  const [rows, setRows] = useState<FieldRow[]>(() =>
    props.known.length
      ? props.known.map((f) => ({ customFieldID: String(f.customFieldID), value: f.value }))
      : [{ customFieldID: '', value: '' }],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const labelOf = (id: string) => props.known.find((f) => String(f.customFieldID) === id.trim())?.label;
  const update = (index: number, change: Partial<FieldRow>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <SchemaForm
      schema={customFieldsPutSchema}
      build={() => ({
        userKey: user,
        fields: rows.map((r) => ({
          customFieldID: r.customFieldID.trim() === '' ? undefined : Number(r.customFieldID.trim()),
          value: r.value,
        })),
      })}
      errorsOf={(error) => {
        const out: FieldErrors = {};
        for (const issue of error.issues) {
          const [top, index, field] = issue.path;
          if (top === 'fields' && typeof index === 'number' && typeof field === 'string')
            out[`field.${index}.${field}`] ??= fieldHelp[field] ?? issue.message;
          else out[top === 'fields' ? '' : String(top ?? '')] ??= issue.message;
        }
        return out;
      }}
      onValid={async (body) => {
        remember();
        await props.onSubmit(body);
      }}
      onErrors={setErrors}
      submitLabel="Queue custom fields"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <Text size="1" color="gray">
        The Partner API does not list a practice&apos;s custom fields, so each is named by its number as set up at the
        practice. Fields answered before are shown with their names.
      </Text>
      <UserSelect
        label="Set by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && 'Choose which staff member is setting the fields.'}
      />
      {rows.map((row, index) => (
        <Card key={index} data-testid="custom-field-row">
          <Grid columns="2" gap="2">
            <TextInput
              label={`Field number${labelOf(row.customFieldID) ? ` — ${labelOf(row.customFieldID)}` : ''}`}
              inputMode="decimal"
              required
              value={row.customFieldID}
              onChange={(customFieldID) => update(index, { customFieldID })}
              error={errors[`field.${index}.customFieldID`]}
            />
            <Flex gap="2" align="end">
              <TextInput
                label="Value"
                value={row.value}
                onChange={(value) => update(index, { value })}
                error={errors[`field.${index}.value`]}
              />
              {rows.length > 1 ? (
                <Button
                  type="button"
                  size="1"
                  variant="ghost"
                  color="gray"
                  onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                >
                  Remove field {index + 1}
                </Button>
              ) : null}
            </Flex>
          </Grid>
        </Card>
      ))}
      <Flex>
        <Button
          type="button"
          variant="soft"
          onClick={() => setRows((all) => [...all, { customFieldID: '', value: '' }])}
        >
          Add a field
        </Button>
      </Flex>
    </SchemaForm>
  );
}
