import { useState } from 'react';
import { contactCreateSchema, type ContactCreate } from '../../../src-preload/contract/partner-api';
import { CheckInput, optional, SchemaForm, TextInput, type FieldErrors } from '../../ui/form-kit';
import { nameWarning } from '../../ui/plausibility';

/** The contract's contact fields by the names the form shows them under (for its messages). */
const labels = {
  contactName: 'first name',
  contactSurname: 'surname',
  email: 'email',
  mobile: 'mobile',
  position: 'relationship or position',
};

/** Add (or fix and resubmit) a client's contact. Validated against the contract before it is queued. */
export function ContactForm(props: {
  initial?: Partial<ContactCreate>;
  submitLabel: string;
  disabledReason?: string | null;
  onSubmit(body: ContactCreate): Promise<void>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(props.initial?.contactName ?? '');
  const [surname, setSurname] = useState(props.initial?.contactSurname ?? '');
  const [email, setEmail] = useState(props.initial?.email ?? '');
  const [mobile, setMobile] = useState(props.initial?.mobile ?? '');
  const [position, setPosition] = useState(props.initial?.position ?? '');
  const [primary, setPrimary] = useState(props.initial?.isPrimary ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [warnings, setWarnings] = useState<FieldErrors>({});
  const nameWarnings = () =>
    (['contactName', 'contactSurname'] as const).flatMap((key) => {
      const message = nameWarning(key === 'contactName' ? name : surname);
      return message ? [{ path: [key], message }] : [];
    });
  return (
    <SchemaForm
      schema={contactCreateSchema}
      build={() => ({
        contactName: name,
        contactSurname: surname,
        email: optional(email),
        mobile: optional(mobile),
        position: optional(position),
        isPrimary: primary,
      })}
      onValid={props.onSubmit}
      onErrors={setErrors}
      labels={labels}
      warnings={nameWarnings}
      onWarnings={setWarnings}
      submitLabel={props.submitLabel}
      disabledReason={props.disabledReason}
      {...(props.onCancel ? { onCancel: props.onCancel } : {})}
    >
      <TextInput
        label="First name"
        required
        value={name}
        onChange={setName}
        error={errors['contactName']}
        warning={warnings['contactName']}
      />
      <TextInput
        label="Surname"
        required
        value={surname}
        onChange={setSurname}
        error={errors['contactSurname']}
        warning={warnings['contactSurname']}
      />
      <TextInput label="Email" type="email" value={email} onChange={setEmail} error={errors['email']} />
      <TextInput label="Mobile" type="tel" value={mobile} onChange={setMobile} error={errors['mobile']} />
      {/* The contract's `position`: how the person relates to the client, as the contacts list shows it. */}
      <TextInput
        label="Relationship or position"
        value={position}
        onChange={setPosition}
        error={errors['position']}
        hint="How they relate to the client: Self, Partner, Son, Director, Accountant…"
      />
      <CheckInput label="Primary contact" checked={primary} onChange={setPrimary} />
    </SchemaForm>
  );
}
