import { useState } from 'react';
import {
  amlCheckCreateSchema,
  amlKinds,
  idVerificationSendSchema,
  type AmlCheckCreate,
  type IdVerificationSend,
} from '../../../src-preload/contract/partner-api';
import {
  BilledNotice,
  CheckInput,
  optional,
  SchemaForm,
  SelectInput,
  TextInput,
  type FieldErrors,
} from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { enumWords } from '../../ui/words/enum-words';

type Common = { entityKey: string; disabledReason?: string | null; onCancel?: () => void };
const cancel = (props: Common) => (props.onCancel ? { onCancel: props.onCancel } : {});
const kindLabel = enumWords.amlKind;

export function IdVerificationForm(
  props: Common & {
    defaults: { recipientName: string; recipientEmail: string; recipientMobile: string };
    onSubmit(body: IdVerificationSend): Promise<void>;
  },
) {
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [name, setName] = useState(props.defaults.recipientName);
  const [email, setEmail] = useState(props.defaults.recipientEmail);
  const [mobile, setMobile] = useState(props.defaults.recipientMobile);
  const [sms, setSms] = useState(false);
  const [aml, setAml] = useState(false);
  const [kind, setKind] = useState<string>('standard');
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={idVerificationSendSchema}
      build={() => ({
        entityKey: props.entityKey,
        recipientName: optional(name),
        recipientEmail: optional(email),
        recipientMobile: optional(mobile),
        sendSms: sms,
        includeAml: aml,
        ...(aml ? { amlKind: kind } : {}),
        userKey: user || null,
      })}
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      submitLabel="Queue ID verification"
      disabledReason={props.disabledReason}
      {...cancel(props)}
    >
      <BilledNotice>
        Billed per use: the practice pays for each ID verification sent, and for the AML check too if you include one.
      </BilledNotice>
      <TextInput label="Recipient name" value={name} onChange={setName} error={errors['recipientName']} />
      <TextInput
        label="Recipient email"
        type="email"
        value={email}
        onChange={setEmail}
        error={errors['recipientEmail']}
      />
      <TextInput
        label="Recipient mobile"
        type="tel"
        value={mobile}
        onChange={setMobile}
        error={errors['recipientMobile']}
      />
      <CheckInput label="Also send the link by SMS" checked={sms} onChange={setSms} hint="needs a mobile" />
      <CheckInput label="Include an AML check" checked={aml} onChange={setAml} hint="billed as well" />
      {aml ? (
        <SelectInput label="AML check" value={kind} onChange={setKind} error={errors['amlKind']}>
          {amlKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabel[k]}
            </option>
          ))}
        </SelectInput>
      ) : null}
      <UserSelect
        label="Sent by"
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey']}
        none="Not said"
      />
    </SchemaForm>
  );
}

export function AmlCheckForm(props: Common & { onSubmit(body: AmlCheckCreate): Promise<void> }) {
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [kind, setKind] = useState<string>('standard');
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <SchemaForm
      schema={amlCheckCreateSchema}
      build={() => ({ entityKey: props.entityKey, kind, userKey: user || null })}
      onValid={rememberThen((body) => props.onSubmit(body))}
      onErrors={setErrors}
      submitLabel="Queue AML check"
      disabledReason={props.disabledReason}
      {...cancel(props)}
    >
      <BilledNotice>
        Billed per use: the practice pays for each AML check run, and an extensive check costs more than a standard one.
      </BilledNotice>
      <SelectInput label="Check" value={kind} onChange={setKind} error={errors['kind']}>
        {amlKinds.map((k) => (
          <option key={k} value={k}>
            {kindLabel[k]}
          </option>
        ))}
      </SelectInput>
      <UserSelect
        label="Run by"
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey']}
        none="Not said"
      />
    </SchemaForm>
  );
}
