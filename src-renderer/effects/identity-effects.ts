import { noLocalEffect, type NoLocalEffect } from './outbox-effect';

export const identityEffects = {
  'identity.sendVerification': noLocalEffect(
    'The verification status is the practice’s to report: it shows as a pending action until the next read.',
  ),
  'identity.runAmlCheck': noLocalEffect(
    'An AML result comes only from the practice: the check shows as a pending action until the next read.',
  ),
} satisfies Record<'identity.sendVerification' | 'identity.runAmlCheck', NoLocalEffect>;
