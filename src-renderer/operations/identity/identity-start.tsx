import { useState, type ComponentProps } from 'react';
import type { AmlCheckCreate, Entity, IdVerificationSend } from '../../../src-preload/contract/partner-api';
import { useActivePracticeDb } from '../../context/services-context';
import { lazyComponent } from '../../ui/LazyLoad';
import { useRegion } from '../../ui/regional/use-region';
import { startsInDialog, type StartFormProps } from '../shared/action-start';
import { recipientOf, type ClientAbout } from '../shared/client-about';
import type { AmlCheckForm as Aml, IdVerificationForm as Verification } from './IdentityForms';
import { confirmFirst, useVerificationOnFile, VerifiedOnFileNotice } from './VerifiedOnFile';

// Loaded the first time one is opened, not at start.
export const IdVerificationForm = lazyComponent<ComponentProps<typeof Verification>>(
  async () => (await import('./IdentityForms')).IdVerificationForm,
  'the form',
);
export const AmlCheckForm = lazyComponent<ComponentProps<typeof Aml>>(
  async () => (await import('./IdentityForms')).AmlCheckForm,
  'the form',
);

type VerificationTells = { 'identity.sendVerification': { body: IdVerificationSend; clientName: string } };
type AmlTells = { 'identity.runAmlCheck': { body: AmlCheckCreate; clientName: string } };

/**
 * A billed check on a client already verified waits for an explicit confirm (the notice above the form);
 * the form waits for the database to say whether one is on file, so it is never sent before that is known.
 */
function useConfirmedIfVerified(entity: Entity) {
  const onFile = useVerificationOnFile(useActivePracticeDb(), entity.entityKey);
  const region = useRegion();
  const [confirmed, setConfirmed] = useState(false);
  const notice =
    onFile === undefined ? null : (
      <VerifiedOnFileNotice onFile={onFile} confirmed={confirmed} onConfirm={setConfirmed} region={region} />
    );
  return { known: onFile !== undefined, notice, waitReason: confirmFirst(onFile ?? null, confirmed) };
}

function VerificationStart({ about, disabledReason, onCancel, queue }: StartFormProps<ClientAbout, VerificationTells>) {
  const { entity } = about;
  const check = useConfirmedIfVerified(entity);
  if (!check.known) return null;
  return (
    <>
      {check.notice}
      <IdVerificationForm
        entityKey={entity.entityKey}
        disabledReason={disabledReason ?? check.waitReason}
        onCancel={onCancel}
        defaults={recipientOf(about)}
        onSubmit={async (body) => {
          await queue({
            operation: 'identity.sendVerification',
            payload: { params: {}, body },
            told: { body, clientName: entity.fullEntityName },
          });
        }}
      />
    </>
  );
}

function AmlStart({ about: { entity }, disabledReason, onCancel, queue }: StartFormProps<ClientAbout, AmlTells>) {
  const check = useConfirmedIfVerified(entity);
  if (!check.known) return null;
  return (
    <>
      {check.notice}
      <AmlCheckForm
        entityKey={entity.entityKey}
        disabledReason={disabledReason ?? check.waitReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'identity.runAmlCheck',
            payload: { params: {}, body },
            told: { body, clientName: entity.fullEntityName },
          });
        }}
      />
    </>
  );
}

/** How the identity checks start, from the client. */
export const identityStarts = {
  'identity.sendVerification': startsInDialog<ClientAbout, VerificationTells>({
    title: ({ entity }) => `Send an ID verification to ${entity.fullEntityName}`,
    description: () =>
      'The client gets a link to verify their identity. Sent now if online, or as soon as the laptop is back online.',
    clientOf: ({ entity }) => entity.entityKey,
    forms: [IdVerificationForm],
    Form: VerificationStart,
  }),
  'identity.runAmlCheck': startsInDialog<ClientAbout, AmlTells>({
    title: ({ entity }) => `Run an AML check on ${entity.fullEntityName}`,
    description: () =>
      'Screens the client against anti-money-laundering lists. Run now if online, or as soon as the laptop is back online.',
    clientOf: ({ entity }) => entity.entityKey,
    forms: [AmlCheckForm],
    Form: AmlStart,
  }),
};
