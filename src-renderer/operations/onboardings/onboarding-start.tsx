import { useLiveQuery } from 'dexie-react-hooks';
import type { ComponentProps } from 'react';
import {
  removeDocumentQuerySchema,
  type CustomFieldsPut,
  type Onboarding,
  type OnboardingDocumentsEntity,
  type RecipientsPatch,
} from '../../../src-preload/contract/partner-api';
import { useActivePracticeDb } from '../../context/services-context';
import { lazyComponent } from '../../ui/LazyLoad';
import { ActingUserForm } from '../shared/ActingUserForm';
import { startsInDialog, type StartFormProps } from '../shared/action-start';
import { SENT_WHEN } from '../shared/WriteActions';
import type { CompleteForm as Complete } from './CompleteForm';
import { storedCustomFieldNames } from './custom-field-names';
import type { CustomFieldsForm as CustomFields } from './CustomFieldsForm';
import { storedCustomFields, type OutstandingDocuments } from './onboarding-documents';
import type { RecipientsForm as Recipients } from './RecipientsForm';

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

/** An onboarding as its actions start from it: the record and its client's name. */
export interface OnboardingAbout {
  onboarding: Onboarding;
  name: string;
}
/** One client entity of an onboarding, as read with its document list. */
export interface OnboardingEntityAbout {
  onboarding: Onboarding;
  entity: OnboardingDocumentsEntity;
}

type RecipientsTells = { 'onboarding.editRecipients': { body: RecipientsPatch; onboardingID: number; name: string } };
type CompleteTells = { 'onboarding.complete': { onboardingID: number; name: string } };
type FieldsTells = {
  'onboarding.setCustomFields': { body: CustomFieldsPut; entityName: string; onboardingID: number };
};
type RemoveTells = {
  'onboarding.removeDocument': { entityName: string; documentName: string; onboardingID: number };
};

/** The client's values and every field the practice has named on this laptop, so fields are offered by name. */
function CustomFieldsStart({
  about,
  disabledReason,
  onCancel,
  queue,
}: StartFormProps<OnboardingEntityAbout, FieldsTells>) {
  const { onboarding, entity } = about;
  const db = useActivePracticeDb();
  const known = useLiveQuery(
    async () =>
      db
        ? {
            values: await storedCustomFields(db, onboarding.onboardingKey, entity.entityOnboardingId),
            names: await storedCustomFieldNames(db),
          }
        : null,
    [db, onboarding.onboardingKey, entity.entityOnboardingId],
  );
  if (!known) return null;
  return (
    <CustomFieldsForm
      known={known.values}
      names={known.names}
      disabledReason={disabledReason}
      onCancel={onCancel}
      onSubmit={async (body) => {
        await queue({
          operation: 'onboarding.setCustomFields',
          payload: { params: { key: onboarding.onboardingKey, clientId: entity.entityOnboardingId }, body },
          told: { body, entityName: entity.entityName, onboardingID: onboarding.onboardingID },
        });
      }}
    />
  );
}

/** How an onboarding's actions start: from the onboarding, and from one client's document list. */
export const onboardingStarts = {
  'onboarding.editRecipients': startsInDialog<OnboardingAbout, RecipientsTells>({
    title: ({ onboarding }) => `Recipients of onboarding #${onboarding.onboardingID}`,
    description: () => SENT_WHEN,
    width: 'wide',
    clientOf: ({ onboarding }) => onboarding.entityKey,
    forms: [RecipientsForm],
    Form: ({ about: { onboarding, name }, disabledReason, onCancel, queue }) => (
      <RecipientsForm
        onboarding={onboarding}
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'onboarding.editRecipients',
            payload: { params: { key: onboarding.onboardingKey }, body },
            told: { body, onboardingID: onboarding.onboardingID, name },
          });
        }}
      />
    ),
  }),
  'onboarding.complete': startsInDialog<
    OnboardingAbout & { outstanding: OutstandingDocuments[] | null },
    CompleteTells
  >({
    title: ({ onboarding }) => `Complete onboarding #${onboarding.onboardingID}`,
    description: () => SENT_WHEN,
    clientOf: ({ onboarding }) => onboarding.entityKey,
    forms: [CompleteForm],
    Form: ({ about: { onboarding, name, outstanding }, disabledReason, onCancel, queue }) => (
      <CompleteForm
        onboarding={onboarding}
        outstanding={outstanding}
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'onboarding.complete',
            payload: { params: { key: onboarding.onboardingKey }, body },
            told: { onboardingID: onboarding.onboardingID, name },
          });
        }}
      />
    ),
  }),
  'onboarding.setCustomFields': startsInDialog<OnboardingEntityAbout, FieldsTells>({
    title: ({ entity }) => `Custom fields of ${entity.entityName}`,
    description: () => SENT_WHEN,
    width: 'wide',
    clientOf: ({ onboarding }) => onboarding.entityKey,
    forms: [CustomFieldsForm],
    Form: CustomFieldsStart,
  }),
  'onboarding.removeDocument': startsInDialog<
    OnboardingEntityAbout & { documentId: number; documentName: string },
    RemoveTells
  >({
    title: ({ documentName }) => `Stop asking for “${documentName}”?`,
    description: () => SENT_WHEN,
    clientOf: ({ onboarding }) => onboarding.entityKey,
    forms: [],
    Form: ({ about: { onboarding, entity, documentId, documentName }, disabledReason, onCancel, queue }) => (
      <ActingUserForm
        schema={removeDocumentQuerySchema}
        what={`${entity.entityName} will no longer be asked for “${documentName}”.`}
        userLabel="Removed by"
        missingUser="Choose which staff member is removing it."
        submitLabel="Remove request"
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (query) => {
          await queue({
            operation: 'onboarding.removeDocument',
            payload: {
              params: { key: onboarding.onboardingKey, documentId },
              query: { userKey: query.userKey, entityOnboardingId: entity.entityOnboardingId },
            },
            told: { entityName: entity.entityName, documentName, onboardingID: onboarding.onboardingID },
          });
        }}
      />
    ),
  }),
};
