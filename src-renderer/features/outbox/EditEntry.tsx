import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { operations, type OperationDef } from '../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import {
  billCreateSchema,
  contactCreateSchema,
  eformCreateBaseSchema,
  leadCreateSchema,
  leadNoteCreateSchema,
} from '../../../src-preload/contract/partner-api';
import { practiceDb } from '../../practice/practice-db';
import { resubmit } from '../../outbox/outbox-db';
import { useOutbox } from '../../outbox/outbox-store';
import { LongTextInput, SchemaForm, type FieldErrors } from '../../ui/form-kit';
import { AdhocBillForm, ContactForm, EformForm, LeadForm, LeadNoteForm } from '../../operations/shared/lazy-forms';

/**
 * Edit and resubmit: the action's own form, prefilled with what was typed, where there is one; for
 * the rest, the body as JSON, checked against the same contract schema. The entry keeps its place.
 */
export function EditEntry({ entry, practiceKey, onDone }: { entry: OutboxEntry; practiceKey: string; onDone(): void }) {
  const db = practiceDb(practiceKey);
  const templates = useLiveQuery(() => db.eformTemplates.toArray(), [practiceKey]) ?? [];
  const [json, setJson] = useState(JSON.stringify(entry.payload.body ?? {}, null, 2));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = async (body: unknown) => {
    await resubmit(db, entry, { payload: { ...entry.payload, body }, summary: entry.summary });
    useOutbox.getState().kick('user');
    onDone();
  };

  if (entry.operation === 'contact.create') {
    const initial = contactCreateSchema.safeParse(entry.payload.body);
    return (
      <ContactForm
        {...(initial.success ? { initial: initial.data } : {})}
        submitLabel="Save and resubmit"
        onSubmit={save}
        onCancel={onDone}
      />
    );
  }
  if (entry.operation === 'eform.create') {
    const initial = eformCreateBaseSchema.safeParse(entry.payload.body);
    if (initial.success) {
      const d = initial.data;
      return (
        <EformForm
          templates={templates}
          initial={d}
          defaults={{
            entityKey: d.entityKey ?? null,
            recipientName: d.recipientName ?? '',
            recipientEmail: d.recipientEmail ?? '',
            recipientMobile: d.recipientMobile ?? '',
          }}
          onSubmit={save}
          onCancel={onDone}
        />
      );
    }
  }
  if (entry.operation === 'lead.create' || entry.operation === 'lead.addNote') {
    const lead = leadCreateSchema.safeParse(entry.payload.body);
    const note = leadNoteCreateSchema.safeParse(entry.payload.body);
    if (entry.operation === 'lead.create' && lead.success)
      return <LeadForm initial={lead.data} submitLabel="Save and resubmit" onSubmit={save} onCancel={onDone} />;
    if (entry.operation === 'lead.addNote' && note.success)
      return <LeadNoteForm initial={note.data} submitLabel="Save and resubmit" onSubmit={save} onCancel={onDone} />;
  }
  if (entry.operation === 'bill.createAdhoc') {
    const bill = billCreateSchema.safeParse(entry.payload.body);
    if (bill.success)
      return (
        <AdhocBillForm
          entityKey={bill.data.entityKey}
          initial={bill.data}
          submitLabel="Save and resubmit"
          onSubmit={save}
          onCancel={onDone}
        />
      );
  }
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
