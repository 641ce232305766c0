import { noLocalEffect, type NoLocalEffect } from './outbox-effect';

export const eformEffects = {
  'eform.create': noLocalEffect(
    'An eForm has no stored row here: it shows as a pending action on its client until the practice answers.',
  ),
  'eform.sendDraft': noLocalEffect('Sending a draft changes nothing stored here; the outbox shows its result.'),
} satisfies Record<'eform.create' | 'eform.sendDraft', NoLocalEffect>;
