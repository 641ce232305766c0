import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import {
  leadConvertSchema,
  leadCreateSchema,
  leadNoteCreateSchema,
  type LeadCreate,
  type LeadNoteCreate,
} from '../../../src-preload/contract/partner-api';
import type { z } from 'zod';
import { LongTextInput, optional, SchemaForm, SelectInput, TextInput, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';

type Common = { disabledReason?: string | null; onCancel?: () => void };
const cancel = (props: Common) => (props.onCancel ? { onCancel: props.onCancel } : {});

/** A new lead (or one fixed and resubmitted from the outbox), validated with the contract's lead schema. */
export function LeadForm(
  props: Common & { initial?: LeadCreate; submitLabel: string; onSubmit(body: LeadCreate): Promise<void> },
) {
  const i = props.initial;
  const [name, setName] = useState(i?.name ?? '');
  const [surname, setSurname] = useState(i?.surname ?? '');
  const [company, setCompany] = useState(i?.companyName ?? '');
  const [email, setEmail] = useState(i?.email ?? '');
  const [mobile, setMobile] = useState(i?.mobile ?? '');
  const [source, setSource] = useState(i?.source ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={leadCreateSchema}
      // An assignment made elsewhere (at the practice, or in an entry being edited) is kept as it was.
      build={() => ({
        name,
        surname: optional(surname),
        companyName: optional(company),
        email: optional(email),
        mobile: optional(mobile),
        source: optional(source),
        ...(i?.assignedUserKey ? { assignedUserKey: i.assignedUserKey } : {}),
      })}
      onValid={props.onSubmit}
      onErrors={setErrors}
      submitLabel={props.submitLabel}
      disabledReason={props.disabledReason}
      {...cancel(props)}
    >
      <TextInput label="First name" required value={name} onChange={setName} error={errors['name']} />
      <TextInput label="Surname" value={surname} onChange={setSurname} error={errors['surname']} />
      <TextInput label="Company" value={company} onChange={setCompany} error={errors['companyName']} />
      <TextInput label="Email" type="email" value={email} onChange={setEmail} error={errors['email']} />
      <TextInput label="Mobile" type="tel" value={mobile} onChange={setMobile} error={errors['mobile']} />
      <TextInput
        label="Source"
        value={source}
        onChange={setSource}
        error={errors['source']}
        hint="Where the lead came from, e.g. Referral or Website."
      />
    </SchemaForm>
  );
}

/** A note on a lead; "written by" defaults to the staff member chosen for this session. */
export function LeadNoteForm(
  props: Common & { initial?: LeadNoteCreate; submitLabel: string; onSubmit(body: LeadNoteCreate): Promise<void> },
) {
  const {
    users,
    user: author,
    setUser: setAuthor,
    rememberThen,
  } = useActingUserChoice(props.initial ? (props.initial.userKey ?? '') : undefined);
  const [text, setText] = useState(props.initial?.text ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={leadNoteCreateSchema}
      build={() => ({ text, userKey: author || null })}
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      submitLabel={props.submitLabel}
      disabledReason={props.disabledReason}
      {...cancel(props)}
    >
      <LongTextInput label="Note" value={text} onChange={setText} error={errors['text']} rows={5} />
      <UserSelect
        label="Written by"
        users={users}
        value={author}
        onChange={setAuthor}
        error={errors['userKey']}
        none="Not said"
      />
    </SchemaForm>
  );
}

/** Client types and offices already used at the practice, offered when a lead becomes a client. */
function useTypesAndOffices(): { types: string[]; offices: string[] } {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  return (
    useLiveQuery(async () => {
      const types = new Set<string>();
      const offices = new Set<string>();
      await databases.of(practiceKey).entities.each((e) => {
        types.add(e.entityType);
        if (e.officeName) offices.add(e.officeName);
      });
      return { types: [...types].sort(), offices: [...offices].sort() };
    }, [practiceKey]) ?? { types: [], offices: [] }
  );
}

export function LeadConvertForm(props: Common & { onSubmit(body: z.output<typeof leadConvertSchema>): Promise<void> }) {
  const { types, offices } = useTypesAndOffices();
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [type, setType] = useState('');
  const [office, setOffice] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={leadConvertSchema}
      // Left empty, the practice decides; nothing is sent for it rather than an empty string.
      build={() => ({
        ...(type ? { entityType: type } : {}),
        ...(office ? { officeName: office } : {}),
        userKey: user || null,
      })}
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      submitLabel="Convert to client"
      disabledReason={props.disabledReason}
      {...cancel(props)}
    >
      <SelectInput label="Client type" value={type} onChange={setType} error={errors['entityType']}>
        <option value="">Let the practice decide</option>
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectInput>
      <SelectInput label="Office" value={office} onChange={setOffice} error={errors['officeName']}>
        <option value="">No office</option>
        {offices.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </SelectInput>
      <UserSelect
        label="Converted by"
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey']}
        none="Not said"
      />
    </SchemaForm>
  );
}
