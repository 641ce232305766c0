import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import { useState } from 'react';
import { customFieldsPutSchema, type CustomFieldsPut } from '../../../src-preload/contract/partner-api';
import { SchemaForm, SelectInput, TextInput, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import type { CustomFieldName } from './custom-field-names';
import type { CustomFieldValue } from './onboarding-documents';

interface FieldRow {
  customFieldID: string;
  value: string;
  /** Named by its number: a field the practice has not yet named on this laptop. */
  byNumber: boolean;
}

/** The choice in a row's field list that reveals the number box. */
const BY_NUMBER = 'by-number';

const fieldHelp: Record<string, string> = {
  customFieldID: 'Choose the field, or enter its number as set up at the practice.',
  value: 'At most 2,000 characters.',
};

/**
 * Set a client's custom fields for this onboarding. The Partner API lists no catalogue of a practice's
 * custom fields; every answer it gives names them, so the fields any onboarding on this laptop has named
 * are offered by name. A field never named here can still be given by its number.
 */
export function CustomFieldsForm(props: {
  known: CustomFieldValue[];
  /** The practice's fields by name, as its onboardings on this laptop show them. */
  names: CustomFieldName[];
  disabledReason?: string | null;
  onSubmit(body: CustomFieldsPut): Promise<void>;
  onCancel(): void;
}) {
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const named = (id: string) => props.names.some((n) => String(n.customFieldID) === id);
  const blank = (): FieldRow => ({ customFieldID: '', value: '', byNumber: props.names.length === 0 });
  const [rows, setRows] = useState<FieldRow[]>(() =>
    props.known.length
      ? props.known.map((f) => ({
          customFieldID: String(f.customFieldID),
          value: f.value,
          byNumber: !named(String(f.customFieldID)),
        }))
      : [blank()],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const labelOf = (id: string) =>
    props.names.find((n) => String(n.customFieldID) === id.trim())?.label ??
    props.known.find((f) => String(f.customFieldID) === id.trim())?.label;
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
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      submitLabel="Queue custom fields"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <Text size="1" color="gray">
        {props.names.length
          ? 'Fields are listed by the names the practice gave them on this laptop’s onboardings. A field not listed can be given by its number as set up at the practice.'
          : 'No onboarding on this laptop has named the practice’s custom fields yet, so each is given by its number as set up at the practice.'}
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
            <Flex direction="column" gap="2">
              {props.names.length ? (
                <SelectInput
                  label="Field"
                  required
                  value={row.byNumber ? BY_NUMBER : row.customFieldID}
                  onChange={(choice) =>
                    update(
                      index,
                      choice === BY_NUMBER
                        ? { byNumber: true, customFieldID: '' }
                        : { byNumber: false, customFieldID: choice },
                    )
                  }
                  error={row.byNumber ? undefined : errors[`field.${index}.customFieldID`]}
                >
                  <option value="">Choose…</option>
                  {props.names.map((n) => (
                    <option key={n.customFieldID} value={String(n.customFieldID)}>
                      {n.label}
                    </option>
                  ))}
                  <option value={BY_NUMBER}>Another field, by its number…</option>
                </SelectInput>
              ) : null}
              {row.byNumber ? (
                <TextInput
                  label={`Field number${labelOf(row.customFieldID) ? ` — ${labelOf(row.customFieldID)}` : ''}`}
                  inputMode="decimal"
                  required
                  value={row.customFieldID}
                  onChange={(customFieldID) => update(index, { customFieldID })}
                  error={errors[`field.${index}.customFieldID`]}
                />
              ) : null}
            </Flex>
            <Flex gap="2" align="end">
              <TextInput
                label="Value"
                value={row.value}
                onChange={(value) => update(index, { value })}
                error={errors[`field.${index}.value`]}
              />
              {rows.length > 1 ? (
                <RemoveRowButton onRemove={() => setRows(withoutRow(index))}>Remove field {index + 1}</RemoveRowButton>
              ) : null}
            </Flex>
          </Grid>
        </Card>
      ))}
      <Flex>
        <Button type="button" variant="soft" onClick={() => setRows((all) => [...all, blank()])}>
          Add a field
        </Button>
      </Flex>
    </SchemaForm>
  );
}
