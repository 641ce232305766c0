import type { ComponentProps } from 'react';
import type { CustomFieldsPut, RecipientsPatch } from '../../../src-preload/contract/partner-api';
import { lazyComponent } from '../../ui/LazyLoad';
import { ActingUserForm } from '../shared/ActingUserForm';
import { describedAs, type OperationParts } from '../shared/operation-parts';
import type { CompleteForm as Complete } from './CompleteForm';
import type { CustomFieldsForm as CustomFields } from './CustomFieldsForm';
import { onboardingEffects } from '../../effects/onboarding-effects';
import type { RecipientsForm as Recipients } from './RecipientsForm';
import { countOf } from '../../ui/regional/counts';

// Loaded the first time one is opened, not at start.
export const RecipientsForm = lazyComponent<ComponentProps<typeof Recipients>>(
  async () => (await import('./RecipientsForm')).RecipientsForm,
  'the form',
);
export const CompleteForm = lazyComponent<ComponentProps<typeof Complete>>(
  async () => (await import('./CompleteForm')).CompleteForm,
  'the form',
);
export const CustomFieldsForm = lazyComponent<ComponentProps<typeof CustomFields>>(
  async () => (await import('./CustomFieldsForm')).CustomFieldsForm,
  'the form',
);

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
    form: RecipientsForm,
  },
  'onboarding.setCustomFields': {
    effect: onboardingEffects['onboarding.setCustomFields'],
    description: describedAs(
      'onboarding.setCustomFields',
      ({ body, entityName, onboardingID }: AboutOnboardingEntity & { body: CustomFieldsPut }) =>
        `Set ${countOf(body.fields.length, 'custom field')} of ${entityName} (onboarding #${onboardingID})`,
    ),
    resubmit: 'json',
    form: CustomFieldsForm,
  },
  'onboarding.complete': {
    effect: onboardingEffects['onboarding.complete'],
    description: describedAs(
      'onboarding.complete',
      ({ onboardingID, name }: AboutOnboarding) => `Complete onboarding #${onboardingID} (${name})`,
    ),
    resubmit: 'json',
    form: CompleteForm,
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
    form: ActingUserForm,
  },
} satisfies Record<
  'onboarding.editRecipients' | 'onboarding.setCustomFields' | 'onboarding.complete' | 'onboarding.removeDocument',
  OperationParts
>;
