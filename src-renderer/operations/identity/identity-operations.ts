import {
  amlCheckCreateSchema,
  idVerificationSendSchema,
  type AmlCheckCreate,
  type IdVerificationSend,
} from '../../../src-preload/contract/partner-api';
import { describedAs, type OperationParts } from '../shared/operation-parts';
import { identityEffects } from '../../effects/identity-effects';
import { identityStarts } from './identity-start';

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
    start: identityStarts['identity.sendVerification'],
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
    start: identityStarts['identity.runAmlCheck'],
  },
} satisfies Record<'identity.sendVerification' | 'identity.runAmlCheck', OperationParts>;
