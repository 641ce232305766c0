import { useState } from 'react';
import { contactCreateSchema, type ContactCreate } from '../../../src-preload/contract/partner-api';
import { CheckInput, optional, SchemaForm, TextInput, type FieldErrors } from '../../ui/form-kit';

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
      submitLabel={props.submitLabel}
      disabledReason={props.disabledReason}
      {...(props.onCancel ? { onCancel: props.onCancel } : {})}
    >
      <TextInput label="First name" required value={name} onChange={setName} error={errors['contactName']} />
      <TextInput label="Surname" required value={surname} onChange={setSurname} error={errors['contactSurname']} />
      <TextInput label="Email" type="email" value={email} onChange={setEmail} error={errors['email']} />
      <TextInput label="Mobile" type="tel" value={mobile} onChange={setMobile} error={errors['mobile']} />
      <TextInput label="Position" value={position} onChange={setPosition} error={errors['position']} />
      <CheckInput label="Primary contact" checked={primary} onChange={setPrimary} />
    </SchemaForm>
  );
}
