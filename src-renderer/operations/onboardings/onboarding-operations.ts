import type { CustomFieldsPut, RecipientsPatch } from '../../../src-preload/contract/partner-api';
import { describedAs, type OperationParts } from '../shared/operation-parts';
import { onboardingEffects } from '../../effects/onboarding-effects';
import { onboardingStarts } from './onboarding-start';
import { countOf } from '../../ui/regional/counts';

/** The onboarding as named on screen: its number and its client. */
interface AboutOnboarding {
  onboardingID: number;
  name: string;
}
/** One client entity of the onboarding (its documents and custom fields are per entity). */
interface AboutOnboardingEntity {
  onboardingID: number;
  entityName: string;
}

export const onboardingOperations = {
  'onboarding.editRecipients': {
    effect: onboardingEffects['onboarding.editRecipients'],
    description: describedAs(
      'onboarding.editRecipients',
      ({ body, onboardingID, name }: AboutOnboarding & { body: RecipientsPatch }) => {
        const added = body.recipients.filter((r) => !r.recipientKey).length;
        const removed = body.recipients.filter((r) => r.remove).length;
        const changed = body.recipients.length - added - removed;
        const what = [added && `add ${added}`, changed && `change ${changed}`, removed && `remove ${removed}`]
          .filter(Boolean)
          .join(', ');
        return `Recipients of onboarding #${onboardingID} (${name}): ${what}`;
      },
    ),
    resubmit: 'json',
    start: onboardingStarts['onboarding.editRecipients'],
  },
  'onboarding.setCustomFields': {
    effect: onboardingEffects['onboarding.setCustomFields'],
    description: describedAs(
      'onboarding.setCustomFields',
      ({ body, entityName, onboardingID }: AboutOnboardingEntity & { body: CustomFieldsPut }) =>
        `Set ${countOf(body.fields.length, 'custom field')} of ${entityName} (onboarding #${onboardingID})`,
    ),
    resubmit: 'json',
    start: onboardingStarts['onboarding.setCustomFields'],
  },
  'onboarding.complete': {
    effect: onboardingEffects['onboarding.complete'],
    description: describedAs(
      'onboarding.complete',
      ({ onboardingID, name }: AboutOnboarding) => `Complete onboarding #${onboardingID} (${name})`,
    ),
    resubmit: 'json',
    start: onboardingStarts['onboarding.complete'],
  },
  'onboarding.removeDocument': {
    effect: onboardingEffects['onboarding.removeDocument'],
    description: describedAs(
      'onboarding.removeDocument',
      ({ entityName, documentName, onboardingID }: AboutOnboardingEntity & { documentName: string }) =>
        `Stop asking ${entityName} for “${documentName}” (onboarding #${onboardingID})`,
    ),
    // Its only input is a query (who removes it): there is no body to edit.
    resubmit: 'json',
    start: onboardingStarts['onboarding.removeDocument'],
  },
} satisfies Record<
  'onboarding.editRecipients' | 'onboarding.setCustomFields' | 'onboarding.complete' | 'onboarding.removeDocument',
  OperationParts
>;
