import type { ComponentProps } from 'react';
import type { Contact, ContactCreate, ContactUpdate, Entity } from '../../../src-preload/contract/partner-api';
import type { Pending } from '../../effects/outbox-effect';
import { lazyComponent } from '../../ui/LazyLoad';
import { UserFacingFailure } from '../../ui/words/describe-failure';
import { startsInDialog } from '../shared/action-start';
import { SENT_WHEN } from '../shared/WriteActions';
import { contactChanges } from './contact-changes';
import type { ContactForm as Form } from './ContactForm';

/** Loaded the first time it is opened, not at start (most sessions only read). */
export const ContactForm = lazyComponent<ComponentProps<typeof Form>>(
  async () => (await import('./ContactForm')).ContactForm,
  'the form',
);

type ContactCreateTells = { 'contact.create': { body: ContactCreate; clientName: string } };
type ContactUpdateTells = { 'contact.update': { name: string; changes: ContactUpdate; clientName: string } };

/** How the contact actions start: from the client ("Add contact") and from one contact row ("Edit"). */
export const contactStarts = {
  'contact.create': startsInDialog<{ entity: Entity }, ContactCreateTells>({
    title: ({ entity }) => `Add a contact to ${entity.fullEntityName}`,
    description: () => SENT_WHEN,
    clientOf: ({ entity }) => entity.entityKey,
    forms: [ContactForm],
    Form: ({ about: { entity }, disabledReason, onCancel, queue }) => (
      <ContactForm
        submitLabel="Add contact"
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'contact.create',
            payload: { params: { entityKey: entity.entityKey }, body },
            told: { body, clientName: entity.fullEntityName },
          });
        }}
      />
    ),
  }),
  'contact.update': startsInDialog<{ entity: Entity; contact: Pending<Contact> }, ContactUpdateTells>({
    title: ({ contact }) => `Edit ${contact.contactName} ${contact.contactSurname}`,
    description: () => 'Only the fields you change are sent, now if online or as soon as the laptop is back online.',
    clientOf: ({ entity }) => entity.entityKey,
    forms: [ContactForm],
    // Prefilled; only what changed is sent.
    Form: ({ about: { entity, contact }, disabledReason, onCancel, queue }) => (
      <ContactForm
        initial={{
          contactName: contact.contactName,
          contactSurname: contact.contactSurname,
          email: contact.email,
          mobile: contact.mobile,
          position: contact.position,
          isPrimary: contact.isPrimary,
        }}
        submitLabel="Save changes"
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (after) => {
          const body = contactChanges(contact, after);
          if (Object.keys(body).length === 0) throw new UserFacingFailure('Nothing was changed.');
          await queue({
            operation: 'contact.update',
            payload: { params: { entityKey: entity.entityKey, entityContactID: contact.entityContactID }, body },
            told: {
              name: `${after.contactName} ${after.contactSurname}`,
              changes: body,
              clientName: entity.fullEntityName,
            },
          });
        }}
      />
    ),
  }),
};
