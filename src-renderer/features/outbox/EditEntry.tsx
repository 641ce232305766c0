import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { operations, type OperationDef } from '../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { resubmit } from '../../outbox/outbox-db';
import { LongTextInput, SchemaForm, type FieldErrors } from '../../ui/form-kit';
import { partsOf } from '../../operations/registry';
import { useServices } from '../../context/services-context';
import { useRegion } from '../../ui/regional/use-region';
import { summaryAfterEdit } from './edited-summary';

/**
 * Edit and resubmit: the action's own form, prefilled with what was typed, where the registry names one
 * and the stored body still fits it; for the rest, the body as JSON, checked against the same contract
 * schema. The entry keeps its place.
 */
export function EditEntry({ entry, practiceKey, onDone }: { entry: OutboxEntry; practiceKey: string; onDone(): void }) {
  const { databases, outbox } = useServices();
  const db = databases.of(practiceKey);
  const templates = useLiveQuery(() => db.eformTemplates.toArray(), [practiceKey]) ?? [];
  const [json, setJson] = useState(JSON.stringify(entry.payload.body ?? {}, null, 2));
  const [errors, setErrors] = useState<FieldErrors>({});
  const region = useRegion();
  const save = async (body: unknown, formSays?: unknown) => {
    const summary = await summaryAfterEdit(db, entry, body, { region, formSays });
    await resubmit(db, entry, { payload: { ...entry.payload, body }, summary });
    outbox.kick('user');
    onDone();
  };

  const { resubmit: edit } = partsOf(entry.operation);
  const inForm =
    edit === 'json'
      ? null
      : edit.render(
          entry.payload.body,
          { submitLabel: 'Save and resubmit', eformTemplates: templates },
          { onSubmit: save, onCancel: onDone },
        );
  if (inForm) return inForm;
  const op: OperationDef = operations[entry.operation];
  const schema = op.body;
  if (!schema) return null;
  return (
    <SchemaForm
      schema={schema}
      build={() => {
        try {
          return JSON.parse(json) as unknown;
        } catch {
          return Symbol('invalid JSON');
        }
      }}
      onValid={save}
      onErrors={setErrors}
      submitLabel="Save and resubmit"
      onCancel={onDone}
    >
      <LongTextInput
        label="What will be sent (JSON)"
        rows={12}
        value={json}
        onChange={setJson}
        error={
          Object.entries(errors)
            .map(([k, v]) => (k ? `${k}: ${v}` : v))
            .join(' ') || undefined
        }
      />
    </SchemaForm>
  );
}
