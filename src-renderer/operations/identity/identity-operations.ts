import type { ComponentProps } from 'react';
import {
  amlCheckCreateSchema,
  idVerificationSendSchema,
  type AmlCheckCreate,
  type IdVerificationSend,
} from '../../../src-preload/contract/partner-api';
import { lazyComponent } from '../../ui/LazyLoad';
import { describedAs, type OperationParts } from '../shared/operation-parts';
import { identityEffects } from '../../effects/identity-effects';
import type { AmlCheckForm as Aml, IdVerificationForm as Verification } from './IdentityForms';

// Loaded the first time one is opened, not at start.
export const IdVerificationForm = lazyComponent<ComponentProps<typeof Verification>>(
  async () => (await import('./IdentityForms')).IdVerificationForm,
  'the form',
);
export const AmlCheckForm = lazyComponent<ComponentProps<typeof Aml>>(
  async () => (await import('./IdentityForms')).AmlCheckForm,
  'the form',
);

export const identityOperations = {
  'identity.sendVerification': {
    effect: identityEffects['identity.sendVerification'],
    description: describedAs(
      'identity.sendVerification',
      ({ body, clientName }: { body: IdVerificationSend; clientName: string }) => {
        const aml = body.includeAml ? ` with an ${body.amlKind ?? 'standard'} AML check` : '';
        return `Send an ID verification${aml} to ${body.recipientName ?? clientName} (billed)`;
      },
      null,
      (stored, { clientName }) => {
        const body = idVerificationSendSchema.safeParse(stored);
        return body.success ? { body: body.data, clientName: clientName ?? 'the client' } : null;
      },
    ),
    resubmit: 'json',
    form: IdVerificationForm,
  },
  'identity.runAmlCheck': {
    effect: identityEffects['identity.runAmlCheck'],
    description: describedAs(
      'identity.runAmlCheck',
      ({ body, clientName }: { body: AmlCheckCreate; clientName: string }) =>
        `Run ${body.kind === 'extensive' ? 'an' : 'a'} ${body.kind} AML check on ${clientName} (billed)`,
      null,
      (stored, { clientName }) => {
        const body = amlCheckCreateSchema.safeParse(stored);
        return body.success && clientName !== null ? { body: body.data, clientName } : null;
      },
    ),
    resubmit: 'json',
    form: AmlCheckForm,
  },
} satisfies Record<'identity.sendVerification' | 'identity.runAmlCheck', OperationParts>;
