import { Callout, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import {
  renewPreviewSchema,
  renewSchema,
  type ProposalSummary,
  type RenewBody,
} from '../../../src-preload/contract/partner-api';
import { readRenewPreview, renewPreviewReport } from '../../client-data/client-reads';
import { useDetailOnOpen } from '../../client-data/use-client-data';
import { SchemaForm, SelectInput, type FieldErrors } from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { useRegion } from '../../ui/regional/use-region';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';

/** How the chosen signatory reads in the outbox ("signed by …"), or null for the practice's default. */
type SignatoryChoice = { contactID: number; name: string } | null;

/**
 * Renew a proposal: the practice's renewal preview (read online, kept for offline) says the new period,
 * what it copies and who may sign; the user picks the signatory. Offline with no stored preview, the
 * client's synced contacts stand in for the list and the practice checks the choice when it is sent.
 */
export function RenewForm(props: {
  proposal: ProposalSummary;
  disabledReason?: string | null;
  onSubmit(body: RenewBody, signatory: SignatoryChoice): Promise<void>;
  onCancel(): void;
}) {
  const { databases } = useServices();
  const { proposal } = props;
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const region = useRegion();
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [errors, setErrors] = useState<FieldErrors>({});
  const {
    detail: preview,
    problem,
    canRead,
    loading,
  } = useDetailOnOpen(
    async (db) => {
      const parsed = renewPreviewSchema.safeParse(
        (await db.reports.get(renewPreviewReport(proposal.proposalKey)))?.data,
      );
      return parsed.success ? parsed.data : undefined;
    },
    (ctx) => readRenewPreview(ctx, proposal.proposalKey),
    proposal.proposalKey,
  );
  const contacts =
    useLiveQuery(
      async () =>
        (await databases.of(practiceKey).contacts.where('entityKey').equals(proposal.entityKey).toArray()).filter(
          (c) => !c.isDeleted && c.contactID > 0,
        ),
      [practiceKey, proposal.entityKey],
    ) ?? [];
  const signatories = preview
    ? preview.signatories
    : contacts.map((c) => ({
        contactID: c.contactID,
        name: `${c.contactName} ${c.contactSurname}`.trim(),
        email: c.email,
        isDefault: c.isPrimary,
      }));
  const [chosen, setChosen] = useState<string | null>(null);
  const fallback = signatories.find((s) => s.isDefault);
  const signatory = chosen ?? (fallback ? String(fallback.contactID) : '');
  const waiting = !preview && canRead && !problem;

  return (
    <SchemaForm
      schema={renewSchema}
      build={() => ({ userKey: user, ...(signatory ? { signatoryContactID: Number(signatory) } : {}) })}
      onValid={rememberThen(async (body) => {
        const picked = signatories.find((s) => s.contactID === body.signatoryContactID);
        await props.onSubmit(body, picked ? { contactID: picked.contactID, name: picked.name } : null);
      })}
      onErrors={setErrors}
      submitLabel="Queue renewal"
      disabledReason={
        props.disabledReason ?? (waiting || loading ? 'Reading the renewal preview from the practice…' : null)
      }
      onCancel={props.onCancel}
    >
      {loading ? (
        <Text size="2" color="gray" role="status">
          Reading the renewal preview{canRead ? ' from the practice' : ''}…
        </Text>
      ) : preview ? (
        <Text size="2" data-testid="renew-preview">
          The renewal runs {formatDate(preview.startsOn, region)} – {formatDate(preview.endsOn, region)} and copies the
          pricing ({formatMoney(preview.servicesTotal, region)}), billings and jobs as a new draft. “{proposal.name}”
          becomes Renewed.
        </Text>
      ) : (
        <Callout.Root color="gray" role="status">
          <Callout.Text>
            {problem ?? 'The renewal preview is not on this laptop (it is read when the form opens online).'} The
            client&apos;s contacts are offered as signatories instead; the practice checks the choice when the renewal
            is sent.
          </Callout.Text>
        </Callout.Root>
      )}
      <SelectInput
        label="Signatory"
        value={signatory}
        onChange={setChosen}
        error={errors['signatoryContactID']}
        hint="Who signs the renewed proposal for the client."
      >
        <option value="">The practice&apos;s default signatory</option>
        {signatories.map((s) => (
          <option key={s.contactID} value={s.contactID}>
            {s.name}
            {s.email ? ` <${s.email}>` : ''}
            {s.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </SelectInput>
      <UserSelect
        label="Renewed by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && 'Choose which staff member is renewing it.'}
      />
    </SchemaForm>
  );
}
